import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Validators } from './safe-fetcher';

/** How long validators of a feed are remembered (30 days). */
const VALIDATOR_TTL_SECONDS = 30 * 86400;

function key(keyPrefix: string, url: string): string {
  return `${keyPrefix}:validators:${createHash('sha1').update(url).digest('hex')}`;
}

/** The ETag / Last-Modified remembered for `url`, for a conditional GET. */
export async function readValidators(redis: Redis, keyPrefix: string, url: string): Promise<Validators> {
  const v = await redis.hgetall(key(keyPrefix, url));
  return { etag: v.etag || null, lastModified: v.last_modified || null };
}

/** Remembers the validators of a 200 response (nothing is stored when it had none). */
export async function saveValidators(redis: Redis, keyPrefix: string, url: string, v: Validators): Promise<void> {
  if (!v.etag && !v.lastModified) return;
  const k = key(keyPrefix, url);
  await redis
    .multi()
    .del(k)
    .hset(k, { etag: v.etag ?? '', last_modified: v.lastModified ?? '' })
    .expire(k, VALIDATOR_TTL_SECONDS)
    .exec();
}
