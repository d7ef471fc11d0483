import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { LuaScript, type Redis } from '@trendscope/core';

// Compare-and-delete: only the token that set the lock may remove it, so a holder whose lock
// expired (and was taken by another) never deletes the other's lock.
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

// Compare-and-extend: a renewal never revives or extends a lock that another token now holds.
const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

/** A lock this process holds (until released or its TTL passes without renewal). */
export interface HeldLock {
  readonly key: string;
  /** The value stored under the key: host, pid and a random part, unique to this acquisition. */
  readonly token: string;
  /** Extends the TTL; false when the lock is no longer this token's (expired, taken by another). */
  renew(): Promise<boolean>;
  /** Deletes the lock if it is still this token's; true when it was. */
  release(): Promise<boolean>;
}

/** A fresh token naming the holder (for the operator reading the key) with 128 random bits. */
export function lockToken(): string {
  return `${hostname()}:${process.pid}:${randomBytes(16).toString('hex')}`;
}

/**
 * Takes `key` with SET NX PX: resolves to the held lock, or null when another token holds it. The
 * TTL frees the key by itself if the holder dies without releasing it.
 */
export async function acquireLock(
  redis: Redis,
  key: string,
  ttlMs: number,
  token = lockToken(),
): Promise<HeldLock | null> {
  const set = await redis.set(key, token, 'PX', ttlMs, 'NX');
  if (set !== 'OK') return null;
  return {
    key,
    token,
    renew: async () => Number(await RENEW.run(redis, [key], [token, ttlMs])) === 1,
    release: async () => Number(await RELEASE.run(redis, [key], [token])) === 1,
  };
}
