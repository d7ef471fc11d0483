import type { ArticleDoc, DomainDoc, IndexNames, OpenSearchClient, RunDoc, TrendDoc } from '@trendscope/core';
import type { StoredArticle } from './active-trend';

/** Hits fetched per page when reading the detection window. */
const PAGE = 1000;

type SortValues = (string | number | boolean)[];

interface Hit<T> {
  _id: string;
  _source: T;
  sort: SortValues;
}

/** All documents matching a query, paged with search_after over a stable sort. */
async function searchAll<T>(
  client: OpenSearchClient,
  index: string,
  query: Record<string, unknown>,
  sort: Record<string, unknown>[],
): Promise<Hit<T>[]> {
  const out: Hit<T>[] = [];
  let after: SortValues | undefined;
  for (;;) {
    const res = await client.search({
      index,
      body: { query, sort, size: PAGE, ...(after ? { search_after: after } : {}) },
    });
    const hits = res.body.hits.hits as unknown as Hit<T>[];
    out.push(...hits);
    if (hits.length < PAGE) return out;
    after = hits[hits.length - 1]!.sort;
  }
}

/** Trends whose last article is not older than `since` (ISO). */
export async function loadActiveTrends(
  client: OpenSearchClient,
  names: IndexNames,
  since: string,
): Promise<Pick<TrendDoc, 'id' | 'first_seen' | 'last_seen' | 'aliases'>[]> {
  const hits = await searchAll<Pick<TrendDoc, 'id' | 'first_seen' | 'last_seen' | 'aliases'>>(
    client,
    names.trends,
    { range: { last_seen: { gte: since } } },
    [{ id: 'asc' }],
  );
  return hits.map((h) => h._source);
}

/** Articles not yet in a trend, published (or, undated, fetched) in [since, until]. */
export async function loadUnassignedArticles(
  client: OpenSearchClient,
  names: IndexNames,
  since: string,
  until: string,
): Promise<StoredArticle[]> {
  const query = {
    bool: {
      must_not: [{ exists: { field: 'trend_id' } }],
      should: [
        { range: { published_date: { gte: since, lte: until } } },
        {
          bool: {
            must_not: [{ exists: { field: 'published_date' } }],
            filter: [{ range: { fetched_at: { gte: since, lte: until } } }],
          },
        },
      ],
      minimum_should_match: 1,
    },
  };
  const hits = await searchAll<ArticleDoc>(client, names.articles, query, [{ canonical_url: 'asc' }]);
  return hits.map((h) => ({ ...h._source, id: h._id }));
}

/** Articles already assigned to one of the given trends. */
export async function loadTrendMembers(
  client: OpenSearchClient,
  names: IndexNames,
  trendIds: readonly string[],
): Promise<StoredArticle[]> {
  const out: StoredArticle[] = [];
  for (let i = 0; i < trendIds.length; i += PAGE) {
    const query = { terms: { trend_id: trendIds.slice(i, i + PAGE) } };
    const hits = await searchAll<ArticleDoc>(client, names.articles, query, [{ canonical_url: 'asc' }]);
    out.push(...hits.map((h) => ({ ...h._source, id: h._id })));
  }
  return out;
}

/**
 * Bulk-writes documents with helpers.bulk and fails loudly when any was dropped (helpers.bulk
 * resolves even then). `action` decides index (whole document) or partial update.
 */
export async function bulkWrite<T extends object>(
  client: OpenSearchClient,
  index: string,
  docs: readonly { id: string; doc: T }[],
  action: 'index' | 'update',
): Promise<number> {
  if (docs.length === 0) return 0;
  const dropped: { status: number; id: string; reason: string }[] = [];
  const byDoc = new Map<object, string>(docs.map((d) => [d.doc, d.id]));
  const stats = await client.helpers.bulk({
    datasource: docs.map((d) => d.doc),
    onDocument: (doc: T) => {
      const id = byDoc.get(doc)!;
      return action === 'index' ? { index: { _index: index, _id: id } } : [{ update: { _index: index, _id: id } }, {}];
    },
    onDrop: (d) => {
      const op = d.operation as unknown as Record<string, { _id?: string }>;
      const id = Object.values(op)[0]?._id ?? '?';
      dropped.push({ status: d.status, id, reason: JSON.stringify(d.error ?? null).slice(0, 300) });
    },
    retries: 3,
    wait: 500,
  });
  if (dropped.length > 0 || stats.failed > 0) {
    throw new BulkWriteError(index, dropped);
  }
  return stats.successful;
}

/** Some documents of a bulk write were rejected; nothing is silently lost. */
export class BulkWriteError extends Error {
  /** Builds the error from the dropped items. */
  constructor(
    readonly index: string,
    readonly dropped: { status: number; id: string; reason: string }[],
  ) {
    super(`bulk write to ${index}: ${dropped.length} document(s) rejected (first: ${JSON.stringify(dropped[0])})`);
    this.name = 'BulkWriteError';
  }
}

/** Records one detection run (id derived from its clock, so a replay overwrites it). */
export async function writeRun(client: OpenSearchClient, names: IndexNames, run: RunDoc): Promise<void> {
  await client.index({ index: names.runs, id: run.id, body: run, refresh: true });
}

/** Removes trends merged into others (their ids live on in the survivors' `aliases`). */
export async function deleteTrends(client: OpenSearchClient, names: IndexNames, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.deleteByQuery({ index: names.trends, body: { query: { ids: { values: [...ids] } } }, refresh: true });
}

/** Makes the written trends, articles and domains visible to readers at once. */
export async function refreshDetectIndices(client: OpenSearchClient, names: IndexNames): Promise<void> {
  await client.indices.refresh({ index: [names.trends, names.articles, names.domains].join(',') });
}

/** Domain documents, written whole (id = the domain). */
export type DomainWrite = { id: string; doc: DomainDoc };
