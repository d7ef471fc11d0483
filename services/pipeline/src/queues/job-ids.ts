import { createHash } from 'node:crypto';

/**
 * Deterministic job ids: BullMQ drops a job whose id already exists, so a replayed feed enqueues
 * nothing new. Ids never contain `:` (BullMQ's key separator) and never are all digits (BullMQ's
 * own ids are).
 */
export function jobId(stage: string, ...parts: string[]): string {
  const digest = createHash('sha1').update(parts.join('\n')).digest('hex');
  return `${stage}-${digest}`;
}
