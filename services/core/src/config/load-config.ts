import type Joi from 'joi';
import type { RetentionDays } from '../opensearch/retention';
import { CONFIG_SCHEMA, PIPELINE_STAGE_NAMES, type ConfigEnv } from './config.schema';

/** One pipeline stage (and its queue). */
export type PipelineStageName = (typeof PIPELINE_STAGE_NAMES)[number];
import { processEnvironment } from './process-environment';

/** The validated, nested, frozen configuration passed down to every service. */
export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly logLevel: string;
  readonly api: {
    readonly host: string;
    readonly port: number;
    /** Processes serving the port (1: this process alone; more: a node:cluster primary and its workers). */
    readonly processes: number;
    readonly publicUrl: string;
    readonly requestTimeoutMs: number;
    readonly cacheTtlMs: number;
    readonly cacheMaxBytes: number;
  };
  /** Where each process serves GET /metrics (port 0: off). */
  readonly metrics: {
    readonly host: string;
    readonly apiPort: number;
    readonly pipelinePort: number;
  };
  readonly opensearch: {
    readonly url: string;
    readonly indexPrefix: string;
    readonly requestTimeoutMs: number;
    readonly queryTimeoutMs: number;
    readonly migrateOnStart: boolean;
    /** The filesystem snapshot repository (its location is on the OpenSearch nodes). */
    readonly snapshotRepository: { readonly name: string; readonly location: string };
  };
  readonly redis: {
    readonly url: string;
    readonly keyPrefix: string;
    /** Sentinels to ask for the primary (empty: connect to `url` directly). */
    readonly sentinels: readonly { readonly host: string; readonly port: number }[];
    readonly sentinelName: string;
  };
  /** Request quotas per key (registered) or per client address (anonymous). */
  readonly quotas: QuotaConfig;
  /** Stored API keys: how they are hashed and how long a process trusts a verified one. */
  readonly keys: { readonly hashSecret: string; readonly cacheTtlSeconds: number };
  /** The developer console; cookies are `Secure` and `__Host-` when the public URL is https. */
  readonly console: { readonly sessionTtlSeconds: number; readonly secureCookies: boolean };
  readonly health: { readonly timeoutMs: number };
  readonly pipeline: PipelineConfig;
}

/** Requests allowed per minute and per UTC day. */
export interface QuotaLimits {
  readonly perMinute: number;
  readonly perDay: number;
}

/** The quota section: on/off, the two default policies and the trusted proxy hops. */
export interface QuotaConfig {
  readonly enabled: boolean;
  readonly anonymous: QuotaLimits;
  readonly registered: QuotaLimits;
  readonly trustProxyHops: number;
}

/** The pipeline section: fetch safety and politeness, stage concurrencies, schedules. */
export interface PipelineConfig {
  /** `host` or `host:port` entries exempt from the SSRF guard, lowercase. */
  readonly allowHosts: readonly string[];
  readonly userAgent: string;
  readonly fetchTimeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly domainConcurrency: number;
  readonly domainDelayMs: number;
  readonly robotsTtlSeconds: number;
  readonly concurrency: {
    readonly discover: number;
    readonly fetch: number;
    readonly process: number;
    readonly index: number;
  };
  readonly indexBatchSize: number;
  /**
   * Whether the process job writes its article itself (through the shared batcher) rather than
   * handing it to the index queue: one queued job fewer per article.
   */
  readonly indexInline: boolean;
  readonly discoverIntervalSeconds: number;
  readonly detectIntervalSeconds: number;
  /** TTL of the single-flight detection lock (ms): how long a crashed run blocks the next one. */
  readonly detectLockTtlMs: number;
  /** Most new reports one pass of a detection run reads and clusters (the earliest first). */
  readonly detectMaxNewReports: number;
  /** Most passes one detection run makes; the reports still waiting are the next run's. */
  readonly detectMaxPasses: number;
  /** Most stored members one detection run reads of a trend it adds reports to (larger ones grow from their state). */
  readonly detectMaxMembersRead: number;
  /** The stage queues a worker process consumes (PIPELINE_WORKER_QUEUES; every stage by default). */
  readonly workerQueues: readonly PipelineStageName[];
  readonly sourcesFile: string;
  /** Published domain ratings (CSV), relative to the repository root unless absolute. */
  readonly domainRatingsFile: string;
  readonly jobAttempts: number;
  readonly jobLockMs: number;
  /** Worker processes of a CLI run: 2 runs the process and index stages in a forked process. */
  readonly cliWorkerProcesses: number;
  /** Scheduled snapshots: every `intervalSeconds` (0: off), the newest `keep` kept. */
  readonly snapshot: { readonly intervalSeconds: number; readonly keep: number };
  /** The retention policy, applied every `intervalSeconds` (0: off): days kept per monthly kind. */
  readonly retention: { readonly intervalSeconds: number; readonly days: RetentionDays };
}

/** Thrown when the environment is invalid; lists every bad variable with its reason. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Validates `env` against the schema, reporting every bad variable at once. */
export function loadConfig(env: Env = process.env): Config {
  const { value, error } = CONFIG_SCHEMA.validate(env, { abortEarly: false, convert: true }) as {
    value: unknown;
    error?: Joi.ValidationError;
  };
  if (error) {
    throw new ConfigError(error.details.map((d) => `${String(d.path[0])}: ${d.message.replace(/^"[^"]+" /, '')}`));
  }
  const v = value as ConfigEnv;
  return deepFreeze({
    env: v.NODE_ENV as Config['env'],
    logLevel: v.LOG_LEVEL,
    api: {
      host: v.API_HOST,
      port: v.API_PORT,
      processes: v.API_PROCESSES,
      publicUrl: v.API_PUBLIC_URL,
      requestTimeoutMs: v.API_REQUEST_TIMEOUT_MS,
      cacheTtlMs: v.API_CACHE_TTL_MS,
      cacheMaxBytes: v.API_CACHE_MAX_MB * 1024 * 1024,
    },
    metrics: { host: v.METRICS_HOST, apiPort: v.API_METRICS_PORT, pipelinePort: v.PIPELINE_METRICS_PORT },
    opensearch: {
      url: v.OPENSEARCH_URL,
      indexPrefix: v.OPENSEARCH_INDEX_PREFIX,
      requestTimeoutMs: v.OPENSEARCH_REQUEST_TIMEOUT_MS,
      queryTimeoutMs: v.OPENSEARCH_QUERY_TIMEOUT_MS,
      migrateOnStart: v.OPENSEARCH_MIGRATE_ON_START,
      snapshotRepository: { name: v.OPENSEARCH_SNAPSHOT_REPOSITORY, location: v.OPENSEARCH_SNAPSHOT_LOCATION },
    },
    redis: {
      url: v.REDIS_URL,
      keyPrefix: v.REDIS_KEY_PREFIX,
      sentinels: v.REDIS_SENTINELS.split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0)
        .map((s) => ({ host: s.slice(0, s.lastIndexOf(':')), port: Number(s.slice(s.lastIndexOf(':') + 1)) })),
      sentinelName: v.REDIS_SENTINEL_NAME,
    },
    quotas: {
      enabled: v.API_QUOTAS_ENABLED,
      anonymous: { perMinute: v.API_QUOTA_ANONYMOUS_PER_MINUTE, perDay: v.API_QUOTA_ANONYMOUS_PER_DAY },
      registered: { perMinute: v.API_QUOTA_REGISTERED_PER_MINUTE, perDay: v.API_QUOTA_REGISTERED_PER_DAY },
      trustProxyHops: v.API_TRUST_PROXY_HOPS,
    },
    keys: { hashSecret: v.API_KEY_HASH_SECRET, cacheTtlSeconds: v.API_KEY_CACHE_TTL_SECONDS },
    console: {
      sessionTtlSeconds: v.CONSOLE_SESSION_TTL_SECONDS,
      secureCookies: v.API_PUBLIC_URL.startsWith('https:'),
    },
    health: { timeoutMs: v.HEALTH_TIMEOUT_MS },
    pipeline: {
      allowHosts: v.PIPELINE_ALLOW_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h.length > 0),
      userAgent: v.PIPELINE_USER_AGENT,
      fetchTimeoutMs: v.PIPELINE_FETCH_TIMEOUT_MS,
      maxBytes: v.PIPELINE_MAX_BYTES,
      maxRedirects: v.PIPELINE_MAX_REDIRECTS,
      domainConcurrency: v.PIPELINE_DOMAIN_CONCURRENCY,
      domainDelayMs: v.PIPELINE_DOMAIN_DELAY_MS,
      robotsTtlSeconds: v.PIPELINE_ROBOTS_TTL_SECONDS,
      concurrency: {
        discover: v.PIPELINE_DISCOVER_CONCURRENCY,
        fetch: v.PIPELINE_FETCH_CONCURRENCY,
        process: v.PIPELINE_PROCESS_CONCURRENCY,
        index: v.PIPELINE_INDEX_CONCURRENCY,
      },
      indexBatchSize: v.PIPELINE_INDEX_BATCH_SIZE,
      indexInline: v.PIPELINE_INDEX_INLINE,
      discoverIntervalSeconds: v.PIPELINE_DISCOVER_INTERVAL_SECONDS,
      detectIntervalSeconds: v.PIPELINE_DETECT_INTERVAL_SECONDS,
      detectLockTtlMs: v.PIPELINE_DETECT_LOCK_TTL_MS,
      detectMaxNewReports: v.PIPELINE_DETECT_MAX_NEW_REPORTS,
      detectMaxPasses: v.PIPELINE_DETECT_MAX_PASSES,
      detectMaxMembersRead: v.PIPELINE_DETECT_MAX_MEMBERS_READ,
      workerQueues: (v.PIPELINE_WORKER_QUEUES === 'all'
        ? [...PIPELINE_STAGE_NAMES]
        : v.PIPELINE_WORKER_QUEUES.split(',')) as PipelineStageName[],
      sourcesFile: v.PIPELINE_SOURCES_FILE,
      domainRatingsFile: v.PIPELINE_DOMAIN_RATINGS_FILE,
      jobAttempts: v.PIPELINE_JOB_ATTEMPTS,
      jobLockMs: v.PIPELINE_JOB_LOCK_MS,
      cliWorkerProcesses: v.PIPELINE_CLI_WORKER_PROCESSES,
      snapshot: { intervalSeconds: v.PIPELINE_SNAPSHOT_INTERVAL_SECONDS, keep: v.PIPELINE_SNAPSHOT_KEEP },
      retention: {
        intervalSeconds: v.PIPELINE_RETENTION_INTERVAL_SECONDS,
        days: {
          articles: v.PIPELINE_RETENTION_ARTICLE_DAYS,
          trends: v.PIPELINE_RETENTION_TREND_DAYS,
          bodies: v.PIPELINE_RETENTION_BODY_DAYS,
        },
      },
    },
  });
}

function deepFreeze<T>(obj: T): T {
  for (const value of Object.values(obj as object)) {
    if (value && typeof value === 'object') deepFreeze(value);
  }
  return Object.freeze(obj);
}

/**
 * For process entry points: the config of `env` with `.env` and the port variables applied
 * (processEnvironment), or every problem on stderr and exit code 78 (EX_CONFIG), so a bad
 * environment stops a service with a readable list instead of a stack trace.
 */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(processEnvironment(env));
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}
