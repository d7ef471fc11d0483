import { quantileSorted, sampleRankCorrelation } from 'simple-statistics';

/** Share of held-out ratings an estimate's interval is made to hold (its central interval). */
export const INTERVAL_LEVEL = 0.8;

/**
 * Lower article-count bounds of the interval bins: an estimate resting on 1-2 headlines misses by
 * more than one resting on a hundred, so each bin keeps its own held-out errors.
 */
export const INTERVAL_BIN_STARTS: readonly number[] = [1, 3, 10, 30];

/** The held-out errors of estimates resting on at least `min_articles` articles (up to the next bin). */
export interface IntervalBin {
  min_articles: number;
  /** Quantiles of (published rating - estimate) over the bin's held-out domains, rating units. */
  low: number;
  high: number;
  /** Held-out rated domains in the bin. */
  domains: number;
  /** Spearman rho between estimate and rating over them. */
  spearman_rho: number;
}

/** How far the estimate was off on rated domains held out of its fitting, by article count. */
export interface EstimateUncertainty {
  level: number;
  bins: IntervalBin[];
}

/** One held-out estimate of a rated domain. */
export interface HeldOutError {
  articles: number;
  rating: number;
  estimate: number;
}

/** An estimate's interval on the 0-1 rating scale, with what it rests on. */
export interface EstimateInterval {
  low: number;
  high: number;
  level: number;
  /** Held-out rated domains whose errors made the interval (those of the same article-count bin). */
  held_out_domains: number;
  /** Spearman rho of estimate against rating over those domains. */
  spearman_rho: number;
}

/**
 * The central `level` quantiles of the held-out errors per article-count bin (split-conformal
 * style: errors of domains the estimator was not fitted on). A bin with fewer than MIN_BIN_DOMAINS
 * domains is merged with its neighbour, so no interval rests on a handful of errors.
 */
export function fitUncertainty(items: readonly HeldOutError[], level = INTERVAL_LEVEL): EstimateUncertainty {
  const starts = INTERVAL_BIN_STARTS;
  const groups = starts.map((start, i) =>
    items.filter((h) => h.articles >= start && (i + 1 >= starts.length || h.articles < starts[i + 1]!)),
  );
  const merged: { start: number; items: HeldOutError[] }[] = [];
  groups.forEach((group, i) => {
    if (group.length === 0) return;
    const last = merged[merged.length - 1];
    if (last && (group.length < MIN_BIN_DOMAINS || last.items.length < MIN_BIN_DOMAINS)) last.items.push(...group);
    else merged.push({ start: starts[i]!, items: [...group] });
  });
  return { level, bins: merged.map((m) => binFor(m.start, m.items, level)) };
}

/** Fewest held-out domains a bin's interval may rest on (fewer: merged with its neighbour). */
const MIN_BIN_DOMAINS = 20;

function binFor(minArticles: number, group: readonly HeldOutError[], level: number): IntervalBin {
  const errors = group.map((h) => h.rating - h.estimate).sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  const rho =
    group.length < 3
      ? 0
      : sampleRankCorrelation(
          group.map((h) => h.estimate),
          group.map((h) => h.rating),
        );
  return {
    min_articles: minArticles,
    low: round3(quantileSorted(errors, tail)),
    high: round3(quantileSorted(errors, 1 - tail)),
    domains: group.length,
    spearman_rho: round3(Number.isFinite(rho) ? rho : 0),
  };
}

/** The interval of an estimate (0-1 rating, clamped) for a domain seen in `articles` articles. */
export function estimateInterval(
  u: EstimateUncertainty | undefined,
  rating: number,
  articles: number,
): EstimateInterval | null {
  if (!u || u.bins.length === 0) return null;
  const bin = [...u.bins].reverse().find((b) => articles >= b.min_articles) ?? u.bins[0]!;
  return {
    low: Math.max(0, Math.min(1, rating + bin.low)),
    high: Math.max(0, Math.min(1, rating + bin.high)),
    level: u.level,
    held_out_domains: bin.domains,
    spearman_rho: bin.spearman_rho,
  };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
