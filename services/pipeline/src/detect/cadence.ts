/** The time span and size of a trend, all the cadence rules need (stored on every trend). */
export interface TrendTimes {
  article_count: number;
  first_seen: number;
  last_seen: number;
}

/** The time-dependent part of the clustering options (see DEFAULT_CLUSTER_OPTIONS). */
export interface CadenceOptions {
  /** A trend takes new articles only within this many hours of its last article. */
  windowHours: number;
  /** Least similarity to join a trend once its last report is more than a few minutes old. */
  threshold: number;
  /**
   * A trend of 2+ articles closes once the gap since its last article exceeds burstFactor times
   * its mean gap between articles (and at least minOpenHours): a burst of reports seconds apart
   * ends sooner than a story reported every few days.
   */
  burstFactor: number;
  minOpenHours: number;
  /** How much less similarity an article needs right after a trend's last report (gap 0). */
  burstDiscount: number;
  /** The discount shrinks by thresholdRise * ln(1 + gap / riseScaleSeconds) as the gap grows. */
  thresholdRise: number;
  riseScaleSeconds: number;
  /**
   * An article more than this many minutes after a trend's last report joins it only when they
   * share at least lateJoinTerms content terms (0 switches the rule off).
   */
  lateJoinMinutes: number;
  lateJoinTerms: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A time exactly at midnight UTC is taken as a date without time of day (many sources publish
 * only the date): it says nothing about how close two reports were.
 */
export function dateOnly(time: number): boolean {
  return time % DAY === 0;
}

/**
 * Mean gap between the articles of a trend (ms), or null when it has no cadence yet: one article,
 * or all articles at the same instant.
 */
export function meanGap(t: TrendTimes): number | null {
  const span = t.last_seen - t.first_seen;
  return t.article_count >= 2 && span > 0 ? span / (t.article_count - 1) : null;
}

/**
 * Whether a trend can no longer take an article at `time` (>= its last article): outside the
 * window, or silent for much longer than its own cadence. Articles come in time order, so a closed
 * trend stays closed.
 */
export function isClosed(t: TrendTimes, time: number, o: CadenceOptions): boolean {
  const gap = time - t.last_seen;
  if (gap > o.windowHours * HOUR) return true;
  const mean = meanGap(t);
  return mean !== null && gap > Math.max(o.minOpenHours * HOUR, o.burstFactor * mean);
}

/**
 * Least similarity an article at `time` needs to join the trend: the threshold, lowered by
 * burstDiscount for an article right after the trend's last report, the discount fading with the
 * log of the gap (with the defaults it is gone after about 17 minutes).
 */
export function requiredSimilarity(t: TrendTimes, time: number, o: CadenceOptions): number {
  if (dateOnly(time) || dateOnly(t.last_seen)) return o.threshold;
  // An article dated before the trend's last report (fetched late, or passed in by a later run)
  // counts its distance to that report: a late article gets no discount from a newer burst.
  const gap = Math.abs(time - t.last_seen);
  const rise = o.thresholdRise * Math.log1p(gap / (o.riseScaleSeconds * 1000));
  return o.threshold - Math.max(0, o.burstDiscount - rise);
}

/**
 * Content terms an article must share with a trend to join it at `time`: a report minutes after
 * the last one may join on one distinctive word, a later one needs lateJoinTerms (one shared word
 * across hours or days chains unrelated headlines: "Let my people vape" / "Let symptoms...").
 */
export function requiredSharedTerms(t: TrendTimes, time: number, o: CadenceOptions): number {
  if (o.lateJoinTerms <= 1) return 1;
  return Math.abs(time - t.last_seen) > o.lateJoinMinutes * 60_000 ? o.lateJoinTerms : 1;
}
