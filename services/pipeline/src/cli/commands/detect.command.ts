import {
  closeRedis,
  createOpenSearchClient,
  createRedis,
  indexNames,
  migrateIndices,
  type Config,
  type Logger,
} from '@trendscope/core';
import { resolve } from 'node:path';
import { runDetectSingleFlight } from '../../locks/detect-single-flight';
import { REPO_ROOT } from '../../repo-root';

/** `trendscope detect [--now]`: runs trend detection now, in this process (skipped if a run is in progress). */
export async function runDetectCommand(config: Config, logger: Logger, opts: { now?: Date }): Promise<unknown> {
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 120_000, maxRetries: 2 });
  const redis = createRedis(config.redis, { forQueues: true });
  const names = indexNames(config.opensearch.indexPrefix);
  try {
    await migrateIndices(opensearch, names);
    return await runDetectSingleFlight(
      { opensearch, names, redis, keyPrefix: config.redis.keyPrefix, logger },
      {
        now: opts.now ?? new Date(),
        ratingsFile: resolve(REPO_ROOT, config.pipeline.domainRatingsFile),
        maxNewReports: config.pipeline.detectMaxNewReports,
      },
      { ttlMs: config.pipeline.detectLockTtlMs },
    );
  } finally {
    await opensearch.close();
    await closeRedis(redis);
  }
}
