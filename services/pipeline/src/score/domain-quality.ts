import type { ArticleDoc, DomainDoc } from '@trendscope/core';
import { isSimhash, NearDuplicateIndex } from './simhash';

/** The article fields the domain quality signals are computed from. */
export type DomainArticle = Pick<
  ArticleDoc,
  'author' | 'published_date' | 'word_count' | 'simhash' | 'https' | 'content_retained' | 'domain' | 'publisher'
>;

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

/** Options of computeDomainQuality. */
export interface DomainQualityOptions {
  /** Clock for `updated_at`. */
  now?: Date;
  /** SimHashes of other domains' articles with their dates: an earlier near-copy makes ours a copy. */
  others?: readonly { simhash: string | null; published_date: string | null }[];
}

/**
 * Quality signals and score (1.0-10.0, one decimal) of one domain from its observed articles:
 * score = 1 + 9 x (weighted sum of the signals in DOMAIN_QUALITY_WEIGHTS).
 */
export function computeDomainQuality(articles: readonly DomainArticle[], opts: DomainQualityOptions = {}): DomainDoc {
  const first = articles[0];
  if (!first) throw new RangeError('computeDomainQuality needs at least one article');
  const n = articles.length;
  const share = (pred: (a: DomainArticle) => boolean): number => round3(articles.filter(pred).length / n);
  const shareAuthor = share((a) => a.author !== null && a.author.trim() !== '');
  const shareDate = share((a) => a.published_date !== null);
  const httpsShare = share((a) => a.https);
  const extraction = share((a) => a.content_retained);
  const median = medianOf(articles.map((a) => a.word_count));
  const originality = round3(1 - copyCount(articles, opts.others ?? []) / n);
  const w = DOMAIN_QUALITY_WEIGHTS;
  const weighted =
    w.author * shareAuthor +
    w.date * shareDate +
    w.length * Math.min(1, median / LENGTH_TARGET) +
    w.originality * originality +
    w.https * httpsShare +
    w.extraction * extraction;
  return {
    domain: first.domain,
    publisher: mostCommon(articles.map((a) => a.publisher)),
    articles: n,
    share_with_author: shareAuthor,
    share_with_date: shareDate,
    median_word_count: median,
    originality,
    https_share: httpsShare,
    extraction_success: extraction,
    quality_score: qualityScore(weighted),
    updated_at: (opts.now ?? new Date()).toISOString(),
  };
}

/** Maps a weighted signal sum in [0, 1] onto the 1.0-10.0 scale, one decimal. */
export function qualityScore(weighted: number): number {
  const clamped = Math.min(1, Math.max(0, weighted));
  return Math.round((1 + 9 * clamped) * 10) / 10;
}

/** Articles that repeat an earlier near-duplicate (of this domain or, when dated earlier, of another). */
function copyCount(articles: readonly DomainArticle[], others: DomainQualityOptions['others'] & object): number {
  const ordered = [...articles].sort((a, b) => (a.published_date ?? '').localeCompare(b.published_date ?? ''));
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

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
