import type { StoredArticle } from './active-trend';
import { articleTime } from './active-trend';
import type { ActiveTrend, ClusterOptions } from './cluster';
import type { RejoinOptions } from './rejoin-stories';
import {
  loadActiveTrends,
  loadArchivedTrends,
  loadUnassignedArticles,
  type ArchivedTrend,
  type StoredTrend,
} from './detect.repository';
import { finishableMerges, openTrendStates } from './load-trend-states';
import type { DetectDeps } from './run-detect';
import { combinedState } from './trend-state';
import { needsVelocityRefresh } from './velocity';

/** What one run is given: its clock and window, the clustering options, the background IDF, its bounds. */
export interface DetectSettings {
  now: Date;
  /** Start of the window (ISO): articles and open trends reported since. */
  since: string;
  cluster: Omit<ClusterOptions, 'now' | 'idf'>;
  idf: (term: string) => number;
  /** Whether the clustering compares headline meanings (the states keep their sums). */
  withMeaning: boolean;
  /** Most new reports the run reads (PIPELINE_DETECT_MAX_NEW_REPORTS). */
  maxNewReports: number;
  /** The story rejoin's options (rejoin-stories.ts; rejoinCosine 0 switches it off). */
  rejoin: RejoinOptions;
}

/** What a run reads before it clusters: never a member article of a trend that has a stored state. */
export interface DetectInput {
  active: StoredTrend[];
  /** Merges an earlier run marked but did not finish, by absorbed id (merged_into: the final survivor). */
  unfinished: Map<string, StoredTrend>;
  unassigned: StoredArticle[];
  /** Closed trends naming the new reports' entities (their compact state). */
  archived: ArchivedTrend[];
  /** Ids of the open trends and of the unfinished merges' absorbed ones. */
  known: Set<string>;
  /** Each stored trend's aliases; a merge adds the absorbed ids to its survivor's. */
  aliases: Map<string, string[]>;
  /** The open trends as the clustering compares them (the unfinished merges' already combined). */
  states: Map<string, ActiveTrend>;
  /** Open trends whose velocity can still move with the clock (needsVelocityRefresh). */
  refreshing: Set<string>;
}

/** Whether an article has an effective time (published, else fetched). */
export function datedArticle(a: StoredArticle): boolean {
  return Number.isFinite(articleTime(a));
}

/**
 * Reads a run's input: the open trends' stored compact state (load-trend-states.ts; a trend
 * written before the state was kept is rebuilt from its articles, once), the unfinished merges,
 * at most `maxNewReports` new reports (the earliest first), and the closed trends they name.
 */
export async function loadDetectInput(
  deps: Pick<DetectDeps, 'opensearch' | 'names' | 'logger'>,
  s: DetectSettings,
): Promise<DetectInput> {
  const { opensearch: client, names } = deps;
  const active = await loadActiveTrends(client, names, s.since);
  // Merges an earlier run marked but did not finish: finished here, as if merged in this run.
  const unfinished = await finishableMerges(client, names, active);
  const loaded = await loadUnassignedArticles(client, names, s.since, s.now.toISOString(), s.maxNewReports);
  if (loaded.length >= s.maxNewReports) {
    deps.logger.warn({ max: s.maxNewReports }, 'detection read its most new reports: the rest wait for the next run');
  }
  const unassigned = loaded.filter(datedArticle);
  // Closed trends naming the new reports' entities, read as their compact state (no articles).
  const archiveFrom = new Date(Date.parse(s.since) - s.cluster.archiveDays * 86_400_000).toISOString();
  const known = new Set([...active.map((t) => t.id), ...unfinished.keys()]);
  const entities = [...new Set(unassigned.flatMap((a) => a.entities ?? []))].sort();
  const archived = (
    s.cluster.archiveDays > 0 ? await loadArchivedTrends(client, names, archiveFrom, s.since, entities) : []
  ).filter((t) => !known.has(t.id));
  // A stored trend merged into another: its articles and ids move to the survivor, whose
  // `aliases` keep every absorbed id resolving (API.md); the absorbed document is deleted.
  const aliases = new Map([...active, ...unfinished.values()].map((t) => [t.id, t.aliases ?? []]));
  const open = [...active, ...unfinished.values()];
  const states = await openTrendStates(client, names, open, s.idf, s.withMeaning, datedArticle);
  for (const [id, t] of unfinished) {
    const absorbed = states.get(id);
    const survivor = states.get(t.merged_into!);
    states.delete(id);
    if (absorbed && survivor) states.set(survivor.id, combinedState(survivor, absorbed));
  }
  const refreshing = new Set(active.filter((t) => needsVelocityRefresh(t, s.now)).map((t) => t.id));
  return { active, unfinished, unassigned, archived, known, aliases, states, refreshing };
}
