import { performance } from 'node:perf_hooks';
import { LuaScript, type ScriptRunner } from '../redis/lua-script';
import type { QuotaBatcher, QuotaCount, QuotaRequest } from './quota-batcher';

/** A lease takes at most this share of what is left, so processes near the limit hold little. */
const LEASE_SHARE = 1 / 64;
/** Fewer left than this in either window: every request is counted in Redis, one by one (exact). */
export const LEASE_MIN_REMAINING = 2 / LEASE_SHARE;
const FIRST_BLOCK = 4;
const MAX_BLOCK = 128;
/**
 * A caller leases only after this many requests to this process within RECENT_MS: leases pay off
 * for busy callers, and a caller sending a few requests sees each counted in Redis at once (the
 * console shows its usage exactly).
 */
const LEASE_MIN_RECENT = 8;
const RECENT_MS = 100;
/** Unused tokens held longer than this go back to Redis, so other processes can use them. */
export const LEASE_MAX_AGE_MS = 500;
const SWEEP_MS = 250;
/** Refills one request may wait for before it is counted on its own (a guard; one is the rule). */
const MAX_REFILL_WAITS = 8;

/**
 * Gives back unused tokens: minus n in each window that is still the lease's (a window that has
 * ended needs nothing back) and in the day's usage history. KEYS: counter key, usage key (when
 * kept). ARGV: n, minute window, day window, day label.
 */
const RETURN_SCRIPT = new LuaScript(`
local v = redis.call('HMGET', KEYS[1], 'mw', 'mc', 'dw', 'dc')
local n = tonumber(ARGV[1])
if tonumber(v[1]) == tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'mc', math.max(0, tonumber(v[2]) - n))
end
if tonumber(v[3]) == tonumber(ARGV[3]) then
  redis.call('HSET', KEYS[1], 'dc', math.max(0, tonumber(v[4]) - n))
  if KEYS[2] and redis.call('HEXISTS', KEYS[2], ARGV[4]) == 1 then redis.call('HINCRBY', KEYS[2], ARGV[4], -n) end
end
return 1
`);

/** One caller's block of its quota held by this process, and what Redis last said of its windows. */
interface Lease {
  /** The caller, windows and limits the tokens were counted under. */
  request: QuotaRequest;
  /** Counted in Redis for this process and not yet handed to a request. */
  tokens: number;
  /** Redis's window counts as of its last answer (they include every token handed out). */
  minuteCount: number;
  dayCount: number;
  known: boolean;
  /** Tokens asked for by the next refill (doubles while the caller keeps using them). */
  block: number;
  grantedAt: number;
  usedAt: number;
  /** Requests since `recentSince` (restarted every RECENT_MS). */
  recent: number;
  recentSince: number;
  refill: Promise<void> | null;
  retired: boolean;
}

/**
 * Takes the Redis round trip off the request path for callers far from their limit. Each process
 * leases a block of a caller's quota (counted in both windows and the usage history by the same
 * atomic script as single requests), serves requests from it, refills ahead of need, and gives
 * back what it has not used within LEASE_MAX_AGE_MS, when a window ends and on release(). A block
 * is at most 1/64 of what is left, and with fewer than LEASE_MIN_REMAINING left (or for a caller
 * sending few requests) every request is counted in Redis on its own, so a quota of N still lets
 * exactly N through, in one process or many.
 */
export class QuotaLeases {
  private readonly leases = new Map<string, Lease>();
  private readonly returns = new Set<Promise<unknown>>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: ScriptRunner,
    private readonly batcher: QuotaBatcher,
  ) {}

  /**
   * Counts one request: from this process's block when it holds a token, at once and without a
   * promise (most requests of a busy caller: an await per request costs a measurable share of a
   * cached answer's CPU), else in Redis.
   */
  count(request: QuotaRequest): QuotaCount | Promise<QuotaCount> {
    const id = leaseId(request);
    const lease = this.leaseFor(id, request);
    if (!lease) return this.batcher.count(request);
    noteRequest(lease);
    if (lease.tokens > 0) return this.take(lease);
    return this.countWhenRefilled(id, request, lease);
  }

  /** Waits for the lease's refill (a few at most), or counts the request in Redis on its own. */
  private async countWhenRefilled(id: string, request: QuotaRequest, first: Lease): Promise<QuotaCount> {
    let lease = first;
    for (let waits = 0; ; waits += 1) {
      if (waits >= MAX_REFILL_WAITS || (!lease.refill && !leasable(lease))) return this.countOne(lease, request);
      await (lease.refill ?? this.refill(lease));
      const next = this.leaseFor(id, request);
      if (!next) return this.batcher.count(request);
      lease = next;
      if (lease.tokens > 0) return this.take(lease);
    }
  }

  /**
   * The lease that serves `request`: the current one, or a new one when there is none or the
   * current one is for earlier windows (retired); null when the request is for earlier windows
   * than the lease (counted in Redis on its own).
   */
  private leaseFor(id: string, request: QuotaRequest): Lease | null {
    let lease = this.leases.get(id);
    if (lease && isOlder(request, lease.request)) return null;
    if (lease && isOlder(lease.request, request)) {
      this.retire(id, lease);
      lease = undefined;
    }
    if (!lease) this.leases.set(id, (lease = this.open(request)));
    return lease;
  }

  /** Gives every unused token back to Redis and waits until it is there (on shutdown). */
  async release(): Promise<void> {
    for (const [id, lease] of this.leases) this.retire(id, lease);
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await Promise.allSettled([...this.returns]);
  }

  private open(request: QuotaRequest): Lease {
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
      this.sweeper.unref();
    }
    const now = performance.now();
    return {
      request: { ...request, tokens: 1 },
      tokens: 0,
      minuteCount: 0,
      dayCount: 0,
      known: false,
      block: FIRST_BLOCK,
      grantedAt: now,
      usedAt: now,
      recent: 0,
      recentSince: now,
      refill: null,
      retired: false,
    };
  }

  private take(lease: Lease): QuotaCount {
    lease.tokens -= 1;
    if (lease.tokens <= lease.block / 2 && !lease.refill && leasable(lease)) void this.refill(lease);
    // What this process still holds is not used yet: the caller sees it as remaining.
    return {
      allowed: true,
      granted: 1,
      minuteCount: lease.minuteCount - lease.tokens,
      dayCount: lease.dayCount - lease.tokens,
    };
  }

  private async countOne(lease: Lease, request: QuotaRequest): Promise<QuotaCount> {
    const counted = await this.batcher.count(request);
    if (!lease.retired) this.learn(lease, counted);
    return counted;
  }

  /** Asks Redis for the next block; never rejects (a request that finds no tokens then asks alone). */
  private refill(lease: Lease): Promise<void> {
    const want = Math.max(1, Math.min(lease.block, Math.floor(remaining(lease) * LEASE_SHARE)));
    lease.block = Math.min(MAX_BLOCK, lease.block * 2);
    const work = this.batcher.count({ ...lease.request, tokens: want }).then((counted) => {
      if (lease.retired) {
        this.giveBack(lease, counted.granted);
        return;
      }
      this.learn(lease, counted);
      lease.tokens += counted.granted;
      lease.grantedAt = performance.now();
    });
    const settled = work
      .catch(() => undefined)
      .finally(() => {
        lease.refill = null;
      });
    lease.refill = settled;
    return settled;
  }

  private learn(lease: Lease, counted: QuotaCount): void {
    lease.minuteCount = counted.minuteCount;
    lease.dayCount = counted.dayCount;
    lease.known = true;
  }

  /** Gives back tokens held too long and forgets callers that stopped calling. */
  private sweep(): void {
    const now = performance.now();
    for (const [id, lease] of this.leases) {
      if (lease.refill) continue;
      if (lease.tokens > 0 && now - lease.grantedAt > LEASE_MAX_AGE_MS) {
        this.giveBack(lease, lease.tokens);
        lease.minuteCount -= lease.tokens;
        lease.dayCount -= lease.tokens;
        lease.tokens = 0;
        lease.block = FIRST_BLOCK;
      }
      if (lease.tokens === 0 && now - lease.usedAt > LEASE_MAX_AGE_MS) this.leases.delete(id);
    }
    if (this.leases.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  private retire(id: string, lease: Lease): void {
    lease.retired = true;
    this.giveBack(lease, lease.tokens);
    lease.tokens = 0;
    this.leases.delete(id);
  }

  private giveBack(lease: Lease, n: number): void {
    if (n <= 0) return;
    const r = lease.request;
    const keys = r.usageKey ? [r.counterKey, r.usageKey] : [r.counterKey];
    // A return that fails leaves the tokens counted as used: the caller loses them, no one gains.
    const done = RETURN_SCRIPT.run(this.redis, keys, [n, r.minuteWindow, r.dayWindow, r.dayLabel])
      .catch(() => undefined)
      .finally(() => this.returns.delete(done));
    this.returns.add(done);
  }
}

/** A lease per caller and limits (a changed ceiling starts a new one). */
function leaseId(request: QuotaRequest): string {
  return `${request.counterKey}\n${request.usageKey}\n${request.perMinute}\n${request.perDay}`;
}

/** What both windows still allow, as Redis last said (0 when nothing is known yet). */
function remaining(lease: Lease): number {
  if (!lease.known) return 0;
  const r = lease.request;
  return Math.min(r.perMinute - lease.minuteCount, r.perDay - lease.dayCount);
}

function leasable(lease: Lease): boolean {
  return lease.recent >= LEASE_MIN_RECENT && remaining(lease) >= LEASE_MIN_REMAINING;
}

function noteRequest(lease: Lease): void {
  const now = performance.now();
  lease.usedAt = now;
  if (now - lease.recentSince > RECENT_MS) {
    lease.recent = 0;
    lease.recentSince = now;
  }
  lease.recent += 1;
}

function isOlder(a: QuotaRequest, b: QuotaRequest): boolean {
  return a.dayWindow < b.dayWindow || (a.dayWindow === b.dayWindow && a.minuteWindow < b.minuteWindow);
}
