import Joi from 'joi';

/** The pipeline's stages, one BullMQ queue each (services/pipeline/src/queues/routing-table.ts). */
export const PIPELINE_STAGE_NAMES = [
  'discover',
  'fetch',
  'process',
  'index',
  'detect',
  'snapshot',
  'retention',
] as const;

const WORKER_QUEUES_MESSAGE = `must be all or a comma-separated list of ${PIPELINE_STAGE_NAMES.join(', ')}`;

/**
 * Every environment variable, declared once: its type and bounds, its default and its description
 * (joi). The schema, the typed values loadConfig maps into Config, the table in
 * docs/operations.md (`make config-docs` writes it) and `.env.example` all come from or are checked
 * against this list (test/unit/core/config/config-reference.test.ts).
 */
export const CONFIG_VARIABLES = {
  NODE_ENV: Joi.string().valid('development', 'production', 'test').default('development').description('Runtime mode.'),
  LOG_LEVEL: Joi.string()
    .valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent')
    .default('info')
    .description('pino log level.'),

  API_HOST: Joi.string().hostname().default('127.0.0.1').description('Address the API binds to.'),
  API_PORT: Joi.number().integer().min(0).max(65535).default(8080).description('Port of the REST API (and /mcp).'),
  API_PROCESSES: Joi.number()
    .integer()
    .min(1)
    .max(64)
    .default(1)
    .description(
      'API processes sharing API_PORT (node:cluster); above 1 a supervising primary restarts any that dies and serves the summed metrics.',
    ),
  API_PUBLIC_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('http://127.0.0.1:8080')
    .description('Base URL announced in the OpenAPI document.'),
  API_REQUEST_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(60000)
    .default(1800)
    .description('Upper bound for answering any request; past it the API answers 503.'),
  METRICS_HOST: Joi.string()
    .hostname()
    .default('127.0.0.1')
    .description('Address the metrics endpoints (GET /metrics, Prometheus format) bind to.'),
  API_METRICS_PORT: Joi.number()
    .integer()
    .min(0)
    .max(65535)
    .default(9464)
    .description("Port of the API process's metrics endpoint; 0 turns it off."),
  PIPELINE_METRICS_PORT: Joi.number()
    .integer()
    .min(0)
    .max(65535)
    .default(9465)
    .description("Port of the pipeline worker's metrics endpoint; 0 turns it off."),
  API_CACHE_TTL_MS: Joi.number()
    .integer()
    .min(0)
    .max(600000)
    .default(5000)
    .description(
      'Longest time a cached answer (and its ETag) is reused within one data generation; 0 turns the response cache off.',
    ),
  API_CACHE_MAX_MB: Joi.number()
    .integer()
    .min(1)
    .max(4096)
    .default(32)
    .description('Memory the in-process response cache may use, in MiB.'),

  API_QUOTAS_ENABLED: Joi.boolean()
    .default(true)
    .description('Count requests against per-key and per-address quotas and send the RateLimit headers.'),
  API_QUOTA_ANONYMOUS_PER_MINUTE: Joi.number()
    .integer()
    .min(1)
    .default(60)
    .description('Requests per minute for an anonymous caller (per client address).'),
  API_QUOTA_ANONYMOUS_PER_DAY: Joi.number()
    .integer()
    .min(1)
    .default(2000)
    .description('Requests per UTC day for an anonymous caller (per client address).'),
  API_QUOTA_REGISTERED_PER_MINUTE: Joi.number()
    .integer()
    .min(1)
    .default(600)
    .description('Requests per minute for a key without a reserved ceiling.'),
  API_QUOTA_REGISTERED_PER_DAY: Joi.number()
    .integer()
    .min(1)
    .default(100000)
    .description('Requests per UTC day for a key without a reserved ceiling.'),
  API_TRUST_PROXY_HOPS: Joi.number()
    .integer()
    .min(0)
    .max(10)
    .default(0)
    .description(
      'Proxies in front of the API that append to X-Forwarded-For; the client address is the Nth from the right (0: the socket address).',
    ),
  API_KEY_HASH_SECRET: Joi.string()
    .allow('')
    .min(32)
    .default('')
    .description('Server secret for HMAC-SHA256 of stored API keys; empty: plain SHA-256.'),
  API_KEY_CACHE_TTL_SECONDS: Joi.number()
    .integer()
    .min(0)
    .max(3600)
    .default(60)
    .description(
      'How long a verified key is trusted in process (revocations reach every process at once through Redis).',
    ),
  CONSOLE_SESSION_TTL_SECONDS: Joi.number()
    .integer()
    .min(60)
    .max(90 * 86400)
    .default(7 * 86400)
    .description('Lifetime of a developer console session (renewed on use).'),

  OPENSEARCH_URL: Joi.string()
    .custom((value: string, helpers) => {
      const uri = Joi.string().uri({ scheme: ['http', 'https'] });
      const nodes = value.split(',').map((n) => n.trim());
      return nodes.every((n) => uri.validate(n).error === undefined) ? nodes.join(',') : helpers.error('string.uri');
    })
    .default('http://127.0.0.1:9200')
    .description(
      'OpenSearch node URL, or a comma-separated list of the nodes of one cluster (credentials may be embedded).',
    ),
  OPENSEARCH_INDEX_PREFIX: Joi.string()
    .pattern(/^[a-z][a-z0-9_-]{0,40}$/)
    .default('trendscope')
    .description('Prefix of every index and alias (tests use their own).'),
  OPENSEARCH_REQUEST_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(120000)
    .default(1500)
    .description('Per-request time-out of the OpenSearch client for reads.'),
  OPENSEARCH_QUERY_TIMEOUT_MS: Joi.number()
    .integer()
    .min(50)
    .max(60000)
    .default(1000)
    .description('Server-side time-out put on search requests so slow queries are bounded.'),
  OPENSEARCH_MIGRATE_ON_START: Joi.boolean().default(true).description('Apply index migrations when a service starts.'),
  OPENSEARCH_SNAPSHOT_REPOSITORY: Joi.string()
    .pattern(/^[a-z][a-z0-9_-]{0,60}$/)
    .default('trendscope-snapshots')
    .description('Name of the filesystem snapshot repository (make snapshot, make restore, the scheduled snapshot).'),
  OPENSEARCH_SNAPSHOT_LOCATION: Joi.string()
    .min(1)
    .max(1000)
    .default('trendscope')
    .description(
      "Folder of the snapshot repository on the OpenSearch nodes: absolute, or relative to the nodes' path.repo.",
    ),

  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379')
    .description('Redis URL (queues, schedules, rate limits, caches).'),
  REDIS_SENTINELS: Joi.string()
    .allow('')
    .pattern(/^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/)
    .default('')
    .description(
      'Comma-separated host:port list of Redis Sentinels; when set, every connection asks them for the current primary of REDIS_SENTINEL_NAME (REDIS_URL then gives only the password and database).',
    ),
  REDIS_SENTINEL_NAME: Joi.string()
    .pattern(/^[A-Za-z0-9._-]{1,100}$/)
    .default('trendscope')
    .description('Name of the primary the Sentinels monitor.'),
  REDIS_KEY_PREFIX: Joi.string()
    .pattern(/^[a-z][a-z0-9_-]{0,40}$/)
    .default('trendscope')
    .description('Prefix of every Redis key and BullMQ queue.'),

  HEALTH_TIMEOUT_MS: Joi.number()
    .integer()
    .min(50)
    .max(10000)
    .default(1500)
    .description('Time each /health dependency check may take before it counts as down.'),
  PIPELINE_ALLOW_HOSTS: Joi.string()
    .allow('')
    .default('')
    .description(
      'Comma-separated host[:port] list the fetcher may reach even on private/loopback addresses (SSRF guard exceptions).',
    ),
  PIPELINE_USER_AGENT: Joi.string()
    .min(3)
    .max(200)
    .default('Trendscope/0.2 (+https://github.com/trendscope/trendscope)')
    .description('User-Agent sent with every fetch (honest, with a contact URL).'),
  PIPELINE_FETCH_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(120000)
    .default(15000)
    .description('Time-out of one HTTP fetch (headers and body).'),
  PIPELINE_MAX_BYTES: Joi.number()
    .integer()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024)
    .description('Largest response body the fetcher reads; larger ones are refused.'),
  PIPELINE_MAX_REDIRECTS: Joi.number().integer().min(0).max(20).default(5).description('Redirects followed per fetch.'),
  PIPELINE_DOMAIN_CONCURRENCY: Joi.number()
    .integer()
    .min(1)
    .max(64)
    .default(2)
    .description('Requests in flight per domain within one worker process (politeness).'),
  PIPELINE_DOMAIN_DELAY_MS: Joi.number()
    .integer()
    .min(0)
    .max(60000)
    .default(1000)
    .description('Minimum delay between two request starts to one domain, across all worker processes (politeness).'),
  PIPELINE_ROBOTS_TTL_SECONDS: Joi.number()
    .integer()
    .min(0)
    .max(7 * 86400)
    .default(3600)
    .description('How long a fetched robots.txt is cached in Redis.'),
  PIPELINE_DISCOVER_CONCURRENCY: Joi.number().integer().min(1).max(64).default(2).description('Discover workers.'),
  PIPELINE_FETCH_CONCURRENCY: Joi.number().integer().min(1).max(256).default(16).description('Fetch workers.'),
  PIPELINE_PROCESS_CONCURRENCY: Joi.number()
    .integer()
    .min(1)
    .max(64)
    .default(4)
    .description('Extract + sanitise + score jobs in flight per process (CPU-bound work interleaves with I/O).'),
  PIPELINE_INDEX_CONCURRENCY: Joi.number().integer().min(1).max(16).default(1).description('Index workers.'),
  PIPELINE_INDEX_INLINE: Joi.boolean()
    .default(true)
    .description(
      'Write each processed article from its own process job (batched with the jobs running alongside) instead of one more queued index job.',
    ),
  PIPELINE_INDEX_BATCH_SIZE: Joi.number()
    .integer()
    .min(1)
    .max(5000)
    .default(500)
    .description('Documents per _bulk request of the index stage.'),
  PIPELINE_DISCOVER_INTERVAL_SECONDS: Joi.number()
    .integer()
    .min(10)
    .max(86400)
    .default(900)
    .description('How often each source is discovered by the scheduler.'),
  PIPELINE_DETECT_INTERVAL_SECONDS: Joi.number()
    .integer()
    .min(10)
    .max(86400)
    // An article waits for the next run and that run: with 600 s, fetch -> served had a p95 above
    // 5 minutes by the interval alone (docs/operations.md, "Freshness and the detection interval").
    .default(120)
    .description(
      'How often trend detection runs by the scheduler (an article is served with its trend about this long plus a run after its fetch).',
    ),
  PIPELINE_DETECT_LOCK_TTL_MS: Joi.number()
    .integer()
    .min(1000)
    .max(3600000)
    .default(60000)
    .description(
      'TTL of the deployment-wide detection lock (renewed every third of it while a run lasts); a crashed run frees it after this long.',
    ),
  PIPELINE_DETECT_MAX_NEW_REPORTS: Joi.number()
    .integer()
    .min(100)
    .max(1000000)
    .default(1000)
    .description(
      'Most new reports one pass of a detection run reads and clusters (the earliest first): a run makes passes until none waits, so its memory follows this, not the backlog.',
    ),
  PIPELINE_DETECT_MAX_PASSES: Joi.number()
    .integer()
    .min(1)
    .max(10000)
    .default(100)
    .description(
      'Most passes one detection run makes (each of up to PIPELINE_DETECT_MAX_NEW_REPORTS reports); reports still waiting after them are the next run’s.',
    ),
  PIPELINE_DETECT_MAX_MEMBERS_READ: Joi.number()
    .integer()
    .min(100)
    .max(1000000)
    .default(2000)
    .description(
      'Most stored members one detection run reads of a trend it adds reports to: a larger one grows from its stored counts and state, its texts read from this many members (cited, then sampled).',
    ),
  PIPELINE_WORKER_QUEUES: Joi.string()
    .custom((value: string, helpers) => {
      const names = value
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length === 1 && names[0] === 'all') return 'all';
      const unknown = names.filter((n) => !(PIPELINE_STAGE_NAMES as readonly string[]).includes(n));
      if (names.length === 0 || unknown.length > 0) return helpers.message({ custom: WORKER_QUEUES_MESSAGE });
      return [...new Set(names)].join(',');
    })
    .default('all')
    .description(
      'Queues a worker process consumes: all, or a comma-separated list of stages (detect alone runs detection in a process of its own).',
    ),
  PIPELINE_SOURCES_FILE: Joi.string()
    .default('infra/sources/sources.json')
    .description('Source list (JSON) the scheduler discovers, relative to the repository root.'),
  PIPELINE_DOMAIN_RATINGS_FILE: Joi.string()
    .default('../shared/corpus/domain-quality-ratings/domain_pc1.csv')
    .description('Published domain ratings (domain,pc1 CSV) read in place, relative to the repository root.'),
  PIPELINE_JOB_ATTEMPTS: Joi.number()
    .integer()
    .min(1)
    .max(20)
    .default(4)
    .description('Attempts per pipeline job before it is dead-lettered (exponential backoff).'),
  PIPELINE_JOB_LOCK_MS: Joi.number()
    .integer()
    .min(2000)
    .max(600000)
    .default(30000)
    .description(
      'Lock of an active job (of detection, snapshot and retention jobs: at least ten minutes, as a large detection run holds the event loop); a job whose worker died is retried after this long.',
    ),
  PIPELINE_SNAPSHOT_INTERVAL_SECONDS: Joi.number()
    .integer()
    .min(0)
    .max(30 * 86400)
    .default(86400)
    .description('How often the scheduler takes a snapshot of every index; 0 turns scheduled snapshots off.'),
  PIPELINE_SNAPSHOT_KEEP: Joi.number()
    .integer()
    .min(1)
    .max(1000)
    .default(14)
    .description('Snapshots kept by the scheduled snapshot job; older ones are deleted after each new one.'),
  PIPELINE_RETENTION_INTERVAL_SECONDS: Joi.number()
    .integer()
    .min(0)
    .max(30 * 86400)
    .default(3600)
    .description(
      'How often the scheduler applies the retention policy (moves writes to the current month, drops expired monthly indices); 0 turns it off.',
    ),
  PIPELINE_RETENTION_ARTICLE_DAYS: Joi.number()
    .integer()
    .min(1)
    .max(36500)
    .default(100)
    .description(
      "Days an article is kept after it was fetched; a month's index goes when its newest article is older. 90 or more keeps the API's 90-day window whole.",
    ),
  PIPELINE_RETENTION_BODY_DAYS: Joi.number()
    .integer()
    .min(1)
    .max(36500)
    .default(100)
    .description(
      "Days an article's body is kept after it was fetched (bodies index). Above PIPELINE_RETENTION_ARTICLE_DAYS it acts as those; below 90, /v1/content loses bodies inside the 90-day window.",
    ),
  PIPELINE_RETENTION_TREND_DAYS: Joi.number()
    .integer()
    .min(1)
    .max(36500)
    .default(400)
    .description(
      "Days a trend is kept after its last report (its id resolves that long); a month's index goes when its most recently reported trend is older.",
    ),
  PIPELINE_CLI_WORKER_PROCESSES: Joi.number()
    .integer()
    .min(1)
    .max(2)
    .default(2)
    .description('Processes of a CLI run (ingest, replay): 2 forks one for the process and index stages.'),
};

/** One joi schema over the environment (other variables pass through untouched). */
export const CONFIG_SCHEMA = Joi.object(CONFIG_VARIABLES).unknown(true);

/** The environment after joi has converted and defaulted it: one typed value per variable. */
export type ConfigEnv = {
  [K in keyof typeof CONFIG_VARIABLES]: (typeof CONFIG_VARIABLES)[K] extends Joi.AnySchema<infer T> ? T : never;
};
