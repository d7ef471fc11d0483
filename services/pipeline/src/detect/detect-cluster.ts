import { toDetectArticle, type StoredArticle } from './active-trend';
import { growCandidates, loadGrowSources, loadMemberSample } from './bounded-members';
import { clusterArticles, type ClusterResult } from './cluster';
import { loadRefreshSources, loadTrendMembers } from './detect.repository';
import { columnReports, datedArticle, type DetectInput, type DetectSettings } from './detect-load';
import type { GrowSource } from './grow-trend';
import { refreshable, type RefreshSource } from './refresh-trend';
import type { DetectDeps } from './run-detect';
import { clusteringView } from './story-part';
import { storedState } from './trend-state';

/** A run's clustering and what it decided to read for it. */
export interface Clustered {
  result: ClusterResult;
  /** Trends refreshed from their stored documents (refresh-trend.ts): no article read. */
  fromState: string[];
  /** What the refresh reads of the refreshing trends (RefreshSource: no clustering sums, citations or texts), by id. */
  stored: Map<string, RefreshSource>;
  /** Trends read with their members to be rebuilt (or moved, when absorbed), sorted. */
  read: string[];
  /** Member articles read, by trend id (a trend none of whose articles can be read: empty). */
  members: Map<string, StoredArticle[]>;
  /** Trends above the member bound grown from their stored documents (grow-trend.ts), sorted: not in `read`. */
  grow: string[];
  /** The stored documents of the trends checked for growing that can be grown, by id. */
  grown: Map<string, GrowSource>;
  /** The bounded sample of members read of each grown trend (bounded-members.ts), by id. */
  sampled: Map<string, StoredArticle[]>;
  /** The new reports the clustering left out as editions of a recurring column (a superset of `input.columns`). */
  columns: ReadonlySet<string>;
}

/** The trends a clustering result changes: those that took a report or absorbed one, and the survivors of unfinished merges. */
export function changedTrends(r: ClusterResult, input: Pick<DetectInput, 'unfinished'>): Set<string> {
  return new Set([
    ...r.touched.map((t) => t.id),
    ...r.merged.values(),
    ...[...input.unfinished.values()].map((t) => t.merged_into!),
  ]);
}

/** Stored trends gone in a run: absorbed by the clustering or by an unfinished merge. */
export function goneTrends(r: ClusterResult, input: Pick<DetectInput, 'unfinished'>): Set<string> {
  return new Set([...r.merged.keys(), ...input.unfinished.keys()]);
}

/** Reads the members of the trends among `ids` not read yet into `members`. */
export async function readMembers(
  deps: Pick<DetectDeps, 'opensearch' | 'names'>,
  members: Map<string, StoredArticle[]>,
  ids: readonly string[],
): Promise<void> {
  const missing = ids.filter((id) => !members.has(id));
  for (const id of missing) members.set(id, []);
  for (const a of (await loadTrendMembers(deps.opensearch, deps.names, missing)).filter(datedArticle)) {
    members.get(a.trend_id!)!.push(a);
  }
}

/**
 * Clusters the new reports against the open and archived trends' states (pure clusterArticles),
 * then decides what to read: the members of the trends it changes, and for those whose velocity
 * can still move with the clock their stored documents (refreshed without their articles when
 * refreshable, else read with them). Editions of a recurring column (one publisher's title
 * template on several days) are no story: they stay unassigned, as a title that is only a date
 * does (recurring-column.ts). The earlier editions are among the unassigned and the members of
 * the trends the new reports join: a report found to be an edition only then is clustered again
 * without it.
 */
export async function clusterRun(
  deps: Pick<DetectDeps, 'opensearch' | 'names'>,
  input: DetectInput,
  s: DetectSettings,
): Promise<Clustered> {
  const { unassigned, states, archived, refreshing } = input;
  const stored = new Map<string, RefreshSource>();
  const members = new Map<string, StoredArticle[]>();
  const grown = new Map<string, GrowSource>();
  const checked = new Set<string>();
  const sampled = new Map<string, StoredArticle[]>();
  const unfinishedSurvivors = new Set([...input.unfinished.values()].map((t) => t.merged_into!));
  const clusterFresh = (columns: ReadonlySet<string>): ClusterResult =>
    clusterArticles(
      unassigned.filter((a) => !columns.has(a.id)).map(toDetectArticle),
      // A rejoined trend is compared by its part, as one run compares each trend it later rejoins.
      [...states.values(), ...archived.map((t) => storedState(t, false)!)].map(clusteringView),
      {
        ...s.cluster,
        now: s.now,
        idf: s.idf,
        mergeJudgedUntil: input.mergeJudgedUntil,
        mergeJudgedTo: input.mergeJudgedTo,
      },
    );
  const plan = async (r: ClusterResult): Promise<{ fromState: string[]; read: string[]; grow: string[] }> => {
    const gone = goneTrends(r, input);
    const changed = changedTrends(r, input);
    const moving = [...refreshing].filter((id) => !gone.has(id));
    const missing = moving.filter((id) => !stored.has(id) && !changed.has(id));
    for (const [id, doc] of await loadRefreshSources(deps.opensearch, deps.names, missing)) stored.set(id, doc);
    const fromState = moving.filter((id) => !changed.has(id) && stored.has(id) && refreshable(stored.get(id)!, s.now));
    const skip = new Set(fromState);
    const read = [...new Set([...changed, ...gone, ...moving])].filter((id) => !skip.has(id));
    // A trend above the member bound that only took new reports is grown, not read whole.
    const count = (id: string): number | undefined => states.get(id)?.article_count;
    const candidates = growCandidates(r, unfinishedSurvivors, count, read, s.maxMembersRead);
    const unchecked = candidates.filter((id) => !checked.has(id));
    for (const id of unchecked) checked.add(id);
    for (const [id, doc] of await loadGrowSources(deps.opensearch, deps.names, unchecked, s.withMeaning)) {
      grown.set(id, doc);
    }
    const grow = new Set(candidates.filter((id) => grown.has(id)));
    return { fromState: fromState.sort(), read: read.filter((id) => !grow.has(id)).sort(), grow: [...grow].sort() };
  };
  const readSamples = async (ids: readonly string[]): Promise<void> => {
    for (const id of ids.filter((id) => !sampled.has(id))) {
      const sample = await loadMemberSample(deps.opensearch, deps.names, grown.get(id)!, s.maxMembersRead);
      sampled.set(id, sample.filter(datedArticle));
    }
  };
  // The editions the new reports alone show (their candidates were chosen without them), then
  // those the members read show too: a superset (columnReports grows with the articles).
  let columns = input.columns;
  let result = clusterFresh(columns);
  let decided = await plan(result);
  await readMembers(deps, members, decided.read);
  await readSamples(decided.grow);
  const seen = columnReports([...[...members.values(), ...sampled.values()].flat(), ...unassigned]);
  if (unassigned.some((a) => seen.has(a.id) && !columns.has(a.id))) {
    columns = new Set([...columns, ...seen]);
    result = clusterFresh(columns);
    decided = await plan(result);
    await readMembers(deps, members, decided.read);
    await readSamples(decided.grow);
  }
  return { result, ...decided, stored, members, grown, sampled, columns };
}
