import { VELOCITY_RULE_VERSION, type TrendDoc } from '@trendscope/core';
import { iso, trendDomainQuality, type BuildTrendOptions } from './build-trend';
import { decidedVelocity, DEFAULT_VELOCITY_OPTIONS, velocityClass, velocityMetrics } from './velocity';

/**
 * A stored trend no article joined, as buildTrend would build it from its members at `now`,
 * from its stored document alone: velocity and its metrics from the clock's report times (the
 * windows at `now` reach no further back than 2W before its last report; the all-time peak is the
 * stored one), the class of its last timeline bucket (the only one that ends after its last
 * write), the domain scores of this run, `updated_at`, and the topic as built (the run makes
 * listed topics distinct again). Null when the document cannot say: written before the clock was
 * kept, by another velocity rule, with a report after its own write, or after `now`.
 */
export function refreshTrend(
  stored: TrendDoc,
  opts: Pick<BuildTrendOptions, 'now' | 'domainQuality' | 'ratedDomains' | 'velocity'>,
): TrendDoc | null {
  const clock = stored.detect_state?.clock;
  const now = opts.now.getTime();
  if (!clock || !refreshable(stored, opts.now)) return null;
  const vopts = opts.velocity ?? DEFAULT_VELOCITY_OPTIONS;
  const firstSeen = Date.parse(stored.first_seen);
  // Every report came before the last write, so the stored peak is the all-time one.
  const at = (instant: number) => {
    const m = velocityMetrics(clock.reports, firstSeen, instant, vopts);
    return { ...m, peak: Math.max(m.peak, stored.velocity_metrics.peak) };
  };
  const decided = decidedVelocity(at(now), vopts);
  const timeline = [...stored.timeline];
  const last = timeline[timeline.length - 1];
  if (last) {
    const end = Math.min(now, Date.parse(last.bucket) + 3_600_000 - 1);
    timeline[timeline.length - 1] = { ...last, velocity: velocityClass(at(end), vopts) };
  }
  const quality = trendDomainQuality(stored.domain_articles, opts);
  return {
    ...stored,
    topic: clock.topic,
    velocity: decided.velocity,
    velocity_metrics: decided.metrics,
    timeline,
    updated_at: iso(now),
    domain_quality_score: quality.score,
    score_breakdown: { ...stored.score_breakdown, domain_quality: quality.breakdown },
  };
}

/** Whether refreshTrend can rewrite this stored trend at `now` without its articles. */
export function refreshable(
  stored: Pick<TrendDoc, 'updated_at' | 'last_seen' | 'velocity_metrics' | 'detect_state'>,
  now: Date,
): boolean {
  const written = Date.parse(stored.updated_at);
  const lastSeen = Date.parse(stored.last_seen);
  return (
    stored.detect_state?.clock !== undefined &&
    stored.velocity_metrics?.rule_version === VELOCITY_RULE_VERSION &&
    lastSeen <= written &&
    written <= now.getTime()
  );
}
