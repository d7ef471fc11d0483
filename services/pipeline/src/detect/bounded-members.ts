import type { ArticleDoc, IndexNames, OpenSearchClient } from '@trendscope/core';
import type { StoredArticle } from './active-trend';
import type { ClusterResult } from './cluster';
import { loadTrendDocs, searchAll, withBodies } from './detect.repository';
import { growable, type GrowSource } from './grow-trend';

/*
 * What a run reads of a trend above the member bound (PIPELINE_DETECT_MAX_MEMBERS_READ) that only
 * took new reports: its stored document and a sample of at most `bound` members, so a run's read
 * grows with its new reports and the bound, not with the trends they join (grow-trend.ts).
 */

/**
 * The trends among `read` a run grows from their stored documents: each took new reports in the
 * clustering and nothing else happened to it (no merge absorbed it or into it, no unfinished one),
 * and its state counts more members than `bound`.
 */
export function growCandidates(
  r: ClusterResult,
  unfinishedSurvivors: ReadonlySet<string>,
  articleCounts: (id: string) => number | undefined,
  read: readonly string[],
  bound: number,
): string[] {
  const took = new Set(r.touched.map((t) => t.id));
  const merging = new Set([...r.merged.keys(), ...r.merged.values(), ...unfinishedSurvivors]);
  return read.filter((id) => took.has(id) && !merging.has(id) && (articleCounts(id) ?? 0) > bound);
}

/** The stored documents of the trends among `ids` that can be grown (growable), by id. */
export async function loadGrowSources(
  client: OpenSearchClient,
  names: IndexNames,
  ids: readonly string[],
  withMeaning: boolean,
): Promise<Map<string, GrowSource>> {
  const out = new Map<string, GrowSource>();
  for (const [id, doc] of await loadTrendDocs(client, names, ids)) if (growable(doc, withMeaning)) out.set(id, doc);
  return out;
}

/**
 * At most `bound` stored members of a trend, with their texts: those its citations name (so the
 * bounded citations are chosen as from all members), then a random sample of the others seeded by
 * the trend's id (the newest alone gave the topic of a build from every member for 44 of 62
 * trends at 30x, a random sample for 56: docs/lab-notes/detection-speed.md).
 */
export async function loadMemberSample(
  client: OpenSearchClient,
  names: IndexNames,
  trend: Pick<GrowSource, 'id' | 'citations'>,
  bound: number,
): Promise<StoredArticle[]> {
  const ofTrend = { term: { trend_id: trend.id } };
  const urls = [...new Set(trend.citations.map((c) => c.url))];
  const cited =
    urls.length > 0
      ? await searchAll<ArticleDoc>(
          client,
          names.articles,
          { bool: { filter: [ofTrend, { terms: { url: urls } }] } },
          [{ canonical_url: 'asc' }],
          undefined,
          bound,
        )
      : [];
  // A random sample with the trend's id as seed (the same members on a replay): it keeps the
  // share of each headline and angle a build from every member reads.
  const spread =
    bound > cited.length
      ? await searchAll<ArticleDoc>(
          client,
          names.articles,
          { function_score: { query: ofTrend, random_score: { seed: seedOf(trend.id), field: 'canonical_url' } } },
          [{ _score: 'desc' }, { canonical_url: 'asc' }],
          undefined,
          bound - cited.length,
        )
      : [];
  const byId = new Map([...cited, ...spread].map((h) => [h._id, { ...h._source, id: h._id }]));
  return withBodies(client, names, [...byId.values()]);
}

/** A 31-bit seed from a trend id. */
function seedOf(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) | 0;
  return h & 0x7fffffff;
}
