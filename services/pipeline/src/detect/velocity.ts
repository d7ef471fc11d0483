import type { Velocity, VelocityMetrics } from '@trendscope/core';
import { isSimhash, NearDuplicateIndex } from '../score/simhash';

/** Velocity thresholds of DESIGN.md section 5 (all configurable). */
export interface VelocityOptions {
  windowHours: number;
  /** `emerging` while younger than this many windows ... */
  emergingAgeWindows: number;
  /** ... and with fewer than this many reports in the current window. */
  emergingMaxReports: number;
  accelGrowth: number;
  accelMinReports: number;
  /** `peak` when the current window holds at least this share of the peak window. */
  peakShare: number;
}

/** The defaults: W = 24 h, emerging under 2W and 5 reports, accelerating at g >= 1.5 and 3 reports, peak at 0.8. */
export const DEFAULT_VELOCITY_OPTIONS: VelocityOptions = Object.freeze({
  windowHours: 24,
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
  const sorted = [...items].sort((a, b) => a.time - b.time);
  const seen = new NearDuplicateIndex<true>();
  const times: number[] = [];
  for (const item of sorted) {
    const h = item.simhash;
    if (isSimhash(h)) {
      if (seen.near(h).length > 0) continue;
      seen.add(h, true);
    }
    times.push(item.time);
  }
  return times;
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
  return {
    window_hours: opts.windowHours,
    current,
    previous,
    growth: Math.round(((current + 1) / (previous + 1)) * 1000) / 1000,
    peak,
    age_hours: Math.round(((now - firstSeen) / 3_600_000) * 100) / 100,
  };
}

/** The velocity class of DESIGN.md from its metrics (rules checked in this order). */
export function velocityClass(m: VelocityMetrics, opts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS): Velocity {
  const growth = (m.current + 1) / (m.previous + 1);
  if (m.age_hours < opts.emergingAgeWindows * m.window_hours && m.current < opts.emergingMaxReports) return 'emerging';
  if (growth >= opts.accelGrowth && m.current >= opts.accelMinReports) return 'accelerating';
  if (m.current >= opts.peakShare * m.peak) return 'peak';
  return 'declining';
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
    out.push({
      window_hours: opts.windowHours,
      current,
      previous,
      growth: Math.round(((current + 1) / (previous + 1)) * 1000) / 1000,
      peak: Math.max(peak, current),
      age_hours: Math.round(((now - firstSeen) / 3_600_000) * 100) / 100,
    });
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
