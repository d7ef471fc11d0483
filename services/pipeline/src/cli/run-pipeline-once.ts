import { randomBytes } from 'node:crypto';
import { createOpenSearchClient, createRedis, migrateIndices, type Config, type Logger } from '@trendscope/core';
import { createPipelineRuntime } from '../pipeline-deps';
import { cliQueuePrefix, closeQueues, createQueues } from '../queues/create-queues';
import { countDeadLetters } from '../queues/dead-letter';
import { jobId } from '../queues/job-ids';
import { startWorkers } from '../workers/start-workers';
import type { DiscoverJobData } from '../stages/job-data';
import { waitForDrain, type DrainProgress } from './wait-for-drain';

/** What one ingest/replay run did. */
export interface RunSummary extends DrainProgress {
  feeds: number;
  feedsFailed: number;
  deadLetters: number;
  seconds: number;
}

/**
 * Runs feeds through the real queues with in-process workers (the same stages, adapter and
 * routing as the worker process, in the CLI's own queue namespace) and returns when everything
 * they produced is indexed or has failed for good.
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
  const connection = createRedis(config.redis.url, { forQueues: true });
  const queuePrefix = cliQueuePrefix(config.redis.keyPrefix);
  const queues = createQueues(connection, queuePrefix, config.pipeline.jobAttempts);
  const workers = startWorkers(runtime.deps, queues, connection, {
    lockDurationMs: config.pipeline.jobLockMs,
    queuePrefix,
  });
  const deadBefore = await countDeadLetters(runtime.deps.redis, config.redis.keyPrefix);
  try {
    // A run id in the discover job id: asking again re-reads the feed (its entries stay deduplicated).
    const run = randomBytes(4).toString('hex');
    // Timed from the first job: index migration and worker start-up are one-off costs.
    const started = Date.now();
    const jobs = await queues.discover.addBulk(
      feeds.map((f) => ({ name: 'discover', data: f, opts: { jobId: jobId('discover', f.feed_url, run) } })),
    );
    const progress = await waitForDrain(queues, jobs, onProgress);
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
    await workers.close();
    await closeQueues(queues);
    await runtime.close();
    await connection.quit().catch(() => connection.disconnect());
  }
}
