import {
  VELOCITY_RULE_VERSION,
  type Velocity,
  type VelocityMetrics,
  type VelocityRule,
  type VelocityThresholds,
} from '@trendscope/core';
import { isSimhash, NearDuplicateIndex } from '../score/simhash';

/** Velocity thresholds of DESIGN.md section 5 plus the burst clause (all configurable). */
export interface VelocityOptions {
  windowHours: number;
  /** `emerging` whatever the count while the first report is younger than this (a brand-new story). */
  burstHours: number;
  /** `emerging` while younger than this many windows ... */
  emergingAgeWindows: number;
  /** ... and with fewer than this many reports in the current window. */
  emergingMaxReports: number;
  accelGrowth: number;
  /** Fewest reports in the current window of an `accelerating` trend, by either clause (fast growth, regrowing). */
  accelMinReports: number;
  /** `peak` when the current window holds at least this share of the peak window. */
  peakShare: number;
}

/** The defaults: W = 24 h, burst 1 h, emerging under 2W and 5 reports, accelerating at g >= 1.5 and 3 reports, peak at 0.8. */
export const DEFAULT_VELOCITY_OPTIONS: VelocityOptions = Object.freeze({
  windowHours: 24,
  burstHours: 1,
  emergingAgeWindows: 2,
  emergingMaxReports: 5,
  accelGrowth: 1.5,
  accelMinReports: 3,
  peakShare: 0.8,
});

/** A dated report with its near-duplicate key. */
export interface ReportItem {
  time: number;
  simhash: string | null;
}

/**
 * Times of the independent reports among articles, ascending: an article whose SimHash is within
 * NEAR_DUPLICATE_BITS of an earlier article's is a syndicated copy and is not counted again.
 */
export function independentReportTimes(items: readonly ReportItem[]): number[] {
  return independentReports(items).map((r) => r.time);
}

/**
 * The independent reports among articles, ascending (independentReportTimes), with their keys.
 * `earlier`: keys of independent reports counted before these (a trend's kept ones, grow-trend.ts).
 */
export function independentReports(
  items: readonly ReportItem[],
  earlier: readonly (string | null)[] = [],
): ReportItem[] {
  const sorted = [...items].sort((a, b) => a.time - b.time);
  const seen = new NearDuplicateIndex<true>();
  for (const h of earlier) if (isSimhash(h)) seen.add(h, true);
  const out: ReportItem[] = [];
  for (const item of sorted) {
    const h = item.simhash;
    if (isSimhash(h)) {
      if (seen.near(h).length > 0) continue;
      seen.add(h, true);
    }
    out.push(item);
  }
  return out;
}

/** c_now, c_prev, growth, peak and age of a trend at `now` from its report times (ms, ascending). */
export function velocityMetrics(
  reportTimes: readonly number[],
  firstSeen: number,
  now: number,
  opts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS,
): VelocityMetrics {
  const w = opts.windowHours * 3_600_000;
  const times = reportTimes.filter((t) => t <= now);
  const current = times.filter((t) => t > now - w).length;
  const previous = times.filter((t) => t > now - 2 * w && t <= now - w).length;
  let peak = current;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    while (times[hi]! - times[lo]! >= w) lo++;
    peak = Math.max(peak, hi - lo + 1);
  }
  return metricsOf(opts, { current, previous, peak }, firstSeen, now);
}

/** The served metrics of window counts at `now`: growth (+1 smoothed, 3 decimals) and age (hours, 2 decimals) derived. */
function metricsOf(
  opts: VelocityOptions,
  counts: { current: number; previous: number; peak: number },
  firstSeen: number,
  now: number,
): VelocityMetrics {
  const { current, previous, peak } = counts;
  return {
    window_hours: opts.windowHours,
    current,
    previous,
    growth: Math.round(((current + 1) / (previous + 1)) * 1000) / 1000,
    peak,
    age_hours: Math.round(((now - firstSeen) / 3_600_000) * 100) / 100,
  };
}

/** A velocity class with the clause of the rule that decided it. */
export interface VelocityDecision {
  velocity: Velocity;
  rule: VelocityRule;
}

/**
 * The velocity class from its metrics (rule 5: DESIGN.md section 5 with the precedence a reader
 * expects, docs/ARCHITECTURE.md), clauses tried in this order:
 * `new_burst` emerging: first report under burstHours ago (a burst inside one hour is a brand-new
 * story, not acceleration: there is no earlier window to have grown from);
 * `young` emerging: age < 2W, current < 5 and current >= previous (a falling trend is never emerging);
 * `late_report` declining: current > previous under 0.8 of the peak, with fewer than
 * accelMinReports (rule 4: one or two late reports on a story past its emerging age are no growth;
 * rule 3 served a weeks-old event with one late report as accelerating, current 1, previous 0) or,
 * past the emerging age, after an empty previous window (rule 5: a few reports on a story weeks old
 * that had gone quiet; rule 4 served "Costa Rica plane crash", 908 h old, current 4, previous 0,
 * peak 11, as accelerating by fast_growth);
 * `fast_growth` accelerating: g >= 1.5 and current >= 3 (so current > previous);
 * `near_peak` peak: current >= 0.8 x peak;
 * `regrowing` accelerating: current > previous below every threshold above (a trend growing
 * without going quiet is never declining; nor emerging: only the first two clauses make a story
 * new, and a story days old with hundreds of reports that gains again is no new one);
 * `below_peak` declining: the rest (current <= previous, under 0.8 of its peak).
 */
export function velocityDecision(
  m: VelocityMetrics,
  opts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS,
): VelocityDecision {
  const growth = (m.current + 1) / (m.previous + 1);
  const notFalling = m.current >= m.previous;
  if (m.age_hours < opts.burstHours && notFalling) return { velocity: 'emerging', rule: 'new_burst' };
  if (m.age_hours < opts.emergingAgeWindows * m.window_hours && m.current < opts.emergingMaxReports && notFalling) {
    return { velocity: 'emerging', rule: 'young' };
  }
  if (isLateReport(m, opts)) return { velocity: 'declining', rule: 'late_report' };
  if (growth >= opts.accelGrowth && m.current >= opts.accelMinReports)
    return { velocity: 'accelerating', rule: 'fast_growth' };
  if (m.current >= opts.peakShare * m.peak) return { velocity: 'peak', rule: 'near_peak' };
  if (m.current > m.previous) return { velocity: 'accelerating', rule: 'regrowing' };
  return { velocity: 'declining', rule: 'below_peak' };
}

/**
 * Late reports on a story (the `late_report` clause): growing, under the peak share, and either too
 * few to be growth or a return after an empty previous window on a story past its emerging age.
 */
function isLateReport(m: VelocityMetrics, opts: VelocityOptions): boolean {
  if (!(m.current > m.previous) || m.current >= opts.peakShare * m.peak) return false;
  const returned = m.previous === 0 && m.age_hours >= opts.emergingAgeWindows * m.window_hours;
  return m.current < opts.accelMinReports || returned;
}

/** The velocity class alone (velocityDecision). */
export function velocityClass(m: VelocityMetrics, opts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS): Velocity {
  return velocityDecision(m, opts).velocity;
}

/** The thresholds of `opts` as velocity_metrics serves them. */
export function servedThresholds(opts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS): VelocityThresholds {
  return {
    burst_hours: opts.burstHours,
    emerging_max_age_hours: opts.emergingAgeWindows * opts.windowHours,
    emerging_max_reports: opts.emergingMaxReports,
    accelerating_min_growth: opts.accelGrowth,
    accelerating_min_reports: opts.accelMinReports,
    peak_share: opts.peakShare,
  };
}

/** The metrics with the decision, its rule version and thresholds: what a trend stores and serves. */
export function decidedVelocity(
  m: VelocityMetrics,
  opts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS,
): { velocity: Velocity; metrics: VelocityMetrics } {
  const d = velocityDecision(m, opts);
  return {
    velocity: d.velocity,
    metrics: { ...m, rule_version: VELOCITY_RULE_VERSION, rule: d.rule, thresholds: servedThresholds(opts) },
  };
}

/**
 * Whether detection rewrites a stored trend no new article touched, so that its served class and
 * numbers are those of `now`: while it has a report within the last 2W its numbers move with the
 * clock; once more after that, when its last write came before it settled (the final move, from
 * `previous` 1+ to 0, happens between two runs and would otherwise never be written); and once
 * when it was decided by an older rule version. A trend settled and written after it settled
 * (current = previous = 0) is final.
 */
export function needsVelocityRefresh(
  stored: { last_seen: string; updated_at?: string; velocity_metrics?: Partial<Pick<VelocityMetrics, 'rule_version'>> },
  now: Date,
  opts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS,
): boolean {
  const settlesAt = Date.parse(stored.last_seen) + 2 * opts.windowHours * 3_600_000;
  if (settlesAt > now.getTime()) return true;
  const written = stored.updated_at === undefined ? Number.NEGATIVE_INFINITY : Date.parse(stored.updated_at);
  if (!(written >= settlesAt)) return true;
  return (stored.velocity_metrics?.rule_version ?? 1) < VELOCITY_RULE_VERSION;
}

/**
 * Velocity metrics at each of several instants (ascending), in one pass over the reports: the
 * same numbers as velocityMetrics at each instant, without rescanning every report per instant.
 */
export function velocityHistory(
  reportTimes: readonly number[],
  firstSeen: number,
  instants: readonly number[],
  opts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS,
): VelocityMetrics[] {
  const w = opts.windowHours * 3_600_000;
  const times = [...reportTimes].sort((a, b) => a - b);
  const out: VelocityMetrics[] = [];
  let peak = 0;
  let lo = 0;
  let next = 0;
  for (const now of instants) {
    // Extend the running peak with the reports up to this instant.
    while (next < times.length && times[next]! <= now) {
      while (times[next]! - times[lo]! >= w) lo++;
      peak = Math.max(peak, next - lo + 1);
      next++;
    }
    const upTo = next;
    const current = upTo - countAtMost(times, now - w, upTo);
    const previous = countAtMost(times, now - w, upTo) - countAtMost(times, now - 2 * w, upTo);
    out.push(metricsOf(opts, { current, previous, peak: Math.max(peak, current) }, firstSeen, now));
  }
  return out;
}

/** Number of sorted times <= t among the first `limit` (binary search). */
function countAtMost(times: readonly number[], t: number, limit: number): number {
  let a = 0;
  let b = limit;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (times[mid]! <= t) a = mid + 1;
    else b = mid;
  }
  return a;
}
