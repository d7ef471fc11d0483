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
import { buildTrend } from './build-trend';
import { clusterArticles, DEFAULT_CLUSTER_OPTIONS, type ActiveTrend } from './cluster';
import {
  bulkWrite,
  deleteTrends,
  loadActiveTrends,
  loadArchivedTrends,
  loadMergeMarks,
  loadTrendMembers,
  loadTrendsById,
  loadUnassignedArticles,
  markMerged,
  refreshDetectIndices,
  unmarkMerged,
  writeRun,
  type ArchivedTrend,
  type StoredTrend,
} from './detect.repository';
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
 * One detection run at clock `now`: reads the unassigned articles of the window and the articles of
 * the active trends, clusters the new ones (pure clusterArticles), rebuilds the touched trends and
 * those whose velocity can still move with the clock (a report within 2W), bulk-writes them, then
 * each new article's trend_id, then the domains' quality, records a RunDoc and bumps the data
 * generation. Replaying it with the same clock and data writes the same documents (ids derive
 * from content).
 */
export async function runDetect(
  deps: DetectDeps,
  opts: { now: Date; windowHours?: number; modelPath?: string; ratingsFile?: string },
): Promise<DetectSummary> {
  const { opensearch: client, names, logger } = deps;
  const now = opts.now;
  const windowHours = opts.windowHours ?? DEFAULT_CLUSTER_OPTIONS.windowHours;
  const since = new Date(now.getTime() - windowHours * 3_600_000).toISOString();
  const runId = `detect_${now.getTime().toString(36)}`;
  const classifier = loadClassifier(opts.modelPath);
  const idf = backgroundIdf();

  try {
    const active = await loadActiveTrends(client, names, since);
    // Merges an earlier run marked but did not finish: finished here, as if merged in this run.
    const unfinished = await finishableMerges(client, names, active);
    const dated = (a: StoredArticle): boolean => Number.isFinite(articleTime(a));
    const members = (await loadTrendMembers(client, names, [...active.map((t) => t.id), ...unfinished.keys()])).filter(
      dated,
    );
    const unassigned = (await loadUnassignedArticles(client, names, since, now.toISOString())).filter(dated);
    // Closed trends naming the new reports' entities, read as their compact state (no articles).
    const archiveFrom = new Date(Date.parse(since) - DEFAULT_CLUSTER_OPTIONS.archiveDays * 86_400_000).toISOString();
    const known = new Set([...active.map((t) => t.id), ...unfinished.keys()]);
    const archived = (
      DEFAULT_CLUSTER_OPTIONS.archiveDays > 0
        ? await loadArchivedTrends(
            client,
            names,
            archiveFrom,
            since,
            [...new Set(unassigned.flatMap((a) => a.entities ?? []))].sort(),
          )
        : []
    ).filter((t) => !known.has(t.id));
    const byTrend = groupBy(members, (a) => a.trend_id!);
    // A stored trend merged into another: its articles and ids move to the survivor, whose
    // `aliases` keep every absorbed id resolving (API.md); the absorbed document is deleted.
    const aliases = new Map([...active, ...unfinished.values()].map((t) => [t.id, t.aliases ?? []]));
    const moved = new Map<string, string>();
    const absorb = (absorbed: string, survivor: string): void => {
      const list = byTrend.get(absorbed) ?? [];
      byTrend.delete(absorbed);
      byTrend.set(survivor, [...(byTrend.get(survivor) ?? []), ...list.map((a) => ({ ...a, trend_id: survivor }))]);
      for (const a of list) moved.set(a.id, survivor);
      aliases.set(survivor, [...(aliases.get(survivor) ?? []), absorbed, ...(aliases.get(absorbed) ?? [])]);
    };
    for (const [id, t] of unfinished) absorb(id, t.merged_into!);
    const withMeaning = DEFAULT_CLUSTER_OPTIONS.meaningThreshold > 0 || DEFAULT_CLUSTER_OPTIONS.learnedMerge;
    const existing = [...byTrend.entries()].map(([id, list]) => toActiveTrend(id, list, idf, withMeaning));
    // Editions of a recurring column (one publisher's title template on several days) are no
    // story: they stay unassigned, as a title that is only a date does (recurring-column.ts).
    const columns = recurringColumnIds([...members, ...unassigned].map((a) => ({ ...a, time: articleTime(a) })));
    const fresh = unassigned.filter((a) => !columns.has(a.id)).map(toDetectArticle);
    const result = clusterArticles(fresh, [...existing, ...archived.map(toArchivedActiveTrend)], {
      now,
      idf,
      windowHours,
    });

    // A closed trend that took a report (or merged) is rebuilt: only now are its articles read.
    const reopened = new Set([...result.touched.map((t) => t.id), ...result.merged.keys(), ...result.merged.values()]);
    const reopenedArchived = archived.filter((t) => reopened.has(t.id));
    for (const a of (
      await loadTrendMembers(
        client,
        names,
        reopenedArchived.map((t) => t.id),
      )
    ).filter(dated)) {
      byTrend.set(a.trend_id!, [...(byTrend.get(a.trend_id!) ?? []), a]);
    }
    for (const t of reopenedArchived) aliases.set(t.id, t.aliases ?? []);

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
    const all = [...byTrend.values()].flat();
    // Articles left without a trend (nothing to compare) still tell how good their domain is.
    const left = unassigned.filter((a) => !result.assignments.has(a.id));
    const ratings = loadDomainRatings(opts.ratingsFile ?? DEFAULT_RATINGS_FILE);
    const domains = domainDocs([...all, ...left], now, ratings, [...byTrend.values()]);
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
      const doc = { ...built, ...detectState(toActiveTrend(id, sorted, idf, false)) };
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

    // A merge in steps that a crash can stop anywhere: the absorbed trends are marked first (lists
    // leave them out at once, their ids resolve to the survivors), then the trends are written
    // (before any article points at one that does not exist), then the articles move, then the
    // absorbed documents go; the next run finishes from any step (finishableMerges).
    await markMerged(client, names, result.merged);
    if (result.merged.size > 0) await bumpGeneration(deps.redis, deps.keyPrefix);
    await bulkWrite(
      client,
      names.trends,
      trends.map((t) => ({ id: t.id, doc: t })),
      'index',
    );
    await bulkWrite(
      client,
      names.articles,
      [...result.assignments, ...moved].map(([id, trendId]) => ({ id, doc: { trend_id: trendId } })),
      'update',
    );
    await deleteTrends(client, names, [...result.merged.keys(), ...unfinished.keys()]);
    await bulkWrite(
      client,
      names.domains,
      domains.map((d) => ({ id: d.domain, doc: d })),
      'index',
    );
    await refreshDetectIndices(client, names);
    const summary: DetectSummary = {
      run_id: runId,
      articles_considered: unassigned.length,
      articles_assigned: result.assignments.size,
      trends_created: result.created.length,
      trends_written: trends.length,
      trends_merged: result.merged.size + unfinished.size,
      domains_written: domains.length,
    };
    await writeRun(client, names, runDoc(runId, now, 'succeeded', summary));
    await bumpGeneration(deps.redis, deps.keyPrefix);
    logger.info({ ...summary }, 'detect run finished');
    return summary;
  } catch (err) {
    logger.error({ err, run_id: runId }, 'detect run failed');
    await writeRun(client, names, runDoc(runId, now, 'failed', {})).catch(() => undefined);
    throw err;
  }
}

/** The clustering view of a closed trend, from its stored compact state. */
function toArchivedActiveTrend(t: ArchivedTrend): ActiveTrend {
  return {
    id: t.id,
    terms: { ...t.detect_state!.terms },
    entities: { ...t.detect_state!.entities },
    article_count: t.article_count,
    first_seen: Date.parse(t.first_seen),
    last_seen: Date.parse(t.last_seen),
  };
}

/** Entities to find a trend by (indexed) and its compact state, kept on its document. */
function detectState(t: ActiveTrend): Pick<TrendDoc, 'entities' | 'detect_state'> {
  const ranked = Object.entries(t.entities).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return {
    entities: ranked
      .slice(0, STORED_ENTITIES)
      .map(([e]) => e)
      .sort(),
    detect_state: {
      terms: Object.fromEntries(Object.entries(t.terms).map(([term, w]) => [term, Math.round(w * 1e4) / 1e4])),
      entities: Object.fromEntries(ranked.slice(0, STORED_STATE_ENTITIES)),
    },
  };
}

/** Entities a trend is found by, and entity counts kept in its state. */
const STORED_ENTITIES = 20;
const STORED_STATE_ENTITIES = 40;

/**
 * Trends an earlier run marked `merged_into` but did not delete, by absorbed id, each with the
 * final survivor in `merged_into` (marks chain when a survivor was absorbed in turn). A mark whose
 * survivor was never written is undone: that trend is ordinary again (and, when still recent, is
 * added to `active`).
 */
async function finishableMerges(
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
  if (orphans.length > 0) active.push(...(await loadTrendsById(client, names, orphans)).values());
  return out;
}

function runDoc(id: string, now: Date, status: RunDoc['status'], summary: Partial<DetectSummary>): RunDoc {
  const counts: Record<string, number> = {};
  for (const [k, v] of Object.entries(summary)) if (typeof v === 'number') counts[k] = v;
  return { id, kind: 'detect', started_at: now.toISOString(), finished_at: now.toISOString(), status, counts };
}
