import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Pages wait at most this long between the fetch and process stages. */
const PAGE_TTL_SECONDS = 6 * 3600;

/** Redis key of a fetched page. */
export function pageKey(keyPrefix: string, url: string): string {
  return `${keyPrefix}:page:${createHash('sha1').update(url).digest('hex')}`;
}

/** Keeps a fetched page for the process stage (job data stays small). */
export async function storePage(redis: Redis, key: string, body: Buffer): Promise<void> {
  await redis.set(key, body, 'EX', PAGE_TTL_SECONDS);
}

/** The stored page, or null when it expired. */
export async function loadPage(redis: Redis, key: string): Promise<Buffer | null> {
  return redis.getBuffer(key);
}
