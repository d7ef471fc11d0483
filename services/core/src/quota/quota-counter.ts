import type { Redis } from 'ioredis';
import type { QuotaLimits } from '../config/load-config';
import { generationKey } from '../redis/data-generation';
import { QuotaBatcher, type QuotaRequest } from './quota-batcher';
import { dayCountOf, minuteCountOf, QuotaLeases, type QuotaCaller } from './quota-leases';
import { secondsToWindowEnd, windowAt } from './quota-windows';

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

/** Redis key of a caller's counters: `k:<key id>` or `a:<address>`. */
export function quotaKey(keyPrefix: string, subject: string): string {
  return `${keyPrefix}:quota:${subject}`;
}

/** Redis key of a key's requests per UTC day. */
export function usageKey(keyPrefix: string, keyId: string): string {
  return `${keyPrefix}:usage:${keyId}`;
}

/** `YYYY-MM-DD` of the UTC day of `ms`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

let lastDay = { id: -1, label: '' };

/** The label of UTC day number `dayId`, formatted once a day rather than on every request. */
function dayLabelOf(dayId: number): string {
  if (lastDay.id !== dayId) lastDay = { id: dayId, label: utcDay(dayId * 86_400_000) };
  return lastDay.label;
}

function stand(limit: number, count: number, resetSeconds: number): WindowState {
  return { limit, remaining: Math.max(0, limit - count), resetSeconds };
}

const leasesByClient = new WeakMap<Redis, Map<string, QuotaLeases>>();

/** The one lease store (and batcher) of a Redis client and key prefix, shared by all its requests. */
function leasesFor(redis: Redis, keyPrefix: string): QuotaLeases {
  let byPrefix = leasesByClient.get(redis);
  if (!byPrefix) leasesByClient.set(redis, (byPrefix = new Map<string, QuotaLeases>()));
  let leases = byPrefix.get(keyPrefix);
  if (!leases) {
    leases = new QuotaLeases(redis, new QuotaBatcher(redis, generationKey(keyPrefix)));
    byPrefix.set(keyPrefix, leases);
  }
  return leases;
}

/** Gives back every quota token this process holds on `redis` (before closing it on shutdown). */
export async function releaseQuotaLeases(redis: Redis): Promise<void> {
  await Promise.all([...(leasesByClient.get(redis)?.values() ?? [])].map((leases) => leases.release()));
}

/**
 * The handle to count `subject`'s requests against `limits` with (keys and lease id built once):
 * callers that count many requests keep it (the middleware keeps one per verified key). `keyId`
 * also records the day's usage for the console.
 */
export function quotaCaller(
  redis: Redis,
  keyPrefix: string,
  subject: string,
  limits: QuotaLimits,
  keyId?: string,
): QuotaCaller {
  const counterKey = quotaKey(keyPrefix, subject);
  const usage = keyId ? usageKey(keyPrefix, keyId) : '';
  return {
    counterKey,
    usageKey: usage,
    perMinute: limits.perMinute,
    perDay: limits.perDay,
    leaseId: `${counterKey}\n${usage}\n${limits.perMinute}\n${limits.perDay}`,
    leases: leasesFor(redis, keyPrefix),
    lease: null,
  };
}

/**
 * Counts one request of `subject` against `limits` at `nowMs` (the process clock; API processes
 * are assumed NTP-synchronised). Both windows count a request or neither. For one-off counts; a
 * caller counting many keeps a quotaCaller() and uses countQuota().
 */
export function consumeQuota(
  redis: Redis,
  keyPrefix: string,
  subject: string,
  limits: QuotaLimits,
  nowMs: number,
  keyId?: string,
): QuotaDecision | Promise<QuotaDecision> {
  return countQuota(quotaCaller(redis, keyPrefix, subject, limits, keyId), nowMs);
}

/**
 * Counts one request of `caller` at `nowMs`. Far from its limit a caller is served from this
 * process's lease (QuotaLeases), and then the answer comes at once, without a promise, a key
 * string or a request object (an await per request costs a measurable share of a cached answer's
 * CPU); near it, requests of one event-loop turn share one atomic script call.
 */
export function countQuota(caller: QuotaCaller, nowMs: number): QuotaDecision | Promise<QuotaDecision> {
  const minuteWindow = Math.floor(nowMs / 60_000);
  const dayWindow = Math.floor(nowMs / 86_400_000);
  const lease = caller.leases.takeNow(caller, minuteWindow, dayWindow);
  if (lease === null) return countInRedis(caller, nowMs);
  return standing(caller, nowMs, minuteWindow, dayWindow, true, minuteCountOf(lease), dayCountOf(lease));
}

/** countQuota when the lease cannot answer at once: a refill to wait for, or a count in Redis. */
async function countInRedis(caller: QuotaCaller, nowMs: number): Promise<QuotaDecision> {
  const minute = windowAt(nowMs, 60);
  const day = windowAt(nowMs, 86_400);
  const request: QuotaRequest = {
    counterKey: caller.counterKey,
    usageKey: caller.usageKey,
    minuteWindow: minute.id,
    dayWindow: day.id,
    perMinute: caller.perMinute,
    perDay: caller.perDay,
    dayResetSeconds: day.resetSeconds,
    dayLabel: dayLabelOf(day.id),
  };
  const counted = await caller.leases.count(caller, request);
  const decision = standing(caller, nowMs, minute.id, day.id, counted.allowed, counted.minuteCount, counted.dayCount);
  if (counted.dataGeneration !== undefined) decision.dataGeneration = counted.dataGeneration;
  return decision;
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
    minute: stand(caller.perMinute, minuteCount, secondsToWindowEnd(nowMs, minuteWindow, 60)),
    day: stand(caller.perDay, dayCount, secondsToWindowEnd(nowMs, dayWindow, 86_400)),
  };
}

/** Requests counted so far in the current minute and day for `subject` (nothing is counted). */
export async function readQuotaUsage(
  redis: Redis,
  keyPrefix: string,
  subject: string,
  nowMs: number,
): Promise<{ minute: number; day: number }> {
  const [mw, mc, dw, dc] = await redis.hmget(quotaKey(keyPrefix, subject), 'mw', 'mc', 'dw', 'dc');
  return {
    minute: Number(mw) === windowAt(nowMs, 60).id ? Number(mc) : 0,
    day: Number(dw) === windowAt(nowMs, 86_400).id ? Number(dc) : 0,
  };
}

/** Requests served per UTC day for key `keyId`, for the `days` days ending today (oldest first). */
export async function readUsageHistory(
  redis: Redis,
  keyPrefix: string,
  keyId: string,
  nowMs: number,
  days = 30,
): Promise<{ day: string; requests: number }[]> {
  const labels = Array.from({ length: days }, (_, i) => utcDay(nowMs - (days - 1 - i) * 86_400_000));
  const counts = await redis.hmget(usageKey(keyPrefix, keyId), ...labels);
  return labels.map((day, i) => ({ day, requests: Number(counts[i] ?? 0) }));
}
