import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { QuotaLimits } from '../config/load-config';
import { generationKey } from '../redis/data-generation';
import { windowAt } from './quota-windows';

/**
 * One Lua script, so counting is atomic across any number of API processes: both windows are
 * checked first and both are counted only when both allow, so a request refused by one window
 * consumes neither. One hash per caller holds the window numbers and counts (one key, so it also
 * works on a Redis cluster). For keys, the day's count is also added to a per-day usage history.
 * The script also answers the data generation, which every counted read needs next: one round
 * trip instead of two (the second was most of what quotas cost a cached answer).
 * KEYS[1] counters, KEYS[2] usage history (or ''), KEYS[3] data generation; ARGV: minute window,
 * day window, minute limit, day limit, seconds to the day's end, day label.
 */
const CONSUME_SCRIPT = `
local v = redis.call('HMGET', KEYS[1], 'mw', 'mc', 'dw', 'dc')
local g = redis.call('GET', KEYS[3]) or ''
local mw, dw = tonumber(ARGV[1]), tonumber(ARGV[2])
local mc = (tonumber(v[1]) == mw) and tonumber(v[2]) or 0
local dc = (tonumber(v[3]) == dw) and tonumber(v[4]) or 0
if mc >= tonumber(ARGV[3]) or dc >= tonumber(ARGV[4]) then return {0, mc, dc, g} end
mc = mc + 1
dc = dc + 1
redis.call('HSET', KEYS[1], 'mw', mw, 'mc', mc, 'dw', dw, 'dc', dc)
-- Expiry is set when a day starts, not on every request (each call costs the script's time).
if dc == 1 then redis.call('EXPIRE', KEYS[1], tonumber(ARGV[5]) + 60) end
if KEYS[2] ~= '' then
  if redis.call('HINCRBY', KEYS[2], ARGV[6], 1) == 1 then redis.call('EXPIRE', KEYS[2], 35 * 86400) end
end
return {1, mc, dc, g}
`;
const CONSUME_SHA = createHash('sha1').update(CONSUME_SCRIPT).digest('hex');

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
  /** The data generation read in the same call (null when none is known). */
  dataGeneration: string | null;
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

function stand(limit: number, count: number, resetSeconds: number): WindowState {
  return { limit, remaining: Math.max(0, limit - count), resetSeconds };
}

/**
 * Counts one request of `subject` against `limits` at `nowMs` (the process clock; API processes
 * are assumed NTP-synchronised). `keyId` also records the day's usage for the console.
 */
export async function consumeQuota(
  redis: Redis,
  keyPrefix: string,
  subject: string,
  limits: QuotaLimits,
  nowMs: number,
  keyId?: string,
): Promise<QuotaDecision> {
  const minute = windowAt(nowMs, 60);
  const day = windowAt(nowMs, 86_400);
  const keys = [quotaKey(keyPrefix, subject), keyId ? usageKey(keyPrefix, keyId) : '', generationKey(keyPrefix)];
  const args = [minute.id, day.id, limits.perMinute, limits.perDay, day.resetSeconds, utcDay(nowMs)];
  let out: unknown;
  try {
    out = await redis.evalsha(CONSUME_SHA, keys.length, ...keys, ...args);
  } catch (err) {
    if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
    out = await redis.eval(CONSUME_SCRIPT, keys.length, ...keys, ...args);
  }
  const [allowed, mc, dc, generation] = out as [number, number, number, string];
  return {
    allowed: allowed === 1,
    minute: stand(limits.perMinute, mc, minute.resetSeconds),
    day: stand(limits.perDay, dc, day.resetSeconds),
    dataGeneration: generation === '' ? null : generation,
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
