import { createHash } from 'node:crypto';
import type { Redis } from '@trendscope/core';

/** Failed sign-ins allowed per account, and attempts per address, in one window. */
export const SIGN_IN_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 } as const;

/**
 * Throttles password guessing: failed sign-ins per account and sign-in/sign-up attempts per client
 * address, each in a fixed 15-minute window in Redis.
 */
export class SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  private accountKey(email: string): string {
    return `${this.keyPrefix}:sign-in:account:${createHash('sha256').update(email).digest('hex')}`;
  }

  private addressKey(address: string): string {
    return `${this.keyPrefix}:sign-in:address:${address}`;
  }

  /** Seconds to wait when this account or address has used up its attempts, else 0. */
  async blockedFor(email: string | null, address: string): Promise<number> {
    const keys = [this.addressKey(address), ...(email ? [this.accountKey(email)] : [])];
    const counts = await this.redis.mget(...keys);
    const limits = [SIGN_IN_LIMITS.perAddress, SIGN_IN_LIMITS.perAccount];
    let wait = 0;
    for (const [i, key] of keys.entries()) {
      if (Number(counts[i] ?? 0) >= (limits[i] ?? 0)) wait = Math.max(wait, await this.redis.ttl(key), 1);
    }
    return wait;
  }

  /** Counts an attempt from `address` (every sign-in or sign-up post). */
  async noteAttempt(address: string): Promise<void> {
    await this.bump(this.addressKey(address));
  }

  /** Counts a failed sign-in against the account. */
  async noteFailure(email: string): Promise<void> {
    await this.bump(this.accountKey(email));
  }

  /** Forgets an account's failures after it signed in. */
  async clear(email: string): Promise<void> {
    await this.redis.del(this.accountKey(email));
  }

  private async bump(key: string): Promise<void> {
    await this.redis.multi().incr(key).expire(key, SIGN_IN_LIMITS.windowSeconds, 'NX').exec();
  }
}
