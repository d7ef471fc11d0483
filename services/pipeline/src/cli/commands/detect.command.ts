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
import { setTimeout as sleep } from 'node:timers/promises';
import { runDetectSingleFlight } from '../../locks/detect-single-flight';
import { REPO_ROOT } from '../../repo-root';

/**
 * `trendscope detect [--now] [--wait]`: runs trend detection now, in this process. Skipped if a run is
 * in progress, unless `wait`: then it waits for that run to end (up to `wait.maxMs`) and runs after
 * it, so reports the other run did not take (indexed after it started) are detected too, as `make
 * demo` needs before it shows the list.
 */
export async function runDetectCommand(
  config: Config,
  logger: Logger,
  opts: { now?: Date; wait?: { pollMs: number; maxMs: number } },
): Promise<unknown> {
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 120_000, maxRetries: 2 });
  const redis = createRedis(config.redis, { forQueues: true });
  const names = indexNames(config.opensearch.indexPrefix);
  try {
    await migrateIndices(opensearch, names);
    const run = (): ReturnType<typeof runDetectSingleFlight> =>
      runDetectSingleFlight(
        { opensearch, names, redis, keyPrefix: config.redis.keyPrefix, logger },
        {
          now: opts.now ?? new Date(),
          ratingsFile: resolve(REPO_ROOT, config.pipeline.domainRatingsFile),
          maxNewReports: config.pipeline.detectMaxNewReports,
          maxMembersRead: config.pipeline.detectMaxMembersRead,
        },
        { ttlMs: config.pipeline.detectLockTtlMs },
      );
    let result = await run();
    const deadline = Date.now() + (opts.wait?.maxMs ?? 0);
    while (opts.wait && 'skipped' in result && Date.now() < deadline) {
      process.stderr.write(`detect: waiting for the run in progress (${result.holder ?? 'unknown holder'}) to end\n`);
      const key = result.lock_key;
      while ((await redis.exists(key)) === 1 && Date.now() < deadline) await sleep(opts.wait.pollMs);
      result = await run();
    }
    return result;
  } finally {
    await opensearch.close();
    await closeRedis(redis);
  }
}
