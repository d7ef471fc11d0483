import { performance } from 'node:perf_hooks';
import type { ScriptRunner } from '../redis/lua-script';
import type { QuotaBatcher, QuotaCount, QuotaRequest } from './quota-batcher';
import { returnTokens } from './quota-store';

/** A lease takes at most this share of what is left, so processes near the limit hold little. */
const LEASE_SHARE = 1 / 64;
/** Fewer left than this in either window: every request is counted in Redis, one by one (exact). */
export const LEASE_MIN_REMAINING = 2 / LEASE_SHARE;
const FIRST_BLOCK = 4;
/** Most tokens one refill asks for, whatever the caller's rate (a guard; see refill()). */
const MAX_BLOCK = 8192;
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
 * One caller under one set of limits, built once per caller rather than per request: its Redis
 * keys, its lease's id, and its lease itself once it has one (so a request finds it with one
 * property read instead of building a key string and looking it up).
 */
export interface QuotaCaller {
  readonly counterKey: string;
  readonly usageKey: string;
  readonly perMinute: number;
  readonly perDay: number;
  /** The caller and its limits: a changed ceiling starts a new lease. */
  readonly leaseId: string;
  lease: QuotaLease | null;
}

/** One caller's block of its quota held by this process, and what Redis last said of its windows. */
export interface QuotaLease {
  /** The caller, windows and limits the tokens were counted under. */
  request: QuotaRequest;
  /** Counted in Redis for this process and not yet handed to a request. */
  tokens: number;
  /** Redis's window counts as of its last answer (they include every token handed out). */
  minuteCount: number;
  dayCount: number;
  known: boolean;
  /** Tokens asked for by the last refill: the next one starts when half of it is left. */
  block: number;
  grantedAt: number;
  usedAt: number;
  /** Requests since `recentSince` (restarted every RECENT_MS), and in the RECENT_MS before it. */
  recent: number;
  recentSince: number;
  lastRecent: number;
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
  private readonly leases = new Map<string, QuotaLease>();
  private readonly returns = new Set<Promise<unknown>>();
  private sweeper: NodeJS.Timeout | null = null;

  /**
   * `clock` (milliseconds, monotonic) tells a caller's rate and a lease's age; a test gives one it
   * controls, so what it checks does not depend on how fast a loaded machine sends requests.
   */
  constructor(
    private readonly redis: ScriptRunner,
    private readonly batcher: QuotaBatcher,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /**
   * Counts one request of `caller` from this process's block, without a promise or any object,
   * when it holds tokens for the request's windows, and answers the lease (its counts as the
   * request sees them: leaseCounts); null when count() must be used. Most requests of a busy
   * caller end here, so this is a few property reads and one decrement: a cached answer costs
   * only tens of microseconds of CPU, and the goal leaves the counting a few of them.
   */
  takeNow(caller: QuotaCaller, minuteWindow: number, dayWindow: number): QuotaLease | null {
    let lease = caller.lease;
    if (lease === null || lease.retired) {
      lease = caller.lease = this.leases.get(caller.leaseId) ?? null;
      if (lease === null) return null;
    }
    const r = lease.request;
    if (lease.tokens <= 0 || r.minuteWindow !== minuteWindow || r.dayWindow !== dayWindow) return null;
    noteRequest(lease, this.clock());
    this.takeToken(lease);
    return lease;
  }

  /**
   * The lease of `caller` for these windows when this process holds one whose counts Redis has
   * answered, untouched (no token taken, no request noted): what an uncounted answer reads
   * instead of asking Redis. A lease with no tokens left still holds the counts of the caller's
   * last request here (it is dropped LEASE_MAX_AGE_MS after that request), so it may miss what
   * other processes counted since, as an answer served from a lease does. Null when there is none.
   */
  peekNow(caller: QuotaCaller, minuteWindow: number, dayWindow: number): QuotaLease | null {
    const lease =
      caller.lease !== null && !caller.lease.retired ? caller.lease : (this.leases.get(caller.leaseId) ?? null);
    if (lease === null || !lease.known) return null;
    const r = lease.request;
    return r.minuteWindow === minuteWindow && r.dayWindow === dayWindow ? lease : null;
  }

  /** Counts one request of `caller`: from this process's block when it holds one, else in Redis. */
  async count(caller: QuotaCaller, request: QuotaRequest): Promise<QuotaCount> {
    const id = caller.leaseId;
    for (let waits = 0; ; waits += 1) {
      let lease = this.leases.get(id);
      if (lease && isOlder(request, lease.request)) return this.batcher.count(request);
      if (lease && isOlder(lease.request, request)) {
        this.retire(id, lease);
        lease = undefined;
      }
      if (!lease) this.leases.set(id, (lease = this.open(request)));
      caller.lease = lease;
      if (waits === 0) noteRequest(lease, this.clock());
      if (lease.tokens > 0) return this.take(lease);
      if (waits >= MAX_REFILL_WAITS || (!lease.refill && !leasable(lease))) return this.countOne(lease, request);
      await (lease.refill ?? this.refill(lease));
    }
  }

  /** Gives every unused token back to Redis and waits until it is there (on shutdown). */
  async release(): Promise<void> {
    for (const [id, lease] of this.leases) this.retire(id, lease);
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await Promise.allSettled([...this.returns]);
  }

  private open(request: QuotaRequest): QuotaLease {
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
      this.sweeper.unref();
    }
    const now = this.clock();
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
      lastRecent: 0,
      refill: null,
      retired: false,
    };
  }

  private take(lease: QuotaLease): QuotaCount {
    this.takeToken(lease);
    return { allowed: true, granted: 1, minuteCount: minuteCountOf(lease), dayCount: dayCountOf(lease) };
  }

  private takeToken(lease: QuotaLease): void {
    lease.tokens -= 1;
    if (lease.tokens <= lease.block / 2 && !lease.refill && leasable(lease)) void this.refill(lease);
  }

  private async countOne(lease: QuotaLease, request: QuotaRequest): Promise<QuotaCount> {
    const counted = await this.batcher.count(request);
    if (!lease.retired) this.learn(lease, counted);
    return counted;
  }

  /**
   * Asks Redis for the next block; never rejects (a request that finds no tokens then asks alone).
   * The block is the caller's requests to this process in the last RECENT_MS (at least
   * FIRST_BLOCK), at most 1/64 of what is left in either window: asked for when half of the last
   * block is left, it has about RECENT_MS / 2 of the caller's traffic to come back before the
   * block runs out, even when Redis answers slowly under load.
   */
  private refill(lease: QuotaLease): Promise<void> {
    const rate = Math.max(FIRST_BLOCK, lease.recent, lease.lastRecent);
    const want = Math.max(1, Math.min(rate, MAX_BLOCK, Math.floor(remaining(lease) * LEASE_SHARE)));
    lease.block = want;
    const work = this.batcher.count({ ...lease.request, tokens: want }).then((counted) => {
      if (lease.retired) {
        this.giveBack(lease, counted.granted);
        return;
      }
      this.learn(lease, counted);
      lease.tokens += counted.granted;
      lease.grantedAt = this.clock();
    });
    const settled = work
      .catch(() => undefined)
      .finally(() => {
        lease.refill = null;
      });
    lease.refill = settled;
    return settled;
  }

  private learn(lease: QuotaLease, counted: QuotaCount): void {
    lease.minuteCount = counted.minuteCount;
    lease.dayCount = counted.dayCount;
    lease.known = true;
  }

  /** Gives back tokens held too long and forgets callers that stopped calling. */
  private sweep(): void {
    const now = this.clock();
    for (const [id, lease] of this.leases) {
      if (lease.refill) continue;
      if (lease.tokens > 0 && now - lease.grantedAt > LEASE_MAX_AGE_MS) {
        this.giveBack(lease, lease.tokens);
        lease.minuteCount -= lease.tokens;
        lease.dayCount -= lease.tokens;
        lease.tokens = 0;
      }
      if (lease.tokens === 0 && now - lease.usedAt > LEASE_MAX_AGE_MS) {
        // Retired, so a caller still pointing at it looks it up again.
        lease.retired = true;
        this.leases.delete(id);
      }
    }
    if (this.leases.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  private retire(id: string, lease: QuotaLease): void {
    lease.retired = true;
    this.giveBack(lease, lease.tokens);
    lease.tokens = 0;
    this.leases.delete(id);
  }

  private giveBack(lease: QuotaLease, n: number): void {
    if (n <= 0) return;
    // A return that fails leaves the tokens counted as used: the caller loses them, no one gains.
    const done = returnTokens(this.redis, lease.request, n)
      .catch(() => undefined)
      .finally(() => this.returns.delete(done));
    this.returns.add(done);
  }
}

/**
 * Requests counted in the lease's minute window as a request served from it sees them: what this
 * process still holds is not used yet, so the caller sees it as remaining.
 */
export function minuteCountOf(lease: QuotaLease): number {
  return lease.minuteCount - lease.tokens;
}

/** minuteCountOf for the day window. */
export function dayCountOf(lease: QuotaLease): number {
  return lease.dayCount - lease.tokens;
}

/** What both windows still allow, as Redis last said (0 when nothing is known yet). */
function remaining(lease: QuotaLease): number {
  if (!lease.known) return 0;
  const r = lease.request;
  return Math.min(r.perMinute - lease.minuteCount, r.perDay - lease.dayCount);
}

function leasable(lease: QuotaLease): boolean {
  return lease.recent >= LEASE_MIN_RECENT && remaining(lease) >= LEASE_MIN_REMAINING;
}

function noteRequest(lease: QuotaLease, now: number): void {
  lease.usedAt = now;
  if (now - lease.recentSince > RECENT_MS) {
    // The last period's count stands for the rate only when that period just ended.
    lease.lastRecent = now - lease.recentSince < 2 * RECENT_MS ? lease.recent : 0;
    lease.recent = 0;
    lease.recentSince = now;
  }
  lease.recent += 1;
}

function isOlder(a: QuotaRequest, b: QuotaRequest): boolean {
  return a.dayWindow < b.dayWindow || (a.dayWindow === b.dayWindow && a.minuteWindow < b.minuteWindow);
}
