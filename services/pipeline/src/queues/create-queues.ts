import { Queue, type ConnectionOptions, type DefaultJobOptions } from 'bullmq';
import { OutageLog, type Logger } from '@trendscope/core';
import { STAGES, type Stage } from './routing-table';

/** One queue per stage. */
export type StageQueues = Readonly<Record<Stage, Queue>>;

/**
 * Job options shared by every stage: retries with exponential backoff, completed jobs kept for a
 * day (so a replay within that time is dropped by id at once), failed jobs kept (visible in
 * `trendscope status` and the dead-letter list).
 */
export function defaultJobOptions(attempts: number): DefaultJobOptions {
  return {
    attempts,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 86_400, count: 200_000 },
    removeOnFail: false,
  };
}

/**
 * Opens the stage queues under the Redis key prefix (so tests and deployments are isolated). With a
 * logger, a lost Redis connection is logged once per outage instead of BullMQ printing every
 * refused reconnect to the console.
 */
export function createQueues(
  connection: ConnectionOptions,
  keyPrefix: string,
  attempts: number,
  logger?: Logger,
): StageQueues {
  const entries = STAGES.map((stage) => [
    stage,
    new Queue(stage, { connection, prefix: keyPrefix, defaultJobOptions: defaultJobOptions(attempts) }),
  ]);
  const queues = Object.freeze(Object.fromEntries(entries) as Record<Stage, Queue>);
  if (logger) logQueueOutages(Object.values(queues), logger);
  return queues;
}

/** One outage log for queues that share a connection; it ends when a queue's connection is ready again. */
function logQueueOutages(queues: Queue[], logger: Logger): void {
  const outage = new OutageLog(logger, { component: 'queues' });
  for (const queue of queues) {
    queue.on('error', (err) => outage.error(err));
    queue.backend.on('ready', () => outage.restored());
  }
}

/**
 * The queue namespace of CLI runs (ingest, replay). They run their own in-process workers, which
 * may allow-list hosts the long-running workers do not (the replay server, `--allow-host`), so
 * their jobs must never be picked up by those workers.
 */
export function cliQueuePrefix(keyPrefix: string): string {
  return `${keyPrefix}-cli`;
}

/** Closes every queue. */
export async function closeQueues(queues: StageQueues): Promise<void> {
  await Promise.allSettled(Object.values(queues).map((q) => q.close()));
}
