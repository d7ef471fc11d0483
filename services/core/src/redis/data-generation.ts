import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The data generation: an opaque token that changes whenever the pipeline writes served data.
 * The API derives ETags and cache keys from it, so a new write is visible at once. When Redis has
 * lost it, readers get null and must not cache.
 */
export function generationKey(keyPrefix: string): string {
  return `${keyPrefix}:data-generation`;
}

/** Sets a new generation after a write (call after the write is refreshed and visible). */
export async function bumpGeneration(redis: Redis, keyPrefix: string): Promise<string> {
  const token = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  await redis.set(generationKey(keyPrefix), token);
  return token;
}

/** The current generation, or null when none is known. */
export async function readGeneration(redis: Redis, keyPrefix: string): Promise<string | null> {
  return redis.get(generationKey(keyPrefix));
}
