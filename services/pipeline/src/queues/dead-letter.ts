import type { Redis } from 'ioredis';

/** Most dead-letter records kept. */
const MAX_DEAD_LETTERS = 1000;

/** What is kept about a job that finally failed. */
export interface DeadLetter {
  queue: string;
  job_id: string;
  /** The URL the job was about (feed or article), when it had one. */
  url: string | null;
  error: string;
  attempts: number;
  failed_at: string;
}

function key(keyPrefix: string): string {
  return `${keyPrefix}:dead-letter`;
}

/** Records a finally failed job (newest first; bounded list). */
export async function recordDeadLetter(redis: Redis, keyPrefix: string, record: DeadLetter): Promise<void> {
  await redis
    .multi()
    .lpush(key(keyPrefix), JSON.stringify(record))
    .ltrim(key(keyPrefix), 0, MAX_DEAD_LETTERS - 1)
    .exec();
}

/** The newest dead-letter records. */
export async function readDeadLetters(redis: Redis, keyPrefix: string, limit = 20): Promise<DeadLetter[]> {
  const rows = await redis.lrange(key(keyPrefix), 0, limit - 1);
  return rows.map((r) => JSON.parse(r) as DeadLetter);
}

/** Number of dead-letter records kept. */
export async function countDeadLetters(redis: Redis, keyPrefix: string): Promise<number> {
  return redis.llen(key(keyPrefix));
}

/** Whether a failed job is done for good (unrecoverable, or out of attempts): a dead letter. */
export function isFinalFailure(job: { attemptsMade: number; opts: { attempts?: number } }, err: Error): boolean {
  return err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
}
