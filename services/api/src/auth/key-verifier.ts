import { LRUCache } from 'lru-cache';
import {
  hashApiKey,
  isWellFormedApiKey,
  readApiKeyGeneration,
  type ApiKeyDoc,
  type ApiKeyRepository,
  type Redis,
  type VerifiedKey,
} from '@trendscope/core';

/** Age of the last key-generation read past which the next request starts another, in the background. */
const GENERATION_REFRESH_MS = 100;
/**
 * Age past which requests wait for the read instead, so a rotation or revocation is seen within
 * this plus one read. Under steady traffic the background reads keep the age below it: waiting
 * put a second Redis round trip on about 1 % of requests, most of what quotas cost at p99.
 */
const GENERATION_MAX_AGE_MS = 250;

/** A cached verification: the key, or null for a hash that matches no usable key. */
interface CacheEntry {
  key: VerifiedKey | null;
}

/**
 * Turns a presented key into its id and ceilings. A malformed key (format or checksum) is refused
 * without a lookup; verified hashes are kept in process for `cacheTtlSeconds`, and the whole cache
 * is dropped when the key generation in Redis moves (a rotation or revocation anywhere).
 * OpenSearch failures propagate (503), never a 401.
 */
export class KeyVerifier {
  private readonly cache: LRUCache<string, CacheEntry>;
  private generation: string | null = null;
  private checkedAt = 0;
  private pendingCheck: Promise<void> | null = null;

  constructor(
    private readonly opts: {
      repo: ApiKeyRepository;
      redis: Redis;
      keyPrefix: string;
      hashSecret: string;
      cacheTtlSeconds: number;
      now?: () => number;
    },
  ) {
    this.cache = new LRUCache<string, CacheEntry>({ max: 10_000, ttl: Math.max(1, opts.cacheTtlSeconds * 1000) });
  }

  /** The key's id and ceilings, or null when it is malformed, unknown, revoked or past its grace. */
  async verify(presented: string): Promise<VerifiedKey | null> {
    if (!isWellFormedApiKey(presented)) return null;
    await this.checkGeneration();
    const hash = hashApiKey(presented, this.opts.hashSecret);
    let entry = this.opts.cacheTtlSeconds > 0 ? this.cache.get(hash) : undefined;
    if (!entry) {
      entry = { key: toVerified(await this.opts.repo.findBySecretHash(hash), hash) };
      this.cache.set(hash, entry);
    }
    const key = entry.key;
    if (key && key.expiresAt !== null && this.now() >= key.expiresAt) return null;
    return key;
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  private async checkGeneration(): Promise<void> {
    const age = this.now() - this.checkedAt;
    if (age < GENERATION_REFRESH_MS) return;
    this.pendingCheck ??= this.readGeneration().finally(() => {
      this.pendingCheck = null;
    });
    if (age >= GENERATION_MAX_AGE_MS) await this.pendingCheck;
  }

  /** Reads the key generation; drops the cache when it moved. Never rejects (a failed read is retried). */
  private async readGeneration(): Promise<void> {
    // The read's start is what bounds staleness: a revocation before it is seen by it.
    const startedAt = this.now();
    if (this.opts.redis.status !== 'ready') return;
    const current = await readApiKeyGeneration(this.opts.redis, this.opts.keyPrefix);
    if (current === null) return;
    if (current !== this.generation) this.cache.clear();
    this.generation = current;
    this.checkedAt = startedAt;
  }
}

/** What a stored key allows under the secret with `hash`, or null when nothing. */
function toVerified(doc: ApiKeyDoc | null, hash: string): VerifiedKey | null {
  if (!doc || doc.revoked_at !== null) return null;
  const expiresAt = doc.secret_hash === hash ? null : Date.parse(doc.previous_expires_at ?? '');
  if (expiresAt !== null && Number.isNaN(expiresAt)) return null;
  return { id: doc.id, perMinute: doc.per_minute, perDay: doc.per_day, expiresAt };
}
