import type { Category } from '@trendscope/core';
import { isBusinessOutlet, largeCompanies, namesCompanyForm } from './business-names';
import { EVENT_KINDS, eventKinds, type EventKind } from './event-kinds';
import { largestAmount, namesPersonalSum, type MoneyAmount } from './money-amounts';
import { rubricReadings, type RubricReadings } from './rubric-readings';
import { storyDeal, type StoryDeal } from './story-deal';
import { storyTitleSpans } from './work-titles';

/**
 * Categories whose classifier probability is a feature ("other" is the baseline). Politics is no
 * column of its own: it reads as world (public affairs). Four of the 300 rated stories read
 * politics, too few to learn a weight from: a column of their own cost the text-only fit 0.812 ->
 * 0.795 held out, world's 0.806 (lab notes, categories.md, 2026-12-07).
 */
const CATEGORY_FEATURES = ['business', 'technology', 'world', 'health', 'entertainment', 'sports'] as const;

/** The probability a category feature reads: its category's, and world's with politics'. */
function categoryFeature(categories: ImpactInput['categories'], c: (typeof CATEGORY_FEATURES)[number]): number {
  return (categories[c] ?? 0) + (c === 'world' ? (categories.politics ?? 0) : 0);
}

/** The features of the impact model, in model order. */
export const IMPACT_FEATURES: readonly string[] = [
  'money',
  'money_10b',
  'money_personal',
  ...EVENT_KINDS.map((k) => `event_${k}`),
  'large_company',
  'company_form',
  'business_outlets',
  ...CATEGORY_FEATURES.map((c) => `category_${c}`),
  'volume',
];

/** What the impact score reads of a trend (or of a rated story). */
export interface ImpactInput {
  /** The trend's most central headlines (at most a handful). */
  headlines: readonly string[];
  /** The summary (lead of the central article); may repeat a headline. */
  summary: string;
  /**
   * Every member headline (or a sample of a large trend's), for what only the whole story tells:
   * the size of its deal (story-deal.ts). The headlines when absent (a rated story's are all it has).
   */
  members?: readonly string[];
  /** Distinct domains citing the trend. */
  domains: readonly string[];
  /** Independent reports (volume: a small part of the score by design). */
  reports: number;
  /** Classifier probability of each category for the trend's text. */
  categories: Readonly<Partial<Record<Category, number>>>;
  /** Unit-length mean sentence embedding of the headlines (src/embed/), when the encoder ran. */
  embedding?: Float32Array | readonly number[];
}

/** The evidence behind the features, served in score_breakdown. */
export interface ImpactEvidence {
  largest_amount: MoneyAmount | null;
  event_kinds: Partial<Record<EventKind, string[]>>;
  large_companies: string[];
  business_outlet_share: number;
  /** The deal the story is about and its size, read from every member (story-deal.ts); null when none. */
  story_deal: StoryDeal | null;
  /** What the rubric's bounds read (shares of the texts; rubric-readings.ts). */
  rubric_readings: RubricReadings;
}

/** Largest money amount counted (log10 US dollars): ten trillion. */
const MAX_LOG_USD = 13;
/** Amounts below a million dollars (prices, fees) carry no deal size. */
const MIN_LOG_USD = 6;

/**
 * The feature vector of one trend (IMPACT_FEATURES order) with its evidence. Text features are
 * shares of the texts (each headline, and the summary when it is not a headline) that show them,
 * so one stray headline weighs less than a story all its headlines tell.
 */
export function impactFeatures(input: ImpactInput): { values: number[]; evidence: ImpactEvidence } {
  const headlines = input.headlines.map((h) => h.trim()).filter(Boolean);
  const summary = input.summary.trim();
  const texts = summary && !headlines.includes(summary) ? [...headlines, summary] : headlines;
  const n = Math.max(1, texts.length);
  const share = (test: (t: string) => boolean): number => texts.filter(test).length / n;

  // Someone's bill, a prize or the price of an object is no deal size: a company's money is.
  const personal = texts.map((t) => namesPersonalSum(t) && largeCompanies(t).length === 0 && !namesCompanyForm(t));
  let largest: MoneyAmount | null = null;
  for (const [i, t] of texts.entries()) {
    if (personal[i]) continue;
    const a = largestAmount(t);
    if (a && (!largest || a.usd > largest.usd)) largest = a;
  }
  const logUsd = largest ? Math.min(MAX_LOG_USD, Math.log10(largest.usd)) : 0;

  const members = input.members?.map((h) => h.trim()).filter(Boolean) ?? headlines;
  // A title one text quotes is a title where another leaves it bare ("Avengers: Infinity War Super Bowl trailer").
  const titleSpans = storyTitleSpans(texts, members);
  const kindsPerText = texts.map((t, i) => eventKinds(t, titleSpans[i]));
  const kinds: Partial<Record<EventKind, string[]>> = {};
  for (const k of kindsPerText)
    for (const [kind, phrases] of Object.entries(k) as [EventKind, string[]][])
      kinds[kind] = [...new Set([...(kinds[kind] ?? []), ...phrases])];

  const companies = [...new Set(texts.flatMap((t) => largeCompanies(t)))];
  const domains = [...new Set(input.domains.map((d) => d.toLowerCase().replace(/^www\./, '')))];
  const outletShare = domains.length === 0 ? 0 : domains.filter(isBusinessOutlet).length / domains.length;
  const storyTexts = [...new Set([...members, ...texts])];
  const deal = storyDeal(headlines[0] ?? summary, storyTexts);

  const values = [
    Math.max(0, logUsd - MIN_LOG_USD),
    largest && largest.usd >= 1e10 ? 1 : 0,
    personal.filter((p, i) => p && largestAmount(texts[i]!) !== null).length / n,
    ...EVENT_KINDS.map((kind) => kindsPerText.filter((k) => k[kind] !== undefined).length / n),
    share((t) => largeCompanies(t).length > 0),
    share(namesCompanyForm),
    outletShare,
    ...CATEGORY_FEATURES.map((c) => categoryFeature(input.categories, c)),
    Math.log10(1 + Math.max(0, input.reports)),
  ];
  return {
    values,
    evidence: {
      largest_amount: largest,
      event_kinds: kinds,
      large_companies: companies,
      business_outlet_share: Math.round(outletShare * 100) / 100,
      story_deal: deal,
      rubric_readings: rubricReadings(texts, kindsPerText, deal, storyTexts),
    },
  };
}

/** Unit-length mean of the headlines' sentence embeddings (undefined without any). */
export function meanEmbedding(vectors: readonly Float32Array[]): number[] | undefined {
  if (vectors.length === 0) return undefined;
  const sum = new Array<number>(vectors[0]!.length).fill(0);
  for (const v of vectors) for (let j = 0; j < sum.length; j++) sum[j]! += v[j]!;
  const norm = Math.hypot(...sum) || 1;
  return sum.map((x) => x / norm);
}
