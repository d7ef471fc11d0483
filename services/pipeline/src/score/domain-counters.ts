import type { DomainCounters, DomainDayCounts, DomainTally } from '@trendscope/core';
import { hasAuthor, mostCommon, pageObserved, type DomainArticle, type DomainSignals } from './domain-quality';

/** Version of the counters' layout: a stored one of another version is rebuilt from the articles. */
export const DOMAIN_COUNTERS_VERSION = 1;

/** Headlines and URLs the estimator reads per domain: the most recent ones. */
export const ESTIMATE_SAMPLE = 200;

/** Word counts below this fall in buckets of WORD_BUCKET_WIDTH words; above, in ever wider ones. */
const FINE_WORDS = 1000;
/** Width of a bucket below FINE_WORDS: the median comes out within half of it. */
export const WORD_BUCKET_WIDTH = 5;
/** Growth of a bucket's bounds above FINE_WORDS (the length signal is full from LENGTH_TARGET on). */
const COARSE_GROWTH = 1.25;
const FINE_BUCKETS = FINE_WORDS / WORD_BUCKET_WIDTH;
const MAX_BUCKET = FINE_BUCKETS + 40;

/** One article as the counters see it: its fields, its time and whether it was a copy when first seen. */
export type CountedArticle = DomainArticle & {
  id: string;
  title: string;
  url: string;
  /** Effective time (published, else fetched), ms. */
  time: number;
  /** A copy among all the domain's articles, and (for a page-observed one) among its page-observed ones. */
  copy: { all: boolean; page: boolean };
};

/** The day (UTC, YYYY-MM-DD) counters keep an article under. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The histogram bucket of a word count. */
export function wordBucket(words: number): number {
  const w = Math.max(0, words);
  if (w < FINE_WORDS) return Math.floor(w / WORD_BUCKET_WIDTH);
  return Math.min(MAX_BUCKET, FINE_BUCKETS + Math.floor(Math.log(w / FINE_WORDS) / Math.log(COARSE_GROWTH)));
}

/** The word counts a bucket holds: [low, high). */
function bucketBounds(b: number): [number, number] {
  if (b < FINE_BUCKETS) return [b * WORD_BUCKET_WIDTH, (b + 1) * WORD_BUCKET_WIDTH];
  const k = b - FINE_BUCKETS;
  return [FINE_WORDS * COARSE_GROWTH ** k, FINE_WORDS * COARSE_GROWTH ** (k + 1)];
}

/**
 * The median of a histogram's word counts: the middle of the bucket of the middle rank (of the two
 * middle ranks' buckets, averaged), so within WORD_BUCKET_WIDTH / 2 of the exact median below
 * FINE_WORDS; to half a word.
 */
export function histogramMedian(words: Readonly<Record<string, number>>): number {
  const buckets = Object.entries(words)
    .map(([b, n]) => [Number(b), n] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return 0;
  const at = (rank: number): number => {
    let before = 0;
    for (const [b, n] of buckets) {
      if (rank < before + n) {
        const [low, high] = bucketBounds(b);
        return (low + high) / 2;
      }
      before += n;
    }
    return bucketBounds(buckets[buckets.length - 1]![0])[1];
  };
  const mid = Math.floor(total / 2);
  const value = total % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
  return Math.round(value * 2) / 2;
}

function emptyTally(): DomainTally {
  return { n: 0, author: 0, date: 0, https: 0, extraction: 0, copies: 0, words: {} };
}

function addTo(t: DomainTally, a: DomainArticle, copy: boolean): void {
  t.n++;
  if (hasAuthor(a)) t.author++;
  if (a.published_date !== null) t.date++;
  if (a.https) t.https++;
  if (a.content_retained) t.extraction++;
  if (copy) t.copies++;
  const b = String(wordBucket(a.word_count));
  t.words[b] = (t.words[b] ?? 0) + 1;
}

function sumTallies(into: DomainTally, t: DomainTally): void {
  into.n += t.n;
  into.author += t.author;
  into.date += t.date;
  into.https += t.https;
  into.extraction += t.extraction;
  into.copies += t.copies;
  for (const [b, n] of Object.entries(t.words)) into.words[b] = (into.words[b] ?? 0) + n;
}

/** Empty counters. */
export function emptyCounters(): DomainCounters {
  return { version: DOMAIN_COUNTERS_VERSION, days: {}, recent: [], counted: [] };
}

/** Most recent first (then by id): the order the estimator's sample is kept in. */
function byRecency(a: { time: number; id: string }, b: { time: number; id: string }): number {
  return b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The ESTIMATE_SAMPLE most recent of some articles (each id once). */
export function recentSample<T extends { id: string; time: number }>(items: Iterable<T>): T[] {
  const byId = new Map<string, T>();
  for (const i of items) byId.set(i.id, i);
  return [...byId.values()].sort(byRecency).slice(0, ESTIMATE_SAMPLE);
}

/**
 * Counters with some articles of the domain added (a new object: `c` is left as it is), each
 * under the day of its time; days before `fromDay` are dropped (the window slides without an
 * article read again).
 */
export function addToCounters(c: DomainCounters, articles: readonly CountedArticle[], fromDay: string): DomainCounters {
  const days: Record<string, DomainDayCounts> = {};
  for (const [day, d] of Object.entries(c.days)) if (day >= fromDay) days[day] = structuredClone(d);
  for (const a of articles) {
    const day = dayOf(a.time);
    if (day < fromDay) continue;
    const d = (days[day] ??= { page: emptyTally(), all: emptyTally(), publishers: {} });
    addTo(d.all, a, a.copy.all);
    if (pageObserved(a)) addTo(d.page, a, a.copy.page);
    d.publishers[a.publisher] = (d.publishers[a.publisher] ?? 0) + 1;
  }
  const recent = recentSample([
    ...c.recent,
    ...articles.map((a) => ({ id: a.id, time: a.time, title: a.title, url: a.url })),
  ]).filter((r) => dayOf(r.time) >= fromDay);
  return { version: DOMAIN_COUNTERS_VERSION, days, recent, counted: c.counted };
}

/**
 * A domain's signal counts over the days from `fromDay` on: what domainQualityFromSignals scores
 * (measured: the page-observed articles when there is a prior, else all of them).
 */
export function countedSignals(
  domain: string,
  c: DomainCounters,
  fromDay: string,
  hasPrior: boolean,
): DomainSignals | null {
  const page = emptyTally();
  const all = emptyTally();
  const publishers = new Map<string, number>();
  for (const [day, d] of Object.entries(c.days)) {
    if (day < fromDay) continue;
    sumTallies(page, d.page);
    sumTallies(all, d.all);
    for (const [p, n] of Object.entries(d.publishers)) publishers.set(p, (publishers.get(p) ?? 0) + n);
  }
  if (all.n === 0) return null;
  const m = hasPrior ? page : all;
  return {
    domain,
    publisher: mostCommon(mostFirst(publishers)),
    articles: all.n,
    page_observed: page.n,
    measured:
      m.n === 0
        ? null
        : {
            n: m.n,
            author: m.author,
            date: m.date,
            https: m.https,
            extraction: m.extraction,
            copies: m.copies,
            median: histogramMedian(m.words),
          },
  };
}

/** Publisher counts as a list mostCommon reads the same way (each name repeated its count, capped). */
function mostFirst(counts: ReadonlyMap<string, number>): string[] {
  const top = Math.max(0, ...counts.values());
  // Only the names with the top count can win; one entry each decides the tie by name as before.
  return [...counts].filter(([, n]) => n === top).map(([p]) => p);
}
