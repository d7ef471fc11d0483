import { DAY, MINUTE, type QuotaDecision, type QuotaLimits } from '@trendscope/core';

/** `RateLimit-Policy` as the IETF draft writes it: `"minute";q=60;w=60, "day";q=2000;w=86400`. */
export function formatRateLimitPolicy(limits: QuotaLimits): string {
  return `"${MINUTE.name}";q=${limits.perMinute};w=${MINUTE.seconds}, "${DAY.name}";q=${limits.perDay};w=${DAY.seconds}`;
}

// RateLimit's fixed parts, built once: written into the template per answer, each extra part
// would cost a string piece on every counted answer (about 110 bytes per answer in all).
const MINUTE_REMAINING = `"${MINUTE.name}";r=`;
const DAY_REMAINING = `, "${DAY.name}";r=`;

/** `RateLimit`: remaining requests and seconds to reset, per window: `"minute";r=41;t=17, ...`. */
export function formatRateLimit(decision: QuotaDecision): string {
  return `${MINUTE_REMAINING}${decision.minute.remaining};t=${decision.minute.resetSeconds}${DAY_REMAINING}${decision.day.remaining};t=${decision.day.resetSeconds}`;
}

/**
 * `Retry-After` of a refused request: the reset of the latest window that has nothing left, so a
 * client that waits that long is not refused by the same window again (at least 1 second).
 */
export function retryAfterSeconds(decision: QuotaDecision): number {
  const spent = [decision.minute, decision.day].filter((w) => w.remaining === 0).map((w) => w.resetSeconds);
  return Math.max(1, ...spent);
}
