import type { Context, Middleware, Next } from 'koa';
import { LRUCache } from 'lru-cache';
import { Counter, type Registry } from 'prom-client';
import {
  resolveClientAddress,
  RateLimitedError,
  UnauthorizedError,
  watchRedisOutages,
  type Config,
  type Logger,
  type QuotaCaller,
  type QuotaDecision,
  type QuotaLimits,
  type QuotaService,
  type Redis,
  type VerifiedKey,
} from '@trendscope/core';

import type { KeyVerifier } from '../auth/key-verifier';
import type { LastUsedRecorder } from '../auth/last-used-recorder';
import { readPresentedKey } from '../auth/presented-key';
import { formatRateLimit, formatRateLimitPolicy, retryAfterSeconds } from '../quota/rate-limit-headers';

/**
 * Paths never counted: health checks, the API's documentation, the console (its own throttles).
 * Their answers still carry the caller's RateLimit-Policy and RateLimit, read without counting.
 */
const UNCOUNTED = /^\/(health|docs|console)(\/|$)/;

/** Anonymous callers (client addresses) whose counting handles are kept. */
const MAX_KEPT_ADDRESSES = 10_000;

/** A caller's quota handle and its RateLimit-Policy value, built once per caller, not per request. */
interface CountedCaller {
  quota: QuotaCaller;
  policy: string;
}

/** What the quota middleware needs. */
export interface QuotaDeps {
  config: Config;
  logger: Logger;
  redis: Redis;
  quotas: QuotaService;
  verifier: KeyVerifier;
  lastUsed: LastUsedRecorder;
  metrics?: Registry;
  now?: () => number;
}

/** The quota middleware, in two places of the chain, sharing one set of callers and one outage log. */
export interface QuotaMiddleware {
  /** Authentication and counting, behind the error handler. */
  guard: Middleware;
  /**
   * Around the CORS middleware, which answers a preflight itself without going further: labels
   * that answer as an uncounted one.
   */
  preflight: Middleware;
}

/**
 * A CORS preflight as @koa/cors tells one (OPTIONS with Access-Control-Request-Method): it answers
 * these itself, whatever the path.
 */
function isCorsPreflight(ctx: Context): boolean {
  return ctx.method === 'OPTIONS' && ctx.get('access-control-request-method') !== '';
}

/**
 * Authentication and quotas. A presented key must verify (else 401, counted against the client
 * address); a registered caller is counted per key id, an anonymous one per client address, in
 * both windows at once (atomically in Redis), and every counted answer carries RateLimit-Policy
 * and RateLimit; uncounted answers (UNCOUNTED paths, CORS preflights) carry both, read without
 * counting. API_QUOTAS_ENABLED=false stops the counting and the labels, not the key checks. With
 * Redis down requests pass uncounted (fail open), counted in a metric; the outage is logged once,
 * by the Redis client's OutageLog.
 */
export function quotaMiddleware(deps: QuotaDeps): QuotaMiddleware {
  const { quotas } = deps.config;
  const failOpen = deps.metrics
    ? new Counter({
        name: 'trendscope_quota_fail_open_total',
        help: 'Requests let through uncounted because Redis could not count them.',
        registers: [deps.metrics],
      })
    : null;
  const outage = watchRedisOutages(deps.redis, deps.logger);
  const now = deps.now ?? Date.now;
  const passUncounted = (): null => {
    failOpen?.inc();
    return null;
  };

  /** Sets a counted answer's headers; a refusal throws 429. */
  const apply = (ctx: Context, decision: QuotaDecision): void => {
    ctx.res.setHeader('RateLimit', formatRateLimit(decision));
    // The answer's ETag and cache key use this generation instead of reading it again.
    if (decision.dataGeneration !== undefined) ctx.state.dataGeneration = decision.dataGeneration;
    if (!decision.allowed) throw new RateLimitedError(retryAfterSeconds(decision));
  };

  const counted = (subject: string, limits: QuotaLimits, keyId?: string): CountedCaller => ({
    quota: deps.quotas.caller(subject, limits, keyId),
    policy: formatRateLimitPolicy(limits),
  });
  // Per verified key object (the verifier hands out the same one while it is cached) and per address.
  const byKey = new WeakMap<VerifiedKey, CountedCaller>();
  const byAddress = new LRUCache<string, CountedCaller>({ max: MAX_KEPT_ADDRESSES });
  const registered = (key: VerifiedKey): CountedCaller => {
    let caller = byKey.get(key);
    if (!caller) {
      const limits = {
        perMinute: key.perMinute ?? quotas.registered.perMinute,
        perDay: key.perDay ?? quotas.registered.perDay,
      };
      byKey.set(key, (caller = counted(`k:${key.id}`, limits, key.id)));
    }
    return caller;
  };
  const anonymous = (ctx: Context): CountedCaller => {
    const address = resolveClientAddress(
      ctx.req.socket.remoteAddress,
      ctx.get('x-forwarded-for'),
      quotas.trustProxyHops,
    );
    let caller = byAddress.get(address);
    if (!caller) byAddress.set(address, (caller = counted(`a:${address}`, quotas.anonymous)));
    return caller;
  };

  /**
   * Counts the request and sets its headers. A promise only when Redis must be asked: a busy
   * caller's request is usually taken from this process's lease at once, and an await per request
   * would cost a measurable share of a cached answer's CPU.
   */
  const count = (ctx: Context, caller: CountedCaller): Promise<void> | undefined => {
    // Straight on the response: Koa's ctx.set builds arrays and closures per call (hundreds of
    // bytes), a measurable share of what counting a request costs; nothing is sent yet here.
    ctx.res.setHeader('RateLimit-Policy', caller.policy);
    // Not connected: the client's own error events have told the outage log already.
    if (deps.redis.status !== 'ready') {
      passUncounted();
      return undefined;
    }
    const counted = deps.quotas.count(caller.quota, now());
    if (!(counted instanceof Promise)) {
      apply(ctx, counted);
      return undefined;
    }
    return counted.then(
      (decision) => {
        // A Redis that hung without dropping the connection sends no `ready` when it answers again.
        outage.restored();
        apply(ctx, decision);
      },
      (err: Error) => {
        outage.error(err);
        passUncounted();
      },
    );
  };

  /**
   * The caller of an uncounted request: its key's when the key verifies, else anonymous. These
   * paths never refuse a key, and a verification that fails (OpenSearch down) labels the answer
   * anonymous rather than failing a health check.
   */
  const uncountedCaller = async (ctx: Context): Promise<CountedCaller> => {
    const presented = readPresentedKey(ctx);
    if (presented.kind === 'none') return anonymous(ctx);
    const key = await deps.verifier.verify(presented.key).catch(() => null);
    return key ? registered(key) : anonymous(ctx);
  };

  /**
   * The headers of an uncounted answer: the caller's policy and how its windows stand, read
   * without counting (from this process's lease, or one Redis read). Never rejects: with Redis
   * unreachable the answer carries RateLimit-Policy alone, as a counted one does.
   */
  const peek = async (ctx: Context): Promise<void> => {
    const caller = await uncountedCaller(ctx);
    if (ctx.res.headersSent) return;
    ctx.res.setHeader('RateLimit-Policy', caller.policy);
    if (deps.redis.status !== 'ready') return;
    let decision: QuotaDecision;
    try {
      decision = await deps.quotas.peek(caller.quota, now());
      outage.restored();
    } catch (err) {
      outage.error(err as Error);
      return;
    }
    if (!ctx.res.headersSent) ctx.res.setHeader('RateLimit', formatRateLimit(decision));
  };

  /** Serves an uncounted answer, labelled as `peek` reads the caller's quota. */
  const uncounted = async (ctx: Context, next: Next): Promise<void> => {
    if (!quotas.enabled) {
      await next();
      return;
    }
    // Read alongside the answer, so a health check waits for the slower of the two, not both.
    const peeking = peek(ctx);
    try {
      await next();
    } finally {
      await peeking;
    }
  };

  const preflight: Middleware = (ctx, next) => (isCorsPreflight(ctx) ? uncounted(ctx, next) : next());

  const guard: Middleware = async (ctx, next) => {
    if (UNCOUNTED.test(ctx.path)) {
      await uncounted(ctx, next);
      return;
    }
    const presented = readPresentedKey(ctx);
    if (presented.kind === 'none') {
      const counting = quotas.enabled ? count(ctx, anonymous(ctx)) : undefined;
      if (counting) await counting;
      await next();
      return;
    }
    const key = await deps.verifier.verify(presented.key);
    if (!key) {
      const counting = quotas.enabled ? count(ctx, anonymous(ctx)) : undefined;
      if (counting) await counting;
      throw new UnauthorizedError();
    }
    ctx.state.apiKeyId = key.id;
    const counting = quotas.enabled ? count(ctx, registered(key)) : undefined;
    if (counting) await counting;
    deps.lastUsed.note(key.id);
    await next();
  };

  return { guard, preflight };
}
