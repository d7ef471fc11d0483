import {
  type Config,
  type IndexNames,
  type Logger,
  type OpenSearchClient,
  watchRedisOutages,
  type PipelineConfig,
  type Redis,
  type SnapshotRepository,
} from '@trendscope/core';
import { IndexBatcher } from './articles/index-batcher';
import { IndexOutage } from './articles/index-outage';
import { DomainLimiter } from './fetch/domain-limiter';
import { RobotsCache } from './fetch/robots-cache';
import { redisStartReserver } from './fetch/start-reserver';
import { createSafeFetcher, type SafeFetcher } from './fetch/safe-fetcher';
import { openProcessStores } from './process-stores';

/** What the stage functions need; built once per process (createPipelineRuntime) and passed down. */
export interface StageDeps {
  pipeline: PipelineConfig;
  redis: Redis;
  keyPrefix: string;
  opensearch: OpenSearchClient;
  names: IndexNames;
  fetcher: SafeFetcher;
  robots: RobotsCache;
  limiter: DomainLimiter;
  indexBatcher: IndexBatcher;
  /** A lost index: logged once, and writes stop until it is back. */
  indexOutage: IndexOutage;
  /** The injected clock (fetched_at, indexed_at, detection time). */
  clock: () => Date;
  logger: Logger;
  /** Where scheduled snapshots go, and the prefix their names start with. */
  snapshots: { repository: SnapshotRepository; prefix: string };
}

/** The stage dependencies plus what must be closed at shutdown. */
export interface PipelineRuntime {
  deps: StageDeps;
  close(): Promise<void>;
}

/**
 * Builds everything the stages need from the config: OpenSearch (bulk-sized time-out, retries
 * on), a queue-grade Redis connection, the guarded fetcher, robots cache, politeness limiter and
 * index batcher. `clock` is injectable (tests, replays).
 */
export function createPipelineRuntime(
  config: Config,
  logger: Logger,
  clock: () => Date = () => new Date(),
): PipelineRuntime {
  const p = config.pipeline;
  const stores = openProcessStores(config, { requestTimeoutMs: 60_000, maxRetries: 3 });
  const { opensearch, redis, names, keyPrefix } = stores;
  watchRedisOutages(redis, logger);
  const fetcher = createSafeFetcher({
    userAgent: p.userAgent,
    timeoutMs: p.fetchTimeoutMs,
    maxBytes: p.maxBytes,
    maxRedirects: p.maxRedirects,
    allowHosts: p.allowHosts,
  });
  const robots = new RobotsCache({
    redis,
    keyPrefix,
    fetch: fetcher.fetch,
    userAgent: p.userAgent,
    ttlSeconds: p.robotsTtlSeconds,
  });
  const limiter = new DomainLimiter(
    { concurrency: p.domainConcurrency, delayMs: p.domainDelayMs },
    Date.now,
    redisStartReserver(redis, keyPrefix, p.domainDelayMs),
  );
  const indexOutage = new IndexOutage({ opensearch, names, logger });
  const indexBatcher = new IndexBatcher({
    opensearch,
    alias: names.articles,
    bodiesAlias: names.bodies,
    batchSize: p.indexBatchSize,
    logger,
    outage: indexOutage,
  });
  const deps: StageDeps = {
    pipeline: p,
    redis,
    keyPrefix,
    opensearch,
    names,
    fetcher,
    robots,
    limiter,
    indexBatcher,
    indexOutage,
    clock,
    logger,
    snapshots: { repository: config.opensearch.snapshotRepository, prefix: config.opensearch.indexPrefix },
  };
  return {
    deps,
    async close() {
      await indexBatcher.drain();
      await fetcher.close();
      await stores.close();
    },
  };
}
