import { migrateIndices, type Config, type Logger } from '@trendscope/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { configuredDetectOptions, openDetectServices } from '../../detect/detect-process';
import { runDetectSingleFlight } from '../../locks/detect-single-flight';

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
  const services = openDetectServices(config, 120_000);
  const { opensearch, redis, names, keyPrefix } = services;
  try {
    await migrateIndices(opensearch, names);
    const run = (): ReturnType<typeof runDetectSingleFlight> =>
      runDetectSingleFlight(
        { opensearch, names, redis, keyPrefix, logger },
        configuredDetectOptions(config, opts.now ?? new Date()),
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
    await services.close();
  }
}
