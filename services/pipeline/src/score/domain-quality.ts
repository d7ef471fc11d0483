import type { ArticleDoc, DomainDoc, DomainTally } from '@trendscope/core';
import type { DomainEstimate } from './domain-estimate';
import type { EstimateInterval } from './estimate-interval';
import { RATING_SOURCE } from './domain-ratings';
import { isSimhash, NearDuplicateIndex } from './simhash';

/** The article fields the domain quality signals are computed from. */
export type DomainArticle = Pick<
  ArticleDoc,
  | 'author'
  | 'published_date'
  | 'word_count'
  | 'simhash'
  | 'https'
  | 'content_retained'
  | 'domain'
  | 'publisher'
  | 'fetch_method'
> &
  // Orders an undated article among its domain's by when it was fetched (originality).
  Partial<Pick<ArticleDoc, 'fetched_at'>>;

/** When an article counts as reported for originality's order: published, else fetched ('' if neither). */
export function reportedAt(a: Pick<DomainArticle, 'published_date' | 'fetched_at'>): string {
  return a.published_date ?? a.fetched_at ?? '';
}

/**
 * Whether the pipeline saw the article's page (fetched, then extracted). A feed or sitemap item
 * without one carries a headline by construction: no byline, no body, no extraction to judge, so
 * it says nothing about the outlet's authorship, length or extraction.
 */
export function pageObserved(a: Pick<DomainArticle, 'fetch_method'>): boolean {
  return a.fetch_method === 'page';
}

/**
 * Weights of the domain quality signals (DESIGN.md section 5); they add up to 1. Length counts
 * fully at LENGTH_TARGET words (the median of a full news report), less below it.
 */
export const DOMAIN_QUALITY_WEIGHTS = Object.freeze({
  author: 0.2,
  date: 0.15,
  length: 0.2,
  originality: 0.2,
  https: 0.1,
  extraction: 0.15,
});

/** Median word count at which the length signal is full. */
export const LENGTH_TARGET = 500;

/**
 * How far the observed signals may move the prior (a published rating, else the estimate): their
 * weight is OBSERVED_MAX_WEIGHT x n / (n + OBSERVED_HALF_ARTICLES) for n observed articles, so 5
 * articles move a score by at most 2 % of the gap and a thousand by at most a quarter of it.
 */
export const OBSERVED_MAX_WEIGHT = 0.25;
/** Articles at which the observed signals get half of OBSERVED_MAX_WEIGHT. */
export const OBSERVED_HALF_ARTICLES = 50;

/** Options of computeDomainQuality. */
export interface DomainQualityOptions {
  /** Clock for `updated_at`. */
  now?: Date;
  /** SimHashes of other domains' articles with their dates: an earlier near-copy makes ours a copy. */
  others?: readonly { simhash: string | null; published_date: string | null }[];
  /** Published rating of the domain (`pc1`, 0-1), null when nobody rated it. */
  rating?: number | null;
  /** The estimator's rating of the domain (used as the prior when it is unrated). */
  estimate?: DomainEstimate | null;
}

/**
 * Quality signals and score (1.0-10.0, one decimal) of one domain. observed = 1 + 9 x (weighted sum
 * of the signals in DOMAIN_QUALITY_WEIGHTS) over the articles whose page was observed
 * (pageObserved); prior = 1 + 9 x the published rating, else 1 + 9 x the estimate, else the observed
 * score (then over every article, all there is); score = prior + w x (observed - prior) with the
 * evidence weight w of OBSERVED_MAX_WEIGHT for the observed pages, so headline-only sightings leave
 * the prior untouched.
 */
export function computeDomainQuality(articles: readonly DomainArticle[], opts: DomainQualityOptions = {}): DomainDoc {
  const first = articles[0];
  if (!first) throw new RangeError('computeDomainQuality needs at least one article');
  const hasPrior = (opts.rating ?? null) !== null || !!opts.estimate;
  const measured = hasPrior ? articles.filter(pageObserved) : articles;
  return domainQualityFromSignals(
    {
      domain: first.domain,
      publisher: mostCommon(articles.map((a) => a.publisher)),
      articles: articles.length,
      page_observed: articles.filter(pageObserved).length,
      measured: measured.length > 0 ? measuredSignals(measured, opts.others ?? []) : null,
    },
    opts,
  );
}

/**
 * Counts of the measured articles of a domain (pageObserved ones when there is a prior, else
 * all) with their median word count: what the six signals are shares of.
 */
export type MeasuredSignals = Omit<DomainTally, 'words'> & { median: number };

/** What a domain's quality document is made of besides its prior: counts, not articles. */
export interface DomainSignals {
  domain: string;
  publisher: string;
  articles: number;
  /** Articles whose page was observed (pageObserved). */
  page_observed: number;
  /** The measured articles' counts; null when none was measured. */
  measured: MeasuredSignals | null;
}

/**
 * The quality document of a domain from its counts (computeDomainQuality from its articles, the
 * per-domain counters of domain-counters.ts from their sums): the same arithmetic either way.
 */
export function domainQualityFromSignals(d: DomainSignals, opts: Omit<DomainQualityOptions, 'others'> = {}): DomainDoc {
  const rating = opts.rating ?? null;
  const estimate = opts.estimate ? qualityScore(opts.estimate.rating) : null;
  const hasPrior = rating !== null || estimate !== null;
  const signals = d.measured && d.measured.n > 0 ? observedSignals(d.measured) : null;
  const observed = signals ? qualityScore(signals.weighted) : null;
  const prior = rating !== null ? qualityScore(rating) : (estimate ?? observed!);
  const evidence = !hasPrior ? 1 : observed === null ? 0 : observedWeight(d.measured!.n);
  const e = opts.estimate ?? null;
  return {
    domain: d.domain,
    publisher: d.publisher,
    articles: d.articles,
    observed_articles: hasPrior ? d.page_observed : d.articles,
    headline_only: d.articles - d.page_observed,
    share_with_author: signals?.shareAuthor ?? null,
    share_with_date: signals?.shareDate ?? null,
    median_word_count: signals?.median ?? null,
    originality: signals?.originality ?? null,
    https_share: signals?.httpsShare ?? null,
    extraction_success: signals?.extraction ?? null,
    observed_score: observed,
    rated: rating !== null,
    rating: rating === null ? null : { source: RATING_SOURCE, value: rating },
    estimate,
    estimate_parts: e ? roundParts(e) : null,
    estimate_interval: e?.interval ? scoreInterval(e.interval) : null,
    estimate_observations: e?.observations ?? null,
    prior,
    weights: { prior: round3(1 - evidence), observed: round3(evidence), signals: { ...DOMAIN_QUALITY_WEIGHTS } },
    quality_score: Math.round((prior + evidence * ((observed ?? prior) - prior)) * 10) / 10,
    updated_at: (opts.now ?? new Date()).toISOString(),
  };
}

/** The counts of a non-empty list of measured articles (copies against `others`, exact median). */
function measuredSignals(
  articles: readonly DomainArticle[],
  others: NonNullable<DomainQualityOptions['others']>,
): MeasuredSignals {
  const count = (pred: (a: DomainArticle) => boolean): number => articles.filter(pred).length;
  return {
    n: articles.length,
    author: count(hasAuthor),
    date: count((a) => a.published_date !== null),
    https: count((a) => a.https),
    extraction: count((a) => a.content_retained),
    copies: copyCount(articles, others),
    median: medianOf(articles.map((a) => a.word_count)),
  };
}

/** Whether an article names its author. */
export function hasAuthor(a: Pick<DomainArticle, 'author'>): boolean {
  return a.author !== null && a.author.trim() !== '';
}

/** The six signals of a domain's measured counts (n > 0) and their weighted sum (0-1). */
function observedSignals(m: MeasuredSignals) {
  const share = (k: number): number => round3(k / m.n);
  const shareAuthor = share(m.author);
  const shareDate = share(m.date);
  const httpsShare = share(m.https);
  const extraction = share(m.extraction);
  const median = m.median;
  const originality = round3(1 - m.copies / m.n);
  const w = DOMAIN_QUALITY_WEIGHTS;
  const weighted =
    w.author * shareAuthor +
    w.date * shareDate +
    w.length * Math.min(1, median / LENGTH_TARGET) +
    w.originality * originality +
    w.https * httpsShare +
    w.extraction * extraction;
  return { shareAuthor, shareDate, httpsShare, extraction, median, originality, weighted };
}

/** An estimate's interval on the 1.0-10.0 scale (low rounded down, high up: never narrower). */
function scoreInterval(i: EstimateInterval): NonNullable<DomainDoc['estimate_interval']> {
  return {
    low: Math.max(1, Math.floor((1 + 9 * i.low) * 10 + 1e-9) / 10),
    high: Math.min(10, Math.ceil((1 + 9 * i.high) * 10 - 1e-9) / 10),
    level: i.level,
    held_out_domains: i.held_out_domains,
    spearman_rho: i.spearman_rho,
  };
}

/** Weight of the observed signals against the prior after n articles. */
export function observedWeight(n: number): number {
  return (OBSERVED_MAX_WEIGHT * n) / (n + OBSERVED_HALF_ARTICLES);
}

function roundParts(e: DomainEstimate): NonNullable<DomainDoc['estimate_parts']> {
  return {
    rating: round3(e.rating),
    co_coverage: round3(e.coverage),
    intercept: round3(e.parts.intercept),
    text: round3(e.parts.text),
    coverage: round3(e.parts.coverage),
    log_articles: round3(e.parts.log_articles),
    shape: round3(e.parts.shape),
  };
}

/** Maps a weighted signal sum in [0, 1] onto the 1.0-10.0 scale, one decimal. */
export function qualityScore(weighted: number): number {
  const clamped = Math.min(1, Math.max(0, weighted));
  return Math.round((1 + 9 * clamped) * 10) / 10;
}

/** Articles that repeat an earlier near-duplicate (of this domain, by reportedAt; of another, when dated earlier). */
function copyCount(articles: readonly DomainArticle[], others: NonNullable<DomainQualityOptions['others']>): number {
  const ordered = [...articles].sort((a, b) => reportedAt(a).localeCompare(reportedAt(b)));
  const elsewhere = new NearDuplicateIndex<string | null>();
  for (const o of others) if (isSimhash(o.simhash)) elsewhere.add(o.simhash, o.published_date);
  const own = new NearDuplicateIndex<true>();
  let copies = 0;
  for (const a of ordered) {
    if (!isSimhash(a.simhash)) continue;
    const date = a.published_date;
    const earlierElsewhere = date !== null && elsewhere.near(a.simhash).some((d) => d !== null && d < date);
    if (own.near(a.simhash).length > 0 || earlierElsewhere) copies++;
    own.add(a.simhash, true);
  }
  return copies;
}

function medianOf(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The most frequent value (ties: the first in string order); '' for none. */
export function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
