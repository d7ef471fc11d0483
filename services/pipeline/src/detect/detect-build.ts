import type { DomainDoc, TrendDoc } from '@trendscope/core';
import type { Classifier } from '../classify/classifier';
import type { DomainRatings } from '../score/domain-ratings';
import { toActiveTrend, toTrendMember } from './active-trend';
import { buildTrend } from './build-trend';
import type { Applied } from './detect-apply';
import type { Clustered } from './detect-cluster';
import type { DetectInput, DetectSettings } from './detect-load';
import { loadTrendMembers } from './detect.repository';
import { detectEmbeddings } from './detect-embeddings';
import { distinctTopics } from './distinct-topics';
import { domainDocs } from './domain-docs';
import { groupBy } from './group-by';
import { refreshTrend } from './refresh-trend';
import type { DetectDeps } from './run-detect';
import { trendClock } from './trend-clock';
import { detectState } from './trend-state';

/** What the build step needs besides the settings: the category model and the published ratings. */
export interface BuildSettings extends DetectSettings {
  classifier: Classifier;
  ratings: DomainRatings;
}

/**
 * The documents a run writes: the domains' quality (domain-docs.ts), the trends it changed
 * rebuilt from their members (buildTrend, with their compact state and clock), those whose
 * velocity moves with the clock refreshed from their stored documents (refresh-trend.ts), and
 * topics no two listed trends share (distinct-topics.ts; stored trends not rewritten keep theirs).
 */
export async function buildRun(
  deps: Pick<DetectDeps, 'opensearch' | 'names' | 'logger'>,
  input: DetectInput,
  clustered: Clustered,
  applied: Applied,
  s: BuildSettings,
): Promise<{ trends: TrendDoc[]; domains: DomainDoc[] }> {
  const { result, members, stored } = clustered;
  const { byTrend, rejoined, fromState, read } = applied;
  // Domain quality still reads every member of the window, but only the fields it needs (the
  // trends not rebuilt here, lean): their articles count for their domains and co-coverage.
  const leanIds = [...input.active.map((t) => t.id), ...input.unfinished.keys()].filter((id) => !members.has(id));
  const lean = groupBy(
    await loadTrendMembers(deps.opensearch, deps.names, leanIds.sort(), DOMAIN_DOC_FIELDS),
    (a) => a.trend_id!,
  );
  // (members read for a first clustering pass that the second no longer rebuilds count as they are)
  const readOnce = [...members].filter(([id]) => input.known.has(id) && !read.includes(id)).map(([, list]) => list);
  const trendLists = [...byTrend.values(), ...readOnce, ...lean.values()];
  // Articles left without a trend (nothing to compare) still tell how good their domain is.
  const left = input.unassigned.filter((a) => !result.assignments.has(a.id));
  const domains = domainDocs([...trendLists.flat(), ...left], s.now, s.ratings, trendLists);
  const quality = new Map(domains.map((d) => [d.domain, d.quality_score]));
  const ratedDomains = new Set(domains.filter((d) => d.rated).map((d) => d.domain));

  // A trend without a report in the last two velocity windows is `declining` for good and its
  // scores cannot move: only changed trends and those whose velocity can still move are rewritten.
  const touched = new Set([
    ...result.touched.map((t) => t.id),
    ...[...input.unfinished.values()].map((t) => t.merged_into!),
    ...rejoined.values(),
  ]);
  const rebuiltLists = [...byTrend.entries()]
    .filter(([id]) => touched.has(id) || input.refreshing.has(id))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const embedText = await detectEmbeddings(
    rebuiltLists.map(([, list]) => list.map(toTrendMember)),
    s.idf,
    s.classifier,
    deps.logger,
  );
  const built: TrendDoc[] = rebuiltLists.map(([id, list]) => {
    const doc = buildTrend(id, list.map(toTrendMember), {
      now: s.now,
      classifier: s.classifier,
      idf: s.idf,
      domainQuality: quality,
      ratedDomains,
      ...(embedText ? { embedText } : {}),
    });
    // From the members in id order, so a replay with the same clock writes the same state.
    const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const state = detectState(toActiveTrend(id, sorted, s.idf, s.withMeaning));
    const withState = {
      ...doc,
      ...state,
      detect_state: { ...state.detect_state!, clock: trendClock(id, sorted, doc.topic, s.idf) },
    };
    const absorbed = [...new Set(input.aliases.get(id) ?? [])].sort();
    return absorbed.length > 0 ? { ...withState, aliases: absorbed } : withState;
  });
  const refreshed = fromState.flatMap((id) => {
    const doc = refreshTrend(stored.get(id)!, { now: s.now, domainQuality: quality, ratedDomains });
    return doc ? [doc] : [];
  });
  const trends = [...built, ...refreshed].sort((a, b) => (a.id < b.id ? -1 : 1));

  const gone = new Set([...result.merged.keys(), ...input.unfinished.keys()]);
  const rewritten = new Set(trends.map((t) => t.id));
  const unchanged = input.active
    .filter((t) => !rewritten.has(t.id) && !gone.has(t.id) && t.topic !== undefined)
    .map((t) => ({
      id: t.id,
      topic: t.topic!,
      article_count: t.article_count ?? 0,
      source_count: t.source_count ?? 0,
    }));
  const renamed = distinctTopics([...trends, ...unchanged], new Set(unchanged.map((t) => t.id)));
  for (const t of trends) t.topic = renamed.get(t.id) ?? t.topic;
  return { trends, domains };
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
