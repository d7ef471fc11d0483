import { QuotaService, type QuotaDecision, type QuotaLimits, type Redis } from '@trendscope/core';

// One QuotaService per Redis client and key prefix, as an API process has: tests that start several
// apps (or count directly) on one client share its leases, as the requests of one process do.
const services = new Map<Redis, Map<string, QuotaService>>();

/**
 * The quota service of `redis` and `keyPrefix` in this test process (built on first use; `clock`,
 * the leases' clock, is read only then).
 */
export function quotaServiceFor(redis: Redis, keyPrefix: string, clock?: () => number): QuotaService {
  let byPrefix = services.get(redis);
  if (!byPrefix) services.set(redis, (byPrefix = new Map()));
  let service = byPrefix.get(keyPrefix);
  if (!service) byPrefix.set(keyPrefix, (service = new QuotaService(redis, keyPrefix, { clock })));
  return service;
}

/** Counts one request of `subject` on `redis` (QuotaService.consume of that client's service). */
export function consumeQuota(
  redis: Redis,
  keyPrefix: string,
  subject: string,
  limits: QuotaLimits,
  nowMs: number,
  keyId?: string,
): QuotaDecision | Promise<QuotaDecision> {
  return quotaServiceFor(redis, keyPrefix).consume(subject, limits, nowMs, keyId);
}

/** Closes every quota service of `redis`: the tokens they hold go back to Redis. */
export async function releaseQuotaLeases(redis: Redis): Promise<void> {
  const byPrefix = services.get(redis);
  services.delete(redis);
  await Promise.all([...(byPrefix?.values() ?? [])].map((service) => service.close()));
}
