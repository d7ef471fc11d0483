import { LuaScript, type Redis } from '@trendscope/core';

/** Reserves the next start slot for a domain; resolves to how long (ms) to wait before starting. */
export type StartReserver = (domain: string) => Promise<number>;

/**
 * Atomically takes the domain's next free start time (Redis server clock, so hosts with skewed
 * clocks agree) and moves it `delay` ms on: every caller, in whatever process, gets its own start
 * time at least `delay` after the previous one. The key expires shortly after the slot it holds.
 */
const RESERVE_START = new LuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nxt = tonumber(redis.call('GET', KEYS[1]) or '0')
local delay = tonumber(ARGV[1])
local start = math.max(now, nxt)
redis.call('SET', KEYS[1], start + delay, 'PX', start - now + delay + 1000)
return start - now
`);

/**
 * The politeness delay shared by every worker process through Redis (PIPELINE_DOMAIN_DELAY_MS
 * holds between two request starts to one domain across the whole deployment, not per process).
 */
export function redisStartReserver(redis: Redis, keyPrefix: string, delayMs: number): StartReserver {
  return async (domain) => {
    const wait = await RESERVE_START.run(redis, [`${keyPrefix}:polite:${domain.toLowerCase()}`], [delayMs]);
    return Number(wait);
  };
}
