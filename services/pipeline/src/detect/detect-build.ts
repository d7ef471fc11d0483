import type { ArticleEmbeddings, DomainDoc, TrendDoc, TrendFounding } from '@trendscope/core';
import type { Classifier } from '../classify/classifier';
import { ratingOf, type DomainRatings } from '../score/domain-ratings';
import { toTrendMembers, type StoredArticle } from './active-trend';
import { buildTrend, type BuildTrendOptions } from './build-trend';
import type { Applied } from './detect-apply';
import type { Clustered } from './detect-cluster';
import type { DetectInput, DetectSettings } from './detect-load';
import { detectEmbeddings } from './detect-embeddings';
import { distinctTopics } from './distinct-topics';
import { grownTrend, trendGrowth } from './grow-trend';
import { updateDomains } from './detect-domains';
import type { DomainWrite } from './domain-sample-script';
import { loadDomainScores } from './domain.repository';
import { refreshedFields, refreshTrend, unchangedRefresh, type RefreshedFields } from './refresh-trend';
import { builtState } from './story-part';
import type { DetectDeps } from './run-detect';
import { trendClock } from './trend-clock';

/** What the build step needs besides the settings: the category model and the published ratings. */
export interface BuildSettings extends DetectSettings {
  classifier: Classifier;
  ratings: DomainRatings;
}

/**
 * The documents a run writes: the quality of the new reports' domains (detect-domains.ts), the trends it changed
 * rebuilt from their members (buildTrend, with their compact state and clock), those whose
 * velocity moves with the clock refreshed from their stored documents (refresh-trend.ts), and
 * topics no two listed trends share (distinct-topics.ts; stored trends not rewritten keep theirs),
 * and the sentence embeddings the run computed, to store on their articles (detect-embeddings.ts).
 * A refresh is a partial update, left out when it changes nothing served (unchangedRefresh).
 */
export async function buildRun(
  deps: Pick<DetectDeps, 'opensearch' | 'names' | 'logger'>,
  input: DetectInput,
  clustered: Clustered,
  applied: Applied,
  s: BuildSettings,
): Promise<{
  trends: TrendDoc[];
  refreshed: RefreshedFields[];
  domains: DomainWrite[];
  embeddings: Map<string, ArticleEmbeddings>;
}> {
  releaseClustering(input, clustered, applied);
  const { result, members, stored } = clustered;
  const { byTrend, rejoined, fromState } = applied;
  // A grown trend's domains are its stored ones and its new reports' (its list is a sample).
  const grownDomains = (id: string, list: readonly StoredArticle[]): string[] =>
    applied.grown.has(id)
      ? [...Object.keys(clustered.grown.get(id)!.domain_articles), ...list.map((a) => a.domain)]
      : list.map((a) => a.domain);
  // Domain quality from per-domain counters: only the domains of the new reports are rescored.
  const gone = new Set([...result.merged.keys(), ...input.unfinished.keys()]);
  const stories = [
    ...[...byTrend].map(([id, list]) => grownDomains(id, list)),
    ...input.active
      .filter((t) => !byTrend.has(t.id) && !gone.has(t.id))
      .map((t) => Object.keys(t.domain_articles ?? {})),
  ];
  const domains = await updateDomains(deps, {
    fresh: input.unassigned,
    assigned: new Set(result.assignments.keys()),
    read: [...members.values(), ...clustered.sampled.values()].flat(),
    stories,
    now: s.now,
    windowHours: s.cluster.windowHours,
    ratings: s.ratings,
  });
  releaseReads(input, clustered);

  // A trend without a report in the last two velocity windows is `declining` for good and its
  // scores cannot move: only changed trends and those whose velocity can still move are rewritten.
  const touched = new Set([
    ...result.touched.map((t) => t.id),
    ...[...input.unfinished.values()].map((t) => t.merged_into!),
    ...rejoined.values(),
    // Trends that took a member of a small trend (detect-apply.ts absorbMembers), stored ones read whole for it.
    ...applied.took,
  ]);
  const rebuiltLists = [...byTrend.entries()]
    .filter(([id]) => touched.has(id) || input.refreshing.has(id))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  // The lists of trends not rebuilt are done with (read to be moved, or to count domains).
  const rebuilt = new Set(rebuiltLists.map(([id]) => id));
  for (const id of [...byTrend.keys()]) if (!rebuilt.has(id)) byTrend.delete(id);
  const quality = await domainScores(
    deps,
    domains.map((d) => d.doc),
    [
      ...rebuiltLists.flatMap(([id, list]) => grownDomains(id, list)),
      ...fromState.flatMap((id) => Object.keys(stored.get(id)!.domain_articles ?? {})),
    ],
  );
  const ratedDomains = new Set([...quality.keys()].filter((d) => ratingOf(s.ratings, d) !== null));
  const { embedText, fresh } = await detectEmbeddings(
    rebuiltLists.map(([, list]) => toTrendMembers(list)),
    s.idf,
    s.classifier,
    deps.logger,
  );
  const buildOptions = {
    now: s.now,
    classifier: s.classifier,
    idf: s.idf,
    domainQuality: quality,
    ratedDomains,
    embedText,
  };
  // Each trend's members are let go of once it is built (the list, and its entry in byTrend).
  const lists: (readonly [string, StoredArticle[]] | null)[] = rebuiltLists.splice(0);
  const built: TrendDoc[] = lists.map((entry, i) => {
    const [id, list] = entry!;
    lists[i] = null;
    byTrend.delete(id);
    const withState = applied.grown.has(id)
      ? grownTrend(
          clustered.grown.get(id)!,
          list.filter((a) => !result.assignments.has(a.id)),
          list.filter((a) => result.assignments.has(a.id)),
          { ...buildOptions, withMeaning: s.withMeaning },
        )
      : rebuiltTrend(id, list, applied.parts.get(id), { ...buildOptions, ...s }, applied.foundings.get(id));
    const absorbed = [...new Set(input.aliases.get(id) ?? [])].sort();
    return absorbed.length > 0 ? { ...withState, aliases: absorbed } : withState;
  });
  const refreshed = fromState.flatMap((id) => {
    const doc = refreshTrend(stored.get(id)!, { now: s.now, domainQuality: quality, ratedDomains });
    return doc ? [doc] : [];
  });
  const trends = built.sort((a, b) => (a.id < b.id ? -1 : 1));

  const rewritten = new Set([...trends, ...refreshed].map((t) => t.id));
  const unchanged = input.active
    .filter((t) => !rewritten.has(t.id) && !gone.has(t.id) && t.topic !== undefined)
    .map((t) => ({
      id: t.id,
      topic: t.topic!,
      article_count: t.article_count ?? 0,
      source_count: t.source_count ?? 0,
    }));
  const renamed = distinctTopics([...trends, ...refreshed, ...unchanged], new Set(unchanged.map((t) => t.id)));
  for (const t of [...trends, ...refreshed]) t.topic = renamed.get(t.id) ?? t.topic;
  const changed = refreshed
    .filter((t) => !unchangedRefresh(stored.get(t.id)!, t, s.now))
    .map(refreshedFields)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  releaseBuilt(input, clustered);
  return { trends, refreshed: changed, domains, embeddings: fresh };
}

/**
 * A trend rebuilt from all its members, with its compact state and clock; one with more members
 * than a run reads (maxMembersRead) also keeps the growth state the next runs grow it from.
 */
export function rebuiltTrend(
  id: string,
  list: readonly StoredArticle[],
  part: number | undefined,
  o: BuildTrendOptions & Pick<BuildSettings, 'withMeaning' | 'maxMembersRead'>,
  foundings?: readonly TrendFounding[],
): TrendDoc {
  const doc = buildTrend(id, toTrendMembers(list), o);
  // From the members in id order, so a replay with the same clock writes the same state.
  const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const state = builtState(id, sorted, part, o.idf, o.withMeaning);
  const clock = trendClock(id, sorted, doc.topic, o.idf);
  const growth = doc.article_count > o.maxMembersRead ? { growth: trendGrowth(sorted, clock) } : {};
  const kept = foundings ? { foundings: [...foundings] } : {};
  return { ...doc, ...state, detect_state: { ...state.detect_state!, ...kept, clock, ...growth } };
}

/**
 * Quality scores of the domains the run's trends cite: those rescored in this run, the stored
 * score of the others (a domain never scored falls back to UNKNOWN_QUALITY in buildTrend).
 */
async function domainScores(
  deps: Pick<DetectDeps, 'opensearch' | 'names'>,
  rescored: readonly DomainDoc[],
  cited: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map(rescored.map((d) => [d.domain, d.quality_score]));
  const rest = [...new Set(cited)].filter((d) => !out.has(d));
  for (const [d, q] of await loadDomainScores(deps.opensearch, deps.names, rest)) out.set(d, q);
  return out;
}

/**
 * Lets go of what the clustering and the rejoin needed and the build does not, so a run's build
 * and writes (where a large run's peak is) do not carry them: the candidate and closed trends'
 * states, the refresh sources of trends not refreshed from them, the growth sources of trends not
 * grown. Changes `input` and `clustered` in place (runDetect holds them until it returns).
 */
export function releaseClustering(input: DetectInput, clustered: Clustered, applied: Applied): void {
  input.states.clear();
  input.archived.splice(0);
  const refreshed = new Set(applied.fromState);
  for (const id of [...clustered.stored.keys()]) if (!refreshed.has(id)) clustered.stored.delete(id);
  for (const id of [...clustered.grown.keys()]) if (!applied.grown.has(id)) clustered.grown.delete(id);
}

/**
 * Lets go of what only the build read, before the pass writes what it built: the open trends'
 * lean list (each with its domains; 9 MB for 2,485 open trends at the UCI month's day 37) and the
 * stored documents of the refreshed trends and the growth sources (3 MB). What the pass holds
 * through its write is then what it writes. Changes `input` and `clustered` in place.
 */
export function releaseBuilt(input: DetectInput, clustered: Clustered): void {
  input.active.splice(0);
  clustered.stored.clear();
  clustered.grown.clear();
}

/**
 * Lets go of the articles read once the domains are counted: the members and samples read (the
 * rebuilt trends hold theirs in `applied.byTrend`) and the new reports as read (those assigned are
 * in their trends' lists). Changes `input` and `clustered` in place.
 */
export function releaseReads(input: DetectInput, clustered: Clustered): void {
  clustered.members.clear();
  clustered.sampled.clear();
  input.unassigned.splice(0);
}
