import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from '@trendscope/core';

/** A signed-in browser. */
export interface Session {
  accountId: string;
  email: string;
  createdAt: string;
}

/** The Redis key of a session stores a hash of the cookie's token, never the token. */
function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Console sessions in Redis: random tokens, renewed on use, all of an account's ended together. */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlSeconds: number,
  ) {}

  private key(token: string): string {
    return `${this.keyPrefix}:session:${digest(token)}`;
  }

  private accountKey(accountId: string): string {
    return `${this.keyPrefix}:account-sessions:${accountId}`;
  }

  /** Starts a session; the returned token goes into the cookie. */
  async create(accountId: string, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const session: Session = { accountId, email, createdAt: new Date().toISOString() };
    await this.redis
      .multi()
      .set(this.key(token), JSON.stringify(session), 'EX', this.ttlSeconds)
      .sadd(this.accountKey(accountId), digest(token))
      .expire(this.accountKey(accountId), this.ttlSeconds)
      .exec();
    return token;
  }

  /** The session of `token` (renewing it), or null. */
  async get(token: string): Promise<Session | null> {
    if (token.length === 0 || token.length > 100) return null;
    const raw = await this.redis.getex(this.key(token), 'EX', this.ttlSeconds);
    return raw ? (JSON.parse(raw) as Session) : null;
  }

  /** Ends one session. */
  async destroy(token: string, accountId: string): Promise<void> {
    await this.redis.multi().del(this.key(token)).srem(this.accountKey(accountId), digest(token)).exec();
  }

  /** Ends every session of an account (on deletion). */
  async destroyAll(accountId: string): Promise<void> {
    const digests = await this.redis.smembers(this.accountKey(accountId));
    const keys = digests.map((d) => `${this.keyPrefix}:session:${d}`);
    await this.redis.del(this.accountKey(accountId), ...keys);
  }
}
