import type { Redis } from 'ioredis';
import type { QuotaLimits } from '../config/load-config';
import { generationKey } from '../redis/data-generation';
import { QuotaBatcher, type QuotaRequest } from './quota-batcher';
import { dayCountOf, minuteCountOf, QuotaLeases, type QuotaCaller } from './quota-leases';
import { quotaKey, readWindowCounts, usageKey, utcDay } from './quota-store';
import { DAY, MINUTE, secondsToWindowEnd } from './quota-windows';

/*
 * How quotas are counted (read this first). A request is counted in two fixed windows, the minute
 * and the UTC day (quota-windows.ts), in Redis, so every API process shares one count per caller
 * (quota-store.ts holds the key layout, both Lua scripts and the readers). Three parts, one per
 * layer, each used only when the one above cannot answer:
 *
 * 1. QuotaService (this file) is the entry point: the API's composition root builds one per
 *    process, the quota middleware asks it to count each request, and shutdown closes it. It turns
 *    the clock into window numbers and the counts into the RateLimit figures.
 * 2. QuotaLeases (quota-leases.ts) serves a busy caller far from its limit from a block of tokens
 *    this process counted in Redis beforehand: the answer comes at once, with no Redis round trip
 *    and no promise. It applies to callers sending at least 8 requests per 100 ms to this process
 *    with at least 128 left in both windows; unused tokens go back after 500 ms, when a window
 *    ends and on close(), so a quota of N still lets exactly N through.
 * 3. QuotaBatcher (quota-batcher.ts) counts everything else (quiet callers, callers near their
 *    limit, lease refills): the requests of one event-loop turn share one atomic script call.
 */

/** How one window stands after a request. */
export interface WindowState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** The outcome of counting one request. */
export interface QuotaDecision {
  allowed: boolean;
  minute: WindowState;
  day: WindowState;
  /**
   * The data generation when the count went to Redis (null when none is known); absent when the
   * request was served from this process's lease, and the reader must read it itself.
   */
  dataGeneration?: string | null;
}

const MINUTE_MS = MINUTE.seconds * 1000;
const DAY_MS = DAY.seconds * 1000;

function stand(limit: number, count: number, resetSeconds: number): WindowState {
  return { limit, remaining: Math.max(0, limit - count), resetSeconds };
}

/** Counts requests against quotas on one Redis and key prefix; one per process, closed on shutdown. */
export class QuotaService {
  private readonly leases: QuotaLeases;
  private readonly redis: Redis;
  /** The label of the last UTC day seen, formatted once a day rather than on every request. */
  private lastDay = { id: -1, label: '' };

  /** `options.clock`: the leases' clock (monotonic milliseconds; see QuotaLeases), for tests. */
  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    options: { clock?: () => number } = {},
  ) {
    this.redis = redis;
    this.leases = new QuotaLeases(redis, new QuotaBatcher(redis, generationKey(keyPrefix)), options.clock);
  }

  /**
   * The handle to count `subject`'s requests against `limits` with (keys and lease id built once):
   * callers that count many requests keep it (the middleware keeps one per verified key). `keyId`
   * also records the day's usage for the console.
   */
  caller(subject: string, limits: QuotaLimits, keyId?: string): QuotaCaller {
    const counterKey = quotaKey(this.keyPrefix, subject);
    const usage = keyId ? usageKey(this.keyPrefix, keyId) : '';
    return {
      counterKey,
      usageKey: usage,
      perMinute: limits.perMinute,
      perDay: limits.perDay,
      leaseId: `${counterKey}\n${usage}\n${limits.perMinute}\n${limits.perDay}`,
      lease: null,
    };
  }

  /**
   * Counts one request of `caller` at `nowMs` (the process clock; API processes are assumed
   * NTP-synchronised); both windows count it or neither. Served from this process's lease, the
   * answer comes at once, without a promise, a key string or a request object (an await per
   * request costs a measurable share of a cached answer's CPU); otherwise it is counted in Redis.
   */
  count(caller: QuotaCaller, nowMs: number): QuotaDecision | Promise<QuotaDecision> {
    const minuteWindow = Math.floor(nowMs / MINUTE_MS);
    const dayWindow = Math.floor(nowMs / DAY_MS);
    const lease = this.leases.takeNow(caller, minuteWindow, dayWindow);
    if (lease === null) return this.countInRedis(caller, nowMs, minuteWindow, dayWindow);
    return standing(caller, nowMs, minuteWindow, dayWindow, true, minuteCountOf(lease), dayCountOf(lease));
  }

  /**
   * How `caller`'s windows stand at `nowMs`, counting nothing: for answers that spend no quota
   * (health checks, the API's documents). `allowed` says whether the next request would be. From
   * this process's lease when it holds one for these windows (no round trip, no promise; its
   * tokens count as remaining, as in a counted answer), else one HMGET of the caller's counter.
   */
  peek(caller: QuotaCaller, nowMs: number): QuotaDecision | Promise<QuotaDecision> {
    const minuteWindow = Math.floor(nowMs / MINUTE_MS);
    const dayWindow = Math.floor(nowMs / DAY_MS);
    const lease = this.leases.peekNow(caller, minuteWindow, dayWindow);
    if (lease !== null) return peeked(caller, nowMs, minuteWindow, dayWindow, minuteCountOf(lease), dayCountOf(lease));
    return readWindowCounts(this.redis, caller.counterKey, minuteWindow, dayWindow).then((counts) =>
      peeked(caller, nowMs, minuteWindow, dayWindow, counts.minute, counts.day),
    );
  }

  /** Counts one request of `subject` against `limits`: for one-off counts (a caller counting many keeps caller()). */
  consume(subject: string, limits: QuotaLimits, nowMs: number, keyId?: string): QuotaDecision | Promise<QuotaDecision> {
    return this.count(this.caller(subject, limits, keyId), nowMs);
  }

  /** Gives back every quota token this process holds (before Redis closes on shutdown). */
  async close(): Promise<void> {
    await this.leases.release();
  }

  /** count() when the lease cannot answer at once: a refill to wait for, or a count in Redis. */
  private async countInRedis(
    caller: QuotaCaller,
    nowMs: number,
    minuteWindow: number,
    dayWindow: number,
  ): Promise<QuotaDecision> {
    const request: QuotaRequest = {
      counterKey: caller.counterKey,
      usageKey: caller.usageKey,
      minuteWindow,
      dayWindow,
      perMinute: caller.perMinute,
      perDay: caller.perDay,
      dayResetSeconds: secondsToWindowEnd(nowMs, dayWindow, DAY.seconds),
      dayLabel: this.dayLabelOf(dayWindow),
    };
    const counted = await this.leases.count(caller, request);
    const decision = standing(
      caller,
      nowMs,
      minuteWindow,
      dayWindow,
      counted.allowed,
      counted.minuteCount,
      counted.dayCount,
    );
    if (counted.dataGeneration !== undefined) decision.dataGeneration = counted.dataGeneration;
    return decision;
  }

  private dayLabelOf(dayId: number): string {
    if (this.lastDay.id !== dayId) this.lastDay = { id: dayId, label: utcDay(dayId * DAY_MS) };
    return this.lastDay.label;
  }
}

/** How both windows stand with these counts (the request's own included). */
function standing(
  caller: QuotaCaller,
  nowMs: number,
  minuteWindow: number,
  dayWindow: number,
  allowed: boolean,
  minuteCount: number,
  dayCount: number,
): QuotaDecision {
  return {
    allowed,
    minute: stand(caller.perMinute, minuteCount, secondsToWindowEnd(nowMs, minuteWindow, MINUTE.seconds)),
    day: stand(caller.perDay, dayCount, secondsToWindowEnd(nowMs, dayWindow, DAY.seconds)),
  };
}

/** standing() of a request not counted: allowed when both windows have one left. */
function peeked(
  caller: QuotaCaller,
  nowMs: number,
  minuteWindow: number,
  dayWindow: number,
  minuteCount: number,
  dayCount: number,
): QuotaDecision {
  const allowed = minuteCount < caller.perMinute && dayCount < caller.perDay;
  return standing(caller, nowMs, minuteWindow, dayWindow, allowed, minuteCount, dayCount);
}
