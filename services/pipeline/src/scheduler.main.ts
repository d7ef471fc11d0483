import { resolve } from 'node:path';
import { closeRedis, createLogger, createRedis, loadConfigOrExit, onShutdown } from '@trendscope/core';
import { closeQueues, createQueues } from './queues/create-queues';
import { scheduleJobs } from './scheduler/schedule-jobs';
import { loadSourceList } from './scheduler/source-list';
import { REPO_ROOT } from './repo-root';

/** How often the source list file is read again (changes take effect without a restart). */
const RELOAD_MS = 60_000;

/**
 * The scheduler process: BullMQ job schedulers for discover (one per source of the source list),
 * detect, snapshot and retention, re-applied every minute so edits to the list take effect. The schedules live in
 * Redis; the worker process runs the jobs.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const logger = createLogger({ level: config.logLevel, name: 'pipeline-scheduler' });
  const connection = createRedis(config.redis, { forQueues: true });
  const queues = createQueues(connection, config.redis.keyPrefix, config.pipeline.jobAttempts, logger);
  const file = resolve(REPO_ROOT, config.pipeline.sourcesFile);
  const apply = async (): Promise<void> => {
    try {
      const sources = loadSourceList(file);
      const result = await scheduleJobs(queues, sources, {
        discoverSeconds: config.pipeline.discoverIntervalSeconds,
        detectSeconds: config.pipeline.detectIntervalSeconds,
        snapshotSeconds: config.pipeline.snapshot.intervalSeconds,
        retentionSeconds: config.pipeline.retention.intervalSeconds,
      });
      logger.info({ file, ...result }, 'job schedulers applied');
    } catch (err) {
      logger.error({ file, err: (err as Error).message }, 'could not apply the source list');
    }
  };
  await apply();
  const timer = setInterval(() => void apply(), RELOAD_MS);

  onShutdown({
    logger,
    message: 'scheduler stopping',
    forceAfterMs: 30_000,
    forceExitCode: 1,
    close: async () => {
      clearInterval(timer);
      await closeQueues(queues);
      await closeRedis(connection);
    },
  });
}

void main();
