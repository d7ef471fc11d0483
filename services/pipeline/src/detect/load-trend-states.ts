import type { IndexNames, OpenSearchClient, TrendDoc } from '@trendscope/core';
import { toActiveTrend, type StoredArticle } from './active-trend';
import type { ActiveTrend } from './cluster';
import {
  bulkWrite,
  loadMergeMarks,
  loadTrendMembers,
  loadTrendsById,
  unmarkMerged,
  type StoredTrend,
} from './detect.repository';
import { groupBy } from './group-by';
import { appendAll } from './large-arrays';
import { detectState, findable, storedState } from './trend-state';

/**
 * The clustering state of each open trend, by id: its stored compact state, else (a trend written
 * before the state was kept) rebuilt from its articles. A state kept without the fields a run finds
 * it by (detect_terms, detect_founded) gets them written.
 */
export async function openTrendStates(
  client: OpenSearchClient,
  names: IndexNames,
  trends: readonly StoredTrend[],
  idf: (term: string) => number,
  withMeaning: boolean,
  dated: (a: StoredArticle) => boolean,
): Promise<Map<string, ActiveTrend>> {
  const out = new Map<string, ActiveTrend>();
  const stateless: string[] = [];
  const unfound: { id: string; doc: Partial<TrendDoc> }[] = [];
  for (const t of trends) {
    const state = storedState(t, withMeaning);
    if (!state) {
      stateless.push(t.id);
      continue;
    }
    out.set(t.id, state);
    if (t.detect_terms === undefined && t.merged_into === undefined) {
      unfound.push({
        id: t.id,
        doc: findable({ terms: state.terms, first_seen: state.part?.first_seen ?? state.first_seen }),
      });
    }
  }
  await bulkWrite(client, names.trends, unfound, 'update');
  const members = groupBy((await loadTrendMembers(client, names, stateless)).filter(dated), (a) => a.trend_id!);
  const rebuilt: { id: string; doc: Pick<TrendDoc, 'entities' | 'detect_state'> }[] = [];
  for (const [id, list] of members) {
    // In id order, as a rebuilt trend's state is written, so the state is the same either way.
    const state = toActiveTrend(
      id,
      [...list].sort((a, b) => (a.id < b.id ? -1 : 1)),
      idf,
      withMeaning,
    );
    out.set(id, state);
    rebuilt.push({ id, doc: detectState(state) });
  }
  // Kept on the trend: the next runs read its state, not its articles.
  await bulkWrite(client, names.trends, rebuilt, 'update');
  return new Map([...out].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

/**
 * Trends an earlier run marked `merged_into` but did not delete, by absorbed id, each with the
 * final survivor in `merged_into` (marks chain when a survivor was absorbed in turn). A mark whose
 * survivor was never written is undone: that trend is ordinary again (and, when still recent, is
 * added to `active`).
 */
export async function finishableMerges(
  client: OpenSearchClient,
  names: IndexNames,
  active: StoredTrend[],
): Promise<Map<string, StoredTrend>> {
  const marks = new Map((await loadMergeMarks(client, names)).map((t) => [t.id, t]));
  if (marks.size === 0) return marks;
  const finalOf = (id: string): string => {
    let at = id;
    for (let hop = 0; hop <= marks.size && marks.has(at); hop++) at = marks.get(at)!.merged_into!;
    return at;
  };
  const known = new Set(active.map((t) => t.id));
  const survivors = [...new Set([...marks.keys()].map(finalOf))].filter((id) => !known.has(id));
  const found = await loadTrendsById(client, names, survivors);
  // A survivor outside the window still takes its absorbed trends' articles: it is rebuilt too.
  for (const t of found.values()) if (!marks.has(t.id)) active.push(t);
  const out = new Map<string, StoredTrend>();
  const orphans: string[] = [];
  for (const [id, t] of marks) {
    const survivor = finalOf(id);
    if (known.has(survivor) || found.has(survivor)) out.set(id, { ...t, merged_into: survivor });
    else orphans.push(id);
  }
  await unmarkMerged(client, names, orphans);
  if (orphans.length > 0) appendAll(active, (await loadTrendsById(client, names, orphans)).values());
  return out;
}
