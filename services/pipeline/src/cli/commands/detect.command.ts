import {
  createOpenSearchClient,
  createRedis,
  indexNames,
  migrateIndices,
  type Config,
  type Logger,
} from '@trendscope/core';
import { resolve } from 'node:path';
import { runDetect } from '../../detect/run-detect';
import { REPO_ROOT } from '../../repo-root';

/** `trendscope detect [--now]`: runs trend detection now, in this process. */
export async function runDetectCommand(config: Config, logger: Logger, opts: { now?: Date }): Promise<unknown> {
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 120_000, maxRetries: 2 });
  const redis = createRedis(config.redis, { forQueues: true });
  const names = indexNames(config.opensearch.indexPrefix);
  try {
    await migrateIndices(opensearch, names);
    return await runDetect(
      { opensearch, names, redis, keyPrefix: config.redis.keyPrefix, logger },
      { now: opts.now ?? new Date(), ratingsFile: resolve(REPO_ROOT, config.pipeline.domainRatingsFile) },
    );
  } finally {
    await opensearch.close();
    await redis.quit().catch(() => redis.disconnect());
  }
}
