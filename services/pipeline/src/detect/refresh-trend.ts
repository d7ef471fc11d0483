import { isDeepStrictEqual } from 'node:util';
import { VELOCITY_RULE_VERSION, type TrendDetectState, type TrendDoc } from '@trendscope/core';
import { iso, trendDomainQuality, type BuildTrendOptions } from './build-trend';
import {
  decidedVelocity,
  DEFAULT_VELOCITY_OPTIONS,
  needsVelocityRefresh,
  velocityClass,
  velocityMetrics,
} from './velocity';

/** The fields a velocity refresh rewrites (a partial update: the rest of the document stays). */
const REFRESHED_FIELDS = [
  'topic',
  'velocity',
  'velocity_metrics',
  'timeline',
  'updated_at',
  'domain_quality_score',
  'score_breakdown',
] as const;

/** What a velocity refresh rewrites of a trend. */
export type RefreshedFields = Pick<TrendDoc, 'id' | (typeof REFRESHED_FIELDS)[number]>;

/**
 * What refreshTrend reads of a stored trend, and the story rejoin's stored view of it
 * (trend-clock.ts): its clock, part, timeline and scores, not its clustering sums, citations or texts.
 */
export type RefreshSource = Pick<
  TrendDoc,
  | 'id'
  | 'first_seen'
  | 'last_seen'
  | 'article_count'
  | 'source_count'
  | 'domain_articles'
  | (typeof REFRESHED_FIELDS)[number]
> & { detect_state?: Pick<TrendDetectState, 'clock' | 'part' | 'foundings'> };

/** The `_source` fields of RefreshSource. */
export const REFRESH_SOURCE_FIELDS: readonly string[] = [
  'id',
  'first_seen',
  'last_seen',
  'article_count',
  'source_count',
  'domain_articles',
  ...REFRESHED_FIELDS,
  'detect_state.clock',
  'detect_state.part',
  'detect_state.foundings',
];

/**
 * A stored trend no article joined, as buildTrend would build it from its members at `now`,
 * from its stored document alone: velocity and its metrics from the clock's report times (the
 * windows at `now` reach no further back than 2W before its last report; the all-time peak is the
 * stored one), the class of its last timeline bucket (the only one that ends after its last
 * write), the domain scores of this run, `updated_at`, and the topic as built (the run makes
 * listed topics distinct again). Null when the document cannot say: written before the clock was
 * kept, by another velocity rule, with a report after its own write, or after `now`.
 */
export function refreshTrend<T extends RefreshSource>(
  stored: T,
  opts: Pick<BuildTrendOptions, 'now' | 'domainQuality' | 'ratedDomains' | 'velocity'>,
): T | null {
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
  stored: Pick<TrendDoc, 'updated_at' | 'last_seen' | 'velocity_metrics'> & {
    detect_state?: Partial<TrendDetectState>;
  },
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

/** The partial update of a refreshed trend: the fields a refresh rewrites. */
export function refreshedFields(t: RefreshedFields): RefreshedFields {
  const out: Record<string, unknown> = { id: t.id };
  for (const f of REFRESHED_FIELDS) out[f] = t[f];
  return out as unknown as RefreshedFields;
}

/**
 * Whether a refresh can be left unwritten: every field it rewrites but `updated_at` is as stored,
 * and the trend does not settle with this write (the write at which its velocity stops moving,
 * needsVelocityRefresh, is kept so that later runs leave it alone).
 */
export function unchangedRefresh(stored: RefreshSource, refreshed: RefreshedFields, now: Date): boolean {
  const after = {
    last_seen: stored.last_seen,
    updated_at: now.toISOString(),
    velocity_metrics: refreshed.velocity_metrics,
  };
  if (!needsVelocityRefresh(after, now)) return false;
  return REFRESHED_FIELDS.every((f) => f === 'updated_at' || isDeepStrictEqual(stored[f], refreshed[f]));
}
