import { resolve } from 'node:path';
import {
  closeRedis,
  createOpenSearchClient,
  createRedis,
  indexNames,
  type Config,
  type IndexNames,
  type OpenSearchClient,
  type Redis,
} from '@trendscope/core';
import { REPO_ROOT } from '../repo-root';
import type { DetectOptions } from './run-detect';

/** What a detection process opens from its config: OpenSearch, a queue-grade Redis and its index names. */
export interface DetectServices {
  opensearch: OpenSearchClient;
  redis: Redis;
  names: IndexNames;
  keyPrefix: string;
  close(): Promise<void>;
}

/**
 * Opens what `trendscope detect`, and the tools that run detection as it does (the soak bench, the
 * CPU diagnosis), read and write: a loaded machine slows Redis, it does not fail the run.
 */
export function openDetectServices(config: Config, requestTimeoutMs: number): DetectServices {
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs, maxRetries: 2 });
  const redis = createRedis(config.redis, { forQueues: true });
  return {
    opensearch,
    redis,
    names: indexNames(config.opensearch.indexPrefix),
    keyPrefix: config.redis.keyPrefix,
    async close() {
      await opensearch.close();
      await closeRedis(redis);
    },
  };
}

/** runDetect's options as the config sets them (domain ratings, the bounds of a run), at `now`. */
export function configuredDetectOptions(
  config: Config,
  now: Date,
): Pick<DetectOptions, 'now' | 'ratingsFile' | 'maxNewReports' | 'maxPasses' | 'maxMembersRead'> {
  return {
    now,
    ratingsFile: resolve(REPO_ROOT, config.pipeline.domainRatingsFile),
    maxNewReports: config.pipeline.detectMaxNewReports,
    maxPasses: config.pipeline.detectMaxPasses,
    maxMembersRead: config.pipeline.detectMaxMembersRead,
  };
}
