import type { Category } from '@trendscope/core';
import { contentTerms } from '../text/tokenize';

/** Points each category adds to the business impact (how directly it moves markets and firms). */
export const CATEGORY_WEIGHTS: Readonly<Record<Category, number>> = Object.freeze({
  business: 2,
  technology: 1.5,
  politics: 1.5,
  world: 1,
  health: 1,
  entertainment: 0.5,
  sports: 0.5,
  other: 0.25,
});

/** Business-signal terms (stemmed as contentTerms stems them), each a kind of business event. */
export const BUSINESS_SIGNALS: readonly string[] = [
  'funding',
  'acquisition',
  'acquire',
  'merger',
  'earning',
  'revenue',
  'profit',
  'ipo',
  'regulation',
  'regulator',
  'lawsuit',
  'sue',
  'launch',
  'layoff',
  'bankruptcy',
  'investment',
  'investor',
  'tariff',
  'sanction',
  'antitrust',
  'recall',
  'valuation',
  'stake',
  'deal',
];

/** Caps of the parts of the business impact score (they add up to 10). */
const CAPS = { volume: 3, publishers: 2, quality: 1.5, category: 2, signals: 1.5 } as const;

/** Each part of the business impact score and the result. */
export interface ImpactBreakdown {
  volume: number;
  publishers: number;
  quality: number;
  category: number;
  signals: number;
  signal_terms: string[];
  total: number;
  score: number;
}

/**
 * business_impact_score (1-10): volume 1.5 x log10(1 + reports) (cap 3), publishers
 * 2 x log10(1 + n) / log10(21) (cap 2, full at 20), quality 1.5 x (mean quality - 1) / 9,
 * category weight (CATEGORY_WEIGHTS), 0.5 per distinct business signal term (cap 1.5);
 * the score is the sum rounded and clamped to 1..10.
 */
export function businessImpact(input: {
  reports: number;
  publishers: number;
  meanQuality: number;
  category: Category;
  text: string;
}): ImpactBreakdown {
  const volume = Math.min(CAPS.volume, 1.5 * Math.log10(1 + Math.max(0, input.reports)));
  const publishers = Math.min(CAPS.publishers, (2 * Math.log10(1 + Math.max(0, input.publishers))) / Math.log10(21));
  const quality = Math.min(CAPS.quality, Math.max(0, (1.5 * (input.meanQuality - 1)) / 9));
  const category = CATEGORY_WEIGHTS[input.category];
  const terms = new Set(contentTerms(input.text));
  const signalTerms = BUSINESS_SIGNALS.filter((s) => terms.has(s));
  const signals = Math.min(CAPS.signals, 0.5 * signalTerms.length);
  const total = volume + publishers + quality + category + signals;
  return {
    volume: round2(volume),
    publishers: round2(publishers),
    quality: round2(quality),
    category,
    signals,
    signal_terms: signalTerms,
    total: round2(total),
    score: impactScore(total),
  };
}

/** Rounds a 0-10 point total to the 1-10 integer scale. */
export function impactScore(total: number): number {
  return Math.min(10, Math.max(1, Math.round(total)));
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
