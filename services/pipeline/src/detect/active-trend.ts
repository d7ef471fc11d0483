import type { ArticleDoc } from '@trendscope/core';
import type { TrendMember } from './build-trend';
import type { ActiveTrend, DetectArticle } from './cluster';
import { defaultHeadlineMeaning } from './headline-meaning';
import { articleVector, topTerms } from './term-vector';

/** A stored article with its document id, as detection reads it. */
export type StoredArticle = ArticleDoc & { id: string };

/** Centroid terms kept when rebuilding a trend's state from its articles. */
const CENTROID_TERMS = 80;

const DAY = 86_400_000;

/**
 * When detection takes an article to have been reported (ms): its publication date; without one,
 * the day it was fetched as a date alone (midnight UTC, cadence.ts dateOnly). A fetch time says
 * when the page was read, not when it was reported: undated pages of one feed poll are fetched
 * within a second of each other, and as times they would take the burst discount and join on one
 * shared word ("84 killed in France as terror truck ploughs through crowd" into a Costa Rica plane
 * crash). Clustering, trend times and timelines all read this one time, so a stored trend's state
 * agrees with the run that built it.
 */
export function articleTime(a: Pick<ArticleDoc, 'published_date' | 'fetched_at'>): number {
  if (a.published_date) return Date.parse(a.published_date);
  const fetched = Date.parse(a.fetched_at);
  return fetched - (((fetched % DAY) + DAY) % DAY);
}

/**
 * When each member of one trend counts as reported for what the trend serves (first and last seen,
 * timeline, velocity): articleTime, except that a page without a publication date counts no later
 * than the trend's latest dated report (`latestDated`: one already stored, such as the stored
 * trend's last_seen). An undated page is read on the day it is fetched, which says nothing of when
 * its story was reported: an old page found today that joins a story of weeks ago must not list
 * that story as reported today ("129th Rose Parade" at the head of /v1/trends/recent, weeks after
 * its last dated report). Clustering keeps articleTime: which reports join is decided as before.
 */
export function servedTimeOf(
  members: readonly Pick<ArticleDoc, 'published_date' | 'fetched_at'>[],
  latestDated = Number.NEGATIVE_INFINITY,
): (a: Pick<ArticleDoc, 'published_date' | 'fetched_at'>) => number {
  let latest = latestDated;
  for (const m of members) if (m.published_date) latest = Math.max(latest, Date.parse(m.published_date));
  return (a) => (a.published_date || !Number.isFinite(latest) ? articleTime(a) : Math.min(articleTime(a), latest));
}

/** The trend-building views of one trend's stored articles, each at its served time (servedTimeOf). */
export function toTrendMembers(list: readonly StoredArticle[], latestDated?: number): TrendMember[] {
  const timeOf = servedTimeOf(list, latestDated);
  return list.map((a) => ({ ...a, time: timeOf(a) }));
}

/** The clustering view of a stored article (title + description/body lead + entities). */
export function toDetectArticle(a: StoredArticle): DetectArticle {
  return {
    id: a.id,
    title: a.title,
    text: [a.description, a.body].filter(Boolean).join('\n'),
    time: articleTime(a),
    // Documents written before entities were extracted have none.
    entities: a.entities ?? [],
  };
}

/**
 * Rebuilds the clustering state of a stored trend from its member articles, the same sums the
 * clustering keeps while it runs (centroid of article vectors, entity counts, time span, and the
 * summed headline meanings when `meaning` merges are on).
 */
export function toActiveTrend(
  id: string,
  members: readonly StoredArticle[],
  idf: (t: string) => number,
  withMeaning = true,
): ActiveTrend {
  const meaningOf = withMeaning ? defaultHeadlineMeaning() : undefined;
  let meaning: Float32Array | undefined;
  const centroid = new Map<string, number>();
  const entities: Record<string, number> = {};
  let first = Infinity;
  let last = -Infinity;
  for (const m of members) {
    const d = toDetectArticle(m);
    for (const [t, w] of articleVector(d.title, d.text, idf)) centroid.set(t, (centroid.get(t) ?? 0) + w);
    for (const e of d.entities) entities[e] = (entities[e] ?? 0) + 1;
    const headline = meaningOf?.(d.title);
    if (headline) {
      meaning ??= new Float32Array(headline.length);
      for (let i = 0; i < headline.length; i++) meaning[i]! += headline[i]!;
    }
    first = Math.min(first, d.time);
    last = Math.max(last, d.time);
  }
  return {
    id,
    terms: Object.fromEntries(topTerms(centroid, CENTROID_TERMS)),
    entities,
    article_count: members.length,
    first_seen: first,
    last_seen: last,
    ...(meaning ? { meaning: [...meaning] } : {}),
  };
}
