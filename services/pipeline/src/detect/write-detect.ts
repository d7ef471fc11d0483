import {
  bumpGeneration,
  type ArticleDoc,
  type ArticleEmbeddings,
  type DomainDoc,
  type TrendDoc,
} from '@trendscope/core';
import { bulkWrite, bulkWriteAll, deleteTrends, markMerged, refreshDetectIndices } from './detect.repository';
import { domainSampleUpdate, type DomainWrite } from './domain-sample-script';
import type { RefreshedFields } from './refresh-trend';
import type { DetectDeps } from './run-detect';

/** What one detection run writes. */
export interface DetectWrites {
  /** Stored trends absorbed in this run: absorbed id -> survivor id. */
  merged: ReadonlyMap<string, string>;
  /** Trend documents rebuilt in this run, written whole. */
  trends: readonly TrendDoc[];
  /** Trends refreshed in this run (refresh-trend.ts), written as partial updates. */
  refreshed?: readonly RefreshedFields[];
  /** article id -> its (new) trend id: new assignments and articles of absorbed trends. */
  articleTrends: readonly (readonly [string, string])[];
  /** article id -> sentence embeddings first computed in this run (kept so no later run embeds it again). */
  articleEmbeddings?: ReadonlyMap<string, ArticleEmbeddings>;
  /** New reports found to be editions of a recurring column, marked `detect_column` (knownColumns). */
  columns?: readonly string[];
  /** Trend documents to delete once their articles moved (absorbed in this or an earlier run). */
  deleted: readonly string[];
  /** Domain documents: whole, or without the estimator's sample and the headlines to merge into it. */
  domains: readonly (DomainDoc | DomainWrite)[];
}

/**
 * Writes a run's results as a merge in steps that a crash can stop anywhere: the absorbed trends
 * are marked first (lists leave them out at once, their ids resolve to the survivors), then the
 * trends are written (before any article points at one that does not exist), then the articles
 * move, then the absorbed documents go; the next run finishes from any step (finishableMerges).
 * The domains are written before the articles move; one refresh makes it all visible. A run that lost the single-flight lock
 * (assertLockHeld throws) writes nothing: another run may be writing the same articles.
 */
export async function writeDetectResult(
  deps: Pick<DetectDeps, 'opensearch' | 'names' | 'redis' | 'keyPrefix' | 'assertLockHeld'>,
  w: DetectWrites,
): Promise<void> {
  const { opensearch: client, names } = deps;
  await deps.assertLockHeld?.();
  await markMerged(client, names, w.merged);
  if (w.merged.size > 0) await bumpGeneration(deps.redis, deps.keyPrefix);
  await bulkWriteAll(
    client,
    names.trends,
    w.trends.map((t) => ({ id: t.id, doc: t })),
    'index',
  );
  await bulkWriteAll(
    client,
    names.trends,
    (w.refreshed ?? []).map(({ id, ...doc }) => ({ id, doc })),
    'update',
  );
  // Domains before articles: a run stopped in between leaves its new reports unassigned, and
  // the next run finds them in the domains' `counted` ids instead of counting them twice.
  const domains = w.domains.map((d): DomainWrite => ('doc' in d ? d : { doc: d }));
  await bulkWrite(
    client,
    names.domains,
    domains.filter((d) => !d.added).map(({ doc }) => ({ id: doc.domain, doc })),
    'index',
  );
  await bulkWrite(
    client,
    names.domains,
    domains
      .filter((d): d is Required<DomainWrite> => d.added !== undefined)
      .map((d) => ({ id: d.doc.domain, doc: domainSampleUpdate(d) })),
    'script',
  );
  await bulkWriteAll(client, names.articles, articleUpdates(w), 'update');
  await deleteTrends(client, names, w.deleted);
  await refreshDetectIndices(client, names);
}

/**
 * One partial update per article, made as the write draws it: its new trend (the last given for
 * it) and the embeddings first computed for it, together; then the articles with embeddings only,
 * then the marks of the columns' editions found.
 */
export function* articleUpdates(
  w: Pick<DetectWrites, 'articleTrends' | 'articleEmbeddings' | 'columns'>,
): Generator<{ id: string; doc: Partial<ArticleDoc> }> {
  const trendOf = new Map(w.articleTrends);
  const embeddings = w.articleEmbeddings ?? new Map<string, ArticleEmbeddings>();
  for (const [id, trendId] of trendOf) {
    const computed = embeddings.get(id);
    yield { id, doc: computed ? { trend_id: trendId, detect_embeddings: computed } : { trend_id: trendId } };
  }
  for (const [id, computed] of embeddings) if (!trendOf.has(id)) yield { id, doc: { detect_embeddings: computed } };
  // A column's edition is in no trend and has no embedding computed: its mark goes alone.
  for (const id of w.columns ?? []) yield { id, doc: { detect_column: true } };
}
