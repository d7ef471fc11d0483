import {
  bumpGeneration,
  type IndexNames,
  type Logger,
  type OpenSearchClient,
  type Redis,
  type RunDoc,
  type TrendDoc,
} from '@trendscope/core';
import { loadClassifier } from '../classify/classifier';
import { DEFAULT_RATINGS_FILE, loadDomainRatings } from '../score/domain-ratings';
import { articleTime, toActiveTrend, toDetectArticle, toTrendMember, type StoredArticle } from './active-trend';
import { combinedState, detectState, storedState } from './trend-state';
import { buildTrend } from './build-trend';
import { clusterArticles, DEFAULT_CLUSTER_OPTIONS, type ClusterOptions, type ClusterResult } from './cluster';
import {
  loadActiveTrends,
  loadArchivedTrends,
  loadTrendMembers,
  loadUnassignedArticles,
  writeRun,
} from './detect.repository';
import { finishableMerges, openTrendStates } from './load-trend-states';
import { writeDetectResult } from './write-detect';
import { distinctTopics } from './distinct-topics';
import { domainDocs } from './domain-docs';
import { groupBy } from './group-by';
import { detectEmbeddings } from './detect-embeddings';
import { backgroundIdf } from './idf';
import { recurringColumnIds } from './recurring-column';
import { rejoinTrends } from './rejoin-stories';
import { needsVelocityRefresh } from './velocity';

/** What runDetect needs. */
export interface DetectDeps {
  opensearch: OpenSearchClient;
  names: IndexNames;
  redis: Redis;
  keyPrefix: string;
  logger: Logger;
  /** Throws when the run no longer holds the single-flight lock (checked before anything is written). */
  assertLockHeld?: () => Promise<void>;
}

/** Counts of one detection run. */
export interface DetectSummary {
  run_id: string;
  articles_considered: number;
  articles_assigned: number;
  trends_created: number;
  trends_written: number;
  /** Stored trends merged into another in this run (their ids now resolve to the survivor). */
  trends_merged: number;
  domains_written: number;
}

/**
 * One detection run at clock `now`, top-down: loads the unassigned articles of the window and the
 * open trends' stored compact state (load-trend-states.ts, no article read), clusters the new ones
 * (pure clusterArticles), reads the articles of the trends it rebuilds only (touched or merged, and
 * those whose velocity can still move with the clock: a report within 2W), builds them, writes
 * them, each new article's trend_id and the domains' quality (write-detect.ts), records a RunDoc
 * and bumps the data generation. Replaying it with the same clock and data writes the same
 * documents (ids derive from content).
 */
export async function runDetect(
  deps: DetectDeps,
  opts: {
    now: Date;
    windowHours?: number;
    modelPath?: string;
    ratingsFile?: string;
    /** Clustering options over DEFAULT_CLUSTER_OPTIONS. */
    cluster?: Partial<Omit<ClusterOptions, 'now' | 'idf'>>;
  },
): Promise<DetectSummary> {
  const { opensearch: client, names, logger } = deps;
  const now = opts.now;
  const windowHours = opts.windowHours ?? opts.cluster?.windowHours ?? DEFAULT_CLUSTER_OPTIONS.windowHours;
  const clusterOptions = { ...DEFAULT_CLUSTER_OPTIONS, ...opts.cluster, windowHours };
  const since = new Date(now.getTime() - windowHours * 3_600_000).toISOString();
  const runId = `detect_${now.getTime().toString(36)}`;
  const startedMs = performance.now();
  const classifier = loadClassifier(opts.modelPath);
  const idf = backgroundIdf();

  try {
    const active = await loadActiveTrends(client, names, since);
    // Merges an earlier run marked but did not finish: finished here, as if merged in this run.
    const unfinished = await finishableMerges(client, names, active);
    const dated = (a: StoredArticle): boolean => Number.isFinite(articleTime(a));
    const unassigned = (await loadUnassignedArticles(client, names, since, now.toISOString())).filter(dated);
    // Closed trends naming the new reports' entities, read as their compact state (no articles).
    const archiveFrom = new Date(Date.parse(since) - clusterOptions.archiveDays * 86_400_000).toISOString();
    const known = new Set([...active.map((t) => t.id), ...unfinished.keys()]);
    const archived = (
      clusterOptions.archiveDays > 0
        ? await loadArchivedTrends(
            client,
            names,
            archiveFrom,
            since,
            [...new Set(unassigned.flatMap((a) => a.entities ?? []))].sort(),
          )
        : []
    ).filter((t) => !known.has(t.id));
    // A stored trend merged into another: its articles and ids move to the survivor, whose
    // `aliases` keep every absorbed id resolving (API.md); the absorbed document is deleted.
    const aliases = new Map([...active, ...unfinished.values()].map((t) => [t.id, t.aliases ?? []]));
    const withMeaning = clusterOptions.meaningThreshold > 0 || clusterOptions.learnedMerge;
    // The open trends as the clustering compares them: their stored compact state, no article read
    // (a trend written before the state was kept is rebuilt from its articles, once).
    const states = await openTrendStates(client, names, [...active, ...unfinished.values()], idf, withMeaning, dated);
    for (const [id, t] of unfinished) {
      const absorbed = states.get(id);
      const survivor = states.get(t.merged_into!);
      states.delete(id);
      if (absorbed && survivor) states.set(survivor.id, combinedState(survivor, absorbed));
    }
    const dayOf = (list: readonly StoredArticle[]) => list.map((a) => ({ ...a, time: articleTime(a) }));
    const clusterFresh = (columns: ReadonlySet<string>) =>
      clusterArticles(
        unassigned.filter((a) => !columns.has(a.id)).map(toDetectArticle),
        [...states.values(), ...archived.map((t) => storedState(t, false)!)],
        { ...clusterOptions, now, idf },
      );
    // Only the trends rebuilt in this run are read with their articles: those that took a report or
    // merged, the survivors of unfinished merges, and those whose velocity can still move with the
    // clock (a report within 2W, or moved since their last write: needsVelocityRefresh).
    const goneOf = (r: ClusterResult): Set<string> => new Set([...r.merged.keys(), ...unfinished.keys()]);
    const toRead = (r: ClusterResult): string[] => {
      const out = new Set([
        ...r.touched.map((t) => t.id),
        ...r.merged.values(),
        ...goneOf(r),
        ...[...unfinished.values()].map((t) => t.merged_into!),
      ]);
      for (const t of active) if (!goneOf(r).has(t.id) && needsVelocityRefresh(t, now)) out.add(t.id);
      return [...out].sort();
    };
    const members = new Map<string, StoredArticle[]>();
    const readMembers = async (ids: readonly string[]): Promise<void> => {
      const missing = ids.filter((id) => !members.has(id));
      for (const id of missing) members.set(id, []);
      for (const a of (await loadTrendMembers(client, names, missing)).filter(dated)) members.get(a.trend_id!)!.push(a);
    };
    // Editions of a recurring column (one publisher's title template on several days) are no
    // story: they stay unassigned, as a title that is only a date does (recurring-column.ts). The
    // earlier editions are among the unassigned and the members of the trends the new reports
    // join: a report found to be an edition only then is clustered again without it.
    let columns = recurringColumnIds(dayOf(unassigned));
    let result = clusterFresh(columns);
    await readMembers(toRead(result));
    const seen = recurringColumnIds(dayOf([...[...members.values()].flat(), ...unassigned]));
    if (unassigned.some((a) => seen.has(a.id) && !columns.has(a.id))) {
      columns = seen;
      result = clusterFresh(columns);
      await readMembers(toRead(result));
    }
    const read = toRead(result);
    // A stored trend none of whose articles can be read (gone with an expired month, or written
    // without them) is left as it is: nothing to rebuild it from.
    const byTrend = new Map(read.filter((id) => members.get(id)!.length > 0).map((id) => [id, [...members.get(id)!]]));
    for (const t of archived.filter((t) => byTrend.has(t.id))) aliases.set(t.id, t.aliases ?? []);
    const moved = new Map<string, string>();
    const absorb = (absorbed: string, survivor: string): void => {
      const list = byTrend.get(absorbed) ?? [];
      byTrend.delete(absorbed);
      byTrend.set(survivor, [...(byTrend.get(survivor) ?? []), ...list.map((a) => ({ ...a, trend_id: survivor }))]);
      for (const a of list) moved.set(a.id, survivor);
      aliases.set(survivor, [...(aliases.get(survivor) ?? []), absorbed, ...(aliases.get(absorbed) ?? [])]);
    };
    for (const [id, t] of unfinished) absorb(id, t.merged_into!);
    for (const [absorbed, survivor] of result.merged) absorb(absorbed, survivor);
    const byId = new Map(unassigned.map((a) => [a.id, a]));
    for (const [articleId, trendId] of result.assignments) {
      const a = byId.get(articleId)!;
      const list = byTrend.get(trendId) ?? [];
      list.push({ ...a, trend_id: trendId });
      byTrend.set(trendId, list);
    }
    // Trends of one story founded hours or days apart become one (rejoin-stories.ts); a trend
    // founded in this run was never served, so it leaves no alias.
    const rejoined = await rejoinTrends(
      new Map([...byTrend].map(([id, list]) => [id, list.map(toDetectArticle)])),
      idf,
      logger,
      undefined,
      new Set(result.touched.map((t) => t.id)),
    );
    for (const [absorbed, survivor] of rejoined) {
      absorb(absorbed, survivor);
      for (const [m, into] of result.merged) if (into === absorbed) result.merged.set(m, survivor);
      for (const [a, t] of result.assignments) if (t === absorbed) result.assignments.set(a, survivor);
      if (!result.created.includes(absorbed)) result.merged.set(absorbed, survivor);
      else
        aliases.set(
          survivor,
          aliases.get(survivor)!.filter((id) => id !== absorbed),
        );
    }
    // Domain quality still reads every member of the window, but only the fields it needs (the
    // trends not rebuilt here, lean): their articles count for their domains and co-coverage.
    const lean = groupBy(
      await loadTrendMembers(
        client,
        names,
        [...active.map((t) => t.id), ...unfinished.keys()].filter((id) => !members.has(id)).sort(),
        DOMAIN_DOC_FIELDS,
      ),
      (a) => a.trend_id!,
    );
    // (members read for a first clustering pass that the second no longer rebuilds count as they are)
    const readOnce = [...members].filter(([id]) => known.has(id) && !read.includes(id)).map(([, list]) => list);
    const trendLists = [...byTrend.values(), ...readOnce, ...lean.values()];
    // Articles left without a trend (nothing to compare) still tell how good their domain is.
    const left = unassigned.filter((a) => !result.assignments.has(a.id));
    const ratings = loadDomainRatings(opts.ratingsFile ?? DEFAULT_RATINGS_FILE);
    const domains = domainDocs([...trendLists.flat(), ...left], now, ratings, trendLists);
    const quality = new Map(domains.map((d) => [d.domain, d.quality_score]));
    const ratedDomains = new Set(domains.filter((d) => d.rated).map((d) => d.domain));
    // A trend without a report in the last two velocity windows is `declining` for good and its
    // scores cannot move: only touched trends and those whose velocity can still move (or moved
    // since their last write: needsVelocityRefresh) are rebuilt.
    const touched = new Set([
      ...result.touched.map((t) => t.id),
      ...[...unfinished.values()].map((t) => t.merged_into!),
      ...rejoined.values(),
    ]);
    const refresh = new Set(active.filter((t) => needsVelocityRefresh(t, now)).map((t) => t.id));
    const rebuiltLists = [...byTrend.entries()]
      .filter(([id]) => touched.has(id) || refresh.has(id))
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const embedText = await detectEmbeddings(
      rebuiltLists.map(([, list]) => list.map(toTrendMember)),
      idf,
      classifier,
      logger,
    );
    const trends: TrendDoc[] = rebuiltLists.map(([id, list]) => {
      const built = buildTrend(id, list.map(toTrendMember), {
        now,
        classifier,
        idf,
        domainQuality: quality,
        ratedDomains,
        ...(embedText ? { embedText } : {}),
      });
      // From the members in id order, so a replay with the same clock writes the same state.
      const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const doc = { ...built, ...detectState(toActiveTrend(id, sorted, idf, withMeaning)) };
      const absorbed = [...new Set(aliases.get(id) ?? [])].sort();
      return absorbed.length > 0 ? { ...doc, aliases: absorbed } : doc;
    });

    // No two listed trends show one topic: a rebuilt trend whose topic a listed trend already has
    // says what differs (distinct-topics.ts); stored trends not rebuilt keep theirs.
    const gone = new Set([...result.merged.keys(), ...unfinished.keys()]);
    const rebuilt = new Set(trends.map((t) => t.id));
    const unchanged = active
      .filter((t) => !rebuilt.has(t.id) && !gone.has(t.id) && t.topic !== undefined)
      .map((t) => ({
        id: t.id,
        topic: t.topic!,
        article_count: t.article_count ?? 0,
        source_count: t.source_count ?? 0,
      }));
    const renamed = distinctTopics([...trends, ...unchanged], new Set(unchanged.map((t) => t.id)));
    for (const t of trends) t.topic = renamed.get(t.id) ?? t.topic;

    // In the crash-safe order of a merge (write-detect.ts).
    await writeDetectResult(deps, {
      merged: result.merged,
      trends,
      articleTrends: [...result.assignments, ...moved],
      deleted: [...result.merged.keys(), ...unfinished.keys()],
      domains,
    });
    const summary: DetectSummary = {
      run_id: runId,
      articles_considered: unassigned.length,
      articles_assigned: result.assignments.size,
      // A trend founded in this run and rejoined into an older one in the same run was not created.
      trends_created: result.created.filter((id) => !rejoined.has(id)).length,
      trends_written: trends.length,
      trends_merged: result.merged.size + unfinished.size,
      domains_written: domains.length,
    };
    await writeRun(client, names, runDoc(runId, now, performance.now() - startedMs, 'succeeded', summary));
    await bumpGeneration(deps.redis, deps.keyPrefix);
    logger.info({ ...summary }, 'detect run finished');
    return summary;
  } catch (err) {
    logger.error({ err, run_id: runId }, 'detect run failed');
    await writeRun(client, names, runDoc(runId, now, performance.now() - startedMs, 'failed', {})).catch(
      () => undefined,
    );
    throw err;
  }
}

/** The article fields domain quality is computed from (domain-docs.ts), and the trend they belong to. */
const DOMAIN_DOC_FIELDS = [
  'domain',
  'publisher',
  'author',
  'published_date',
  'fetched_at',
  'word_count',
  'simhash',
  'https',
  'content_retained',
  'fetch_method',
  'title',
  'url',
  'trend_id',
];

/** A run document: it starts at the run's clock and finishes as long after as the run took. */
function runDoc(
  id: string,
  now: Date,
  tookMs: number,
  status: RunDoc['status'],
  summary: Partial<DetectSummary>,
): RunDoc {
  const counts: Record<string, number> = {};
  for (const [k, v] of Object.entries(summary)) if (typeof v === 'number') counts[k] = v;
  const finished = new Date(now.getTime() + Math.round(tookMs)).toISOString();
  return { id, kind: 'detect', started_at: now.toISOString(), finished_at: finished, status, counts };
}
