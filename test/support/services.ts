import { randomBytes } from 'node:crypto';
import {
  createLogger,
  createOpenSearchClient,
  createRedis,
  indexNames,
  loadConfig,
  migrateIndices,
  type Config,
  type IndexNames,
  type OpenSearchClient,
  type Redis,
} from '@trendscope/core';

/** The real OpenSearch and Redis that `make test` started, with a private index/key prefix. */
export interface TestServices {
  config: Config;
  opensearch: OpenSearchClient;
  redis: Redis;
  names: IndexNames;
  prefix: string;
  cleanup(): Promise<void>;
}

/**
 * Anonymous quotas far above what any suite sends: suites that are not about quotas must never be
 * refused (counting still runs, so every answer carries the RateLimit headers).
 */
export const GENEROUS_QUOTA_ENV: Readonly<Record<string, string>> = {
  API_QUOTA_ANONYMOUS_PER_MINUTE: '100000000',
  API_QUOTA_ANONYMOUS_PER_DAY: '100000000',
};

/** A prefix unique to this run and suite, so suites never see each other's data. */
export function uniquePrefix(label = 't'): string {
  return `${label}-${randomBytes(4).toString('hex')}`;
}

/** Connects to the test services with a fresh prefix; `cleanup` deletes its indices and keys. */
export async function openTestServices(overrides: Record<string, string> = {}): Promise<TestServices> {
  const prefix = uniquePrefix();
  const config = loadConfig({
    ...GENEROUS_QUOTA_ENV,
    ...process.env,
    OPENSEARCH_INDEX_PREFIX: prefix,
    REDIS_KEY_PREFIX: prefix,
    OPENSEARCH_REQUEST_TIMEOUT_MS: '10000',
    ...overrides,
  });
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 30_000, maxRetries: 1 });
  const redis = createRedis(config.redis);
  await redis.ping();
  return {
    config,
    opensearch,
    redis,
    names: indexNames(prefix),
    prefix,
    async cleanup() {
      await opensearch.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all' }).catch(() => undefined);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await opensearch.close();
      redis.disconnect();
    },
  };
}

/** A logger that writes nothing, for building apps in tests. */
export const silentLogger = createLogger({ level: 'silent', name: 'test' });

/** What detection and its repository take from the test services: this run's indices and key prefix. */
export function detectDeps(s: TestServices) {
  return { opensearch: s.opensearch, names: s.names, redis: s.redis, keyPrefix: s.prefix, logger: silentLogger };
}

/**
 * The test services for the enclosing mocha suite: opened (and their indices migrated, when asked)
 * before its tests and cleaned up after them, in place of the same two hooks in every suite. The
 * object is filled in by the `before` hook, so read it only inside hooks and tests.
 */
export function useTestServices(opts: { migrate?: boolean } = {}): TestServices {
  const s = {} as TestServices;
  before(async () => {
    Object.assign(s, await openTestServices());
    if (opts.migrate) await migrateIndices(s.opensearch, s.names);
  });
  after(async () => {
    await s.cleanup?.();
  });
  return s;
}
