import type { Redis } from 'ioredis';
import { LuaScript, type ScriptRunner } from '../redis/lua-script';
import { DAY, MINUTE, windowAt } from './quota-windows';

/**
 * Everything quotas keep in Redis, in one place. Two keys per caller:
 *
 * - `<prefix>:quota:<subject>` (subject `k:<key id>` or `a:<client address>`): a hash with the
 *   minute window's number and count (`mw`, `mc`) and the day window's (`dw`, `dc`). A count is
 *   valid only while its window number is the current one, so a new window starts at 0 with no
 *   reset job; the key expires a minute after the day it was started in ends.
 * - `<prefix>:usage:<key id>` (registered keys only): a hash of requests per UTC day
 *   (`YYYY-MM-DD` -> count) for the console's usage chart, kept USAGE_HISTORY_DAYS days.
 *
 * Only the two scripts below write them (atomically), and only the readers below read them.
 */
export function quotaKey(keyPrefix: string, subject: string): string {
  return `${keyPrefix}:quota:${subject}`;
}

/** Redis key of a key's requests per UTC day (see quotaKey for the layout). */
export function usageKey(keyPrefix: string, keyId: string): string {
  return `${keyPrefix}:usage:${keyId}`;
}

/** How long a key's usage history is kept, in days (the console shows the last 30). */
export const USAGE_HISTORY_DAYS = 35;

/** `YYYY-MM-DD` of the UTC day of `ms`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Counts a batch of entries atomically. For each entry, in order, it reads the caller's hash,
 * admits k = min(n, what both windows still allow), counts exactly k in both windows (a window
 * that refuses consumes neither) and adds k to the day's usage history. It also answers the data
 * generation, which a counted read needs next. Several callers' keys in one script need one Redis
 * primary (a Redis Cluster would need them all in one hash slot; see ARCHITECTURE.md).
 * KEYS[1] data generation, then each distinct counter and usage key; ARGV per entry (9 values):
 * counter key index, usage key index (0: none), requests, minute window, day window, minute
 * limit, day limit, seconds to the day's end, day label. Answer: generation, then k, minute
 * count and day count before the entry, per entry.
 */
const COUNT_SCRIPT = new LuaScript(`
local out = {redis.call('GET', KEYS[1]) or ''}
for i = 1, #ARGV, 9 do
  local ck = KEYS[tonumber(ARGV[i])]
  local ui = tonumber(ARGV[i + 1])
  local mw, dw = tonumber(ARGV[i + 3]), tonumber(ARGV[i + 4])
  local v = redis.call('HMGET', ck, 'mw', 'mc', 'dw', 'dc')
  local mc = (tonumber(v[1]) == mw) and tonumber(v[2]) or 0
  local dc = (tonumber(v[3]) == dw) and tonumber(v[4]) or 0
  local k = math.max(0, math.min(tonumber(ARGV[i + 2]), tonumber(ARGV[i + 5]) - mc, tonumber(ARGV[i + 6]) - dc))
  if k > 0 then
    redis.call('HSET', ck, 'mw', mw, 'mc', mc + k, 'dw', dw, 'dc', dc + k)
    -- Expiry is set when a day starts, not on every request (each call costs the script's time).
    if dc == 0 then redis.call('EXPIRE', ck, tonumber(ARGV[i + 7]) + 60) end
    if ui > 0 and redis.call('HINCRBY', KEYS[ui], ARGV[i + 8], k) == k then
      redis.call('EXPIRE', KEYS[ui], ${USAGE_HISTORY_DAYS * DAY.seconds})
    end
  end
  out[#out + 1] = k
  out[#out + 1] = mc
  out[#out + 1] = dc
end
return out
`);

/** Runs the count script (see COUNT_SCRIPT for its keys, arguments and answer). */
export async function runCountScript(
  redis: ScriptRunner,
  keys: string[],
  args: (string | number)[],
): Promise<(string | number)[]> {
  return (await COUNT_SCRIPT.run(redis, keys, args)) as (string | number)[];
}

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

/** Where and when tokens were counted: what returnTokens needs to take them back. */
export interface CountedAt {
  counterKey: string;
  /** '' when no usage history is kept. */
  usageKey: string;
  minuteWindow: number;
  dayWindow: number;
  dayLabel: string;
}

/** Takes `n` unused tokens back out of the windows (and usage day) they were counted in. */
export async function returnTokens(redis: ScriptRunner, at: CountedAt, n: number): Promise<void> {
  const keys = at.usageKey ? [at.counterKey, at.usageKey] : [at.counterKey];
  await RETURN_SCRIPT.run(redis, keys, [n, at.minuteWindow, at.dayWindow, at.dayLabel]);
}

/** Requests counted so far in the current minute and day for `subject` (nothing is counted). */
export async function readQuotaUsage(
  redis: Redis,
  keyPrefix: string,
  subject: string,
  nowMs: number,
): Promise<{ minute: number; day: number }> {
  return readWindowCounts(
    redis,
    quotaKey(keyPrefix, subject),
    windowAt(nowMs, MINUTE.seconds).id,
    windowAt(nowMs, DAY.seconds).id,
  );
}

/**
 * The counts of `counterKey` in these minute and day windows, read with one HMGET and written to
 * nothing (a window the hash does not hold counts 0).
 */
export async function readWindowCounts(
  redis: Redis,
  counterKey: string,
  minuteWindow: number,
  dayWindow: number,
): Promise<{ minute: number; day: number }> {
  const [mw, mc, dw, dc] = await redis.hmget(counterKey, 'mw', 'mc', 'dw', 'dc');
  return {
    minute: Number(mw) === minuteWindow ? Number(mc) : 0,
    day: Number(dw) === dayWindow ? Number(dc) : 0,
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
  const labels = Array.from({ length: days }, (_, i) => utcDay(nowMs - (days - 1 - i) * DAY.seconds * 1000));
  const counts = await redis.hmget(usageKey(keyPrefix, keyId), ...labels);
  return labels.map((day, i) => ({ day, requests: Number(counts[i] ?? 0) }));
}
