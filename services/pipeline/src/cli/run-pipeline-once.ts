import { randomBytes } from 'node:crypto';
import {
  closeRedis,
  createOpenSearchClient,
  createRedis,
  migrateIndices,
  type Config,
  type Logger,
} from '@trendscope/core';
import { createPipelineRuntime } from '../pipeline-deps';
import { cliQueuePrefix, closeQueues, createQueues } from '../queues/create-queues';
import { countDeadLetters } from '../queues/dead-letter';
import { jobId } from '../queues/job-ids';
import { lastArticleQueue, type Stage } from '../queues/routing-table';
import { startWorkers } from '../workers/start-workers';
import { forkStageWorker, type ForkedStageWorker } from './fork-stage-worker';
import type { DiscoverJobData } from '../queues/job-data';
import { waitForDrain, type DrainProgress } from './wait-for-drain';

/** What one ingest/replay run did. */
export interface RunSummary extends DrainProgress {
  feeds: number;
  feedsFailed: number;
  deadLetters: number;
  seconds: number;
}

/** The stages a forked process takes over: the CPU-heavy ones (extraction, sanitising, scoring, bulk writes). */
const FORKED_STAGES: Stage[] = ['process', 'index'];

/**
 * Runs feeds through the real queues with the CLI's own workers (the same stages, adapter and
 * routing as the worker process, in the CLI's own queue namespace) and returns when everything
 * they produced is indexed or has failed for good. With `cliWorkerProcesses` 2 the process and
 * index stages run in a forked process, so both cores work; discover and fetch stay here, so the
 * per-domain politeness limits hold for the whole run.
 */
export async function runPipelineOnce(
  config: Config,
  logger: Logger,
  feeds: DiscoverJobData[],
  onProgress: (p: DrainProgress) => void = () => undefined,
): Promise<RunSummary> {
  const runtime = createPipelineRuntime(config, logger);
  const migrator = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 120_000, maxRetries: 3 });
  await migrateIndices(migrator, runtime.deps.names).finally(() => migrator.close());
  const connection = createRedis(config.redis, { forQueues: true });
  const queuePrefix = cliQueuePrefix(config.redis.keyPrefix);
  const queues = createQueues(connection, queuePrefix, config.pipeline.jobAttempts, logger);
  const forked: ForkedStageWorker[] = [];
  let workers: ReturnType<typeof startWorkers> | undefined;
  try {
    if (config.pipeline.cliWorkerProcesses > 1) {
      forked.push(await forkStageWorker({ config, logLevel: logger.level, queuePrefix, stages: FORKED_STAGES }));
    }
    workers = startWorkers(runtime.deps, queues, connection, {
      lockDurationMs: config.pipeline.jobLockMs,
      queuePrefix,
      stages: forked.length > 0 ? ['discover', 'fetch', 'detect'] : undefined,
    });
  } catch (err) {
    await Promise.allSettled(forked.map((f) => f.stop()));
    await closeQueues(queues);
    await runtime.close();
    await closeRedis(connection);
    throw err;
  }
  const deadBefore = await countDeadLetters(runtime.deps.redis, config.redis.keyPrefix);
  try {
    // A run id in the discover job id: asking again re-reads the feed (its entries stay deduplicated).
    const run = randomBytes(4).toString('hex');
    // Timed from the first job: index migration and worker start-up are one-off costs.
    const started = Date.now();
    const jobs = await queues.discover.addBulk(
      feeds.map((f) => ({ name: 'discover', data: f, opts: { jobId: jobId('discover', f.feed_url, run) } })),
    );
    const progress = await waitForDrain(queues, jobs, onProgress, { writer: lastArticleQueue(config.pipeline) });
    let feedsFailed = 0;
    for (const j of jobs) if ((await j.getState()) === 'failed') feedsFailed++;
    return {
      ...progress,
      feeds: feeds.length,
      feedsFailed,
      deadLetters: (await countDeadLetters(runtime.deps.redis, config.redis.keyPrefix)) - deadBefore,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await Promise.all([workers.close(), ...forked.map((f) => f.stop())]);
    await closeQueues(queues);
    await runtime.close();
    await closeRedis(connection);
  }
}
