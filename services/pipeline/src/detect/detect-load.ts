import type { StoredArticle } from './active-trend';
import { articleTime, toDetectArticle } from './active-trend';
import { queryTerms, reachOf } from './candidate-trends';
import { comparable, POSTINGS_PER_TERM, type ActiveTrend, type ClusterOptions } from './cluster';
import type { RejoinOptions } from './rejoin-stories';
import {
  loadActiveTrends,
  loadArchivedTrends,
  loadCandidateTrends,
  loadMergesJudgedUntil,
  loadNewReports,
  loadTrendsById,
  refreshDetectIndices,
  type ArchivedTrend,
  type SortValues,
  type StoredTrend,
} from './detect.repository';
import { finishableMerges, openTrendStates } from './load-trend-states';
import { recurringColumnIds } from './recurring-column';
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
  /** Most new reports one pass of the run reads (PIPELINE_DETECT_MAX_NEW_REPORTS). */
  maxNewReports: number;
  /** Most passes one run makes (PIPELINE_DETECT_MAX_PASSES); what waits beyond is the next run's. */
  maxPasses: number;
  /**
   * Most stored members a run reads of a trend it adds reports to (PIPELINE_DETECT_MAX_MEMBERS_READ):
   * a trend with more is grown from its stored document and a sample of them (grow-trend.ts).
   */
  maxMembersRead: number;
  /** The story rejoin's options (rejoin-stories.ts; rejoinCosine 0 switches it off). */
  rejoin: RejoinOptions;
}

/** What a run reads before it clusters: never a member article of a trend that has a stored state. */
export interface DetectInput {
  /** Every open trend, without its clustering state (detect.repository.ts, loadActiveTrends). */
  active: StoredTrend[];
  /** Merges an earlier run marked but did not finish, by absorbed id (merged_into: the final survivor). */
  unfinished: Map<string, StoredTrend>;
  unassigned: StoredArticle[];
  /**
   * The new reports that are editions of a recurring column by the new reports alone
   * (columnReports), and those an earlier run found to be (`detect_column`): never clustered, so
   * they reach no trend and a run holds no state for them.
   */
  columns: Set<string>;
  /** Closed trends naming the new reports' entities (their compact state). */
  archived: ArchivedTrend[];
  /** Ids of the open trends and of the unfinished merges' absorbed ones. */
  known: Set<string>;
  /** Each stored trend's aliases; a merge adds the absorbed ids to its survivor's. */
  aliases: Map<string, string[]>;
  /**
   * The open trends the new reports may change, as the clustering compares them (the unfinished
   * merges' already combined): the candidates of candidate-trends.ts, none in a run without reports.
   */
  states: Map<string, ActiveTrend>;
  /** Open trends whose velocity can still move with the clock (needsVelocityRefresh). */
  refreshing: Set<string>;
  /**
   * With mergeSettleMinutes: the clock up to which the last run judged merges (undefined: none
   * recorded, every stored trend was judged), and the one this run judges up to: its clock, or the
   * last report it read when it read its most new reports (the rest may come before later moments).
   */
  mergeJudgedUntil?: number;
  mergeJudgedTo: number;
  /** Whether the pass read its most new reports (maxNewReports): more may wait after `last`. */
  full: boolean;
  /** Where the next pass's read goes on from (the last report read, earliest-first order). */
  last?: SortValues;
}

/**
 * Where a pass after the first of a run starts: after the last report the pass before read, with
 * the clock up to which it judged merges (the run records it only at its end).
 */
export interface PassStart {
  after?: SortValues;
  mergeJudgedUntil?: number;
}

/** Whether an article has an effective time (published, else fetched). */
export function datedArticle(a: StoredArticle): boolean {
  return Number.isFinite(articleTime(a));
}

/**
 * Reads one pass's input: the open trends (without their state), the unfinished merges, at most
 * `maxNewReports` new reports (the earliest first; after `start.after` in a later pass), the closed
 * trends they name, and the stored compact state of the open trends the reports may change
 * (candidate-trends.ts; load-trend-states.ts: a trend written before the state was kept is rebuilt
 * from its articles, once). A full pass that another follows leaves the velocity refresh of the
 * trends it does not change to the last pass (same clock, same result, done once).
 */
export async function loadDetectInput(
  deps: Pick<DetectDeps, 'opensearch' | 'names' | 'logger'>,
  s: DetectSettings,
  start?: PassStart,
  finalPass = true,
): Promise<DetectInput> {
  const { opensearch: client, names } = deps;
  // What the run before wrote is made visible first: a run that died before its closing refresh
  // (write-detect.ts) leaves article moves and assignments unseen until the index's periodic
  // refresh, which could then land between this pass's reads (a report read as new, then again
  // among its trend's members, counted twice).
  await refreshDetectIndices(client, names);
  const active = await loadActiveTrends(client, names, s.since);
  // Merges an earlier run (or pass) marked but did not finish: finished here, as if merged in this pass.
  const unfinished = await finishableMerges(client, names, active);
  const read = await loadNewReports(client, names, s.since, s.now.toISOString(), s.maxNewReports, start?.after);
  const loaded = read.articles;
  const capped = loaded.length >= s.maxNewReports;
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
  const columns = knownColumns(unassigned);
  const clustered = unassigned.filter((a) => !columns.has(a.id));
  const settleMs = (s.cluster.mergeSettleMinutes ?? 0) * 60_000;
  const mergeJudgedUntil =
    settleMs > 0 ? (start ? start.mergeJudgedUntil : await loadMergesJudgedUntil(client, names)) : undefined;
  const lastRead = unassigned.reduce((m, a) => Math.max(m, articleTime(a)), Number.NEGATIVE_INFINITY);
  const judgedTo = capped && unassigned.length > 0 ? lastRead - 1 : s.now.getTime();
  const mergeJudgedTo = Math.max(judgedTo, mergeJudgedUntil ?? Number.NEGATIVE_INFINITY);
  const held = await heldTrends(deps, s, active, unfinished, clustered);
  if (mergeJudgedUntil !== undefined) held.push(...(await unsettledTrends(deps, s, active, held, mergeJudgedUntil)));
  const open = [...held, ...unfinished.values()];
  const states = await openTrendStates(client, names, open, s.idf, s.withMeaning, datedArticle);
  for (const [id, t] of unfinished) {
    const absorbed = states.get(id);
    const survivor = states.get(t.merged_into!);
    states.delete(id);
    if (absorbed && survivor) states.set(survivor.id, combinedState(survivor, absorbed));
  }
  const lastPass = !capped || finalPass;
  const refreshing = new Set(lastPass ? active.filter((t) => needsVelocityRefresh(t, s.now)).map((t) => t.id) : []);
  return {
    active,
    unfinished,
    unassigned,
    columns,
    archived,
    known,
    aliases,
    states,
    refreshing,
    mergeJudgedUntil,
    mergeJudgedTo,
    full: capped,
    last: read.last,
  };
}

/**
 * With mergeSettleMinutes, the open trends not yet held whose merge the last run left to a later
 * one (founded after its clock minus the settle time) and those founded within the merge window
 * before them, which they may join: candidates of a run even without new reports, which judges them.
 */
async function unsettledTrends(
  deps: Pick<DetectDeps, 'opensearch' | 'names'>,
  s: DetectSettings,
  active: readonly StoredTrend[],
  held: readonly StoredTrend[],
  judgedUntil: number,
): Promise<StoredTrend[]> {
  const from = judgedUntil - (s.cluster.mergeSettleMinutes ?? 0) * 60_000 - s.cluster.mergeWindowSeconds * 1000;
  const heldIds = new Set(held.map((t) => t.id));
  const ids = active.filter((t) => !heldIds.has(t.id) && clusteringFounded(t) > from).map((t) => t.id);
  return [...(await loadTrendsById(deps.opensearch, deps.names, ids)).values()];
}

/**
 * Editions of a recurring column among `articles` (recurringColumnIds over their effective times).
 * The set only grows with the articles looked at (a template's days, a dated label), so the
 * editions the new reports alone show stay out of every clustering of the run (detect-cluster.ts).
 */
export function columnReports(articles: readonly StoredArticle[]): Set<string> {
  return recurringColumnIds(articles.map((a) => ({ ...a, time: articleTime(a) })));
}

/**
 * The editions of a recurring column among a run's new reports known before it clusters: those
 * the new reports alone show (columnReports), and those an earlier run found with the members it
 * read and marked (`detect_column`), which would otherwise choose candidates and have those
 * members read again by every run until they leave the window.
 */
export function knownColumns(unassigned: readonly StoredArticle[]): Set<string> {
  const out = columnReports(unassigned);
  for (const a of unassigned) if (a.detect_column) out.add(a.id);
  return out;
}

/** When the clustering counts a stored trend founded: its indexed founding, else its part's or its own. */
export function clusteringFounded(t: Pick<StoredTrend, 'detect_founded' | 'detect_state' | 'first_seen'>): number {
  if (t.detect_founded !== undefined) return Date.parse(t.detect_founded);
  return t.detect_state?.part?.first_seen ?? Date.parse(t.first_seen);
}

/**
 * The open trends a run holds the clustering state of: the candidates its clustered new reports
 * may change (loadCandidateTrends; none without such reports), the survivors of unfinished merges, and the trends
 * finishableMerges added to `active` (read with their state).
 */
async function heldTrends(
  deps: Pick<DetectDeps, 'opensearch' | 'names'>,
  s: DetectSettings,
  active: readonly StoredTrend[],
  unfinished: ReadonlyMap<string, StoredTrend>,
  unassigned: readonly StoredArticle[],
): Promise<StoredTrend[]> {
  const { opensearch: client, names } = deps;
  const out = new Map(active.filter((t) => t.detect_state !== undefined).map((t) => [t.id, t]));
  // A report with nothing to compare joins and founds nothing: it reaches no trend (comparable).
  const articles = unassigned.map(toDetectArticle).filter((a) => comparable(a, s.idf));
  if (articles.length > 0) {
    const windowMs = s.cluster.mergeWindowSeconds * 1000;
    const reach = reachOf(
      articles.map((a) => a.time),
      windowMs,
    );
    const terms = queryTerms(articles, s.idf);
    const perTerm = s.cluster.postingsPerTerm ?? POSTINGS_PER_TERM;
    for (const t of await loadCandidateTrends(
      client,
      names,
      s.since,
      terms,
      reach,
      windowMs,
      clusteringFounded,
      perTerm,
    )) {
      out.set(t.id, t);
    }
  }
  const survivors = [...new Set([...unfinished.values()].map((t) => t.merged_into!))].filter((id) => !out.has(id));
  for (const [id, t] of await loadTrendsById(client, names, survivors)) out.set(id, t);
  return [...out.values()];
}
