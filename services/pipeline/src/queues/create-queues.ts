import { Queue, type ConnectionOptions, type DefaultJobOptions } from 'bullmq';
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

/** Opens the stage queues under the Redis key prefix (so tests and deployments are isolated). */
export function createQueues(connection: ConnectionOptions, keyPrefix: string, attempts: number): StageQueues {
  const entries = STAGES.map((stage) => [
    stage,
    new Queue(stage, { connection, prefix: keyPrefix, defaultJobOptions: defaultJobOptions(attempts) }),
  ]);
  return Object.freeze(Object.fromEntries(entries) as Record<Stage, Queue>);
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
