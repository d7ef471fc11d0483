import {
  ABSORBED,
  type ArticleDoc,
  type DomainDoc,
  type IndexNames,
  locateDocuments,
  type OpenSearchClient,
  readBodies,
  type RunDoc,
  type TrendDoc,
} from '@trendscope/core';
import type { StoredArticle } from './active-trend';
import { reachOf } from './candidate-trends';
import { POSTINGS_PER_TERM } from './cluster';
import { REFRESH_SOURCE_FIELDS, type RefreshSource } from './refresh-trend';
import { appendAll } from './large-arrays';

/** Hits fetched per page when reading the detection window. */
const PAGE = 1000;

/** A hit's sort values: where a search_after read goes on from. */
export type SortValues = (string | number | boolean)[];

/** A page of hits as searchAll returns them. */
export interface Hit<T> {
  _id: string;
  _source: T;
  sort: SortValues;
}

/**
 * All documents matching a query, paged with search_after over a stable sort (at most `limit`;
 * with `from`, those sorted after that hit's sort values).
 */
export async function searchAll<T>(
  client: OpenSearchClient,
  index: string,
  query: Record<string, unknown>,
  sort: Record<string, unknown>[],
  fields?: readonly string[],
  limit = Number.POSITIVE_INFINITY,
  from?: SortValues,
): Promise<Hit<T>[]> {
  const out: Hit<T>[] = [];
  let after: SortValues | undefined = from;
  for (;;) {
    const res = await client.search({
      index,
      body: {
        query,
        sort,
        size: Math.min(PAGE, limit - out.length),
        ...(fields ? { _source: { includes: [...fields] } } : {}),
        ...(after ? { search_after: after } : {}),
      },
    });
    const hits = res.body.hits.hits as unknown as Hit<T>[];
    appendAll(out, hits);
    if (hits.length < PAGE || out.length >= limit) return out;
    after = hits[hits.length - 1]!.sort;
  }
}

/** What detection reads of a stored trend: never its timeline, citations or articles. */
export type StoredTrend = Pick<TrendDoc, 'id' | 'first_seen' | 'last_seen' | 'aliases' | 'merged_into'> &
  // updated_at and the velocity rule version let the velocity refresh decide; topic and counts let
  // a run keep listed topics distinct; detect_state is the clustering state (absent on trends
  // written before it was kept).
  // domain_articles: its domains (the co-coverage domain quality's estimate reads).
  Partial<
    Pick<
      TrendDoc,
      | 'updated_at'
      | 'topic'
      | 'article_count'
      | 'source_count'
      | 'detect_state'
      | 'domain_articles'
      | 'detect_terms'
      | 'detect_founded'
    >
  > & {
    velocity_metrics?: Partial<TrendDoc['velocity_metrics']>;
  };

const STORED_TREND_FIELDS = [
  'id',
  'detect_terms',
  'detect_founded',
  'first_seen',
  'last_seen',
  'aliases',
  'merged_into',
  'topic',
  'article_count',
  'source_count',
  'updated_at',
  'velocity_metrics.rule_version',
  // The clustering state without its clock (the velocity refresh reads that: loadRefreshSources).
  'detect_state.terms',
  'detect_state.entities',
  'detect_state.meaning',
  'detect_state.part',
  'detect_state.foundings',
  'domain_articles',
];

/**
 * What a run reads of a candidate trend: what its clustering state and the candidate selection
 * need (openTrendStates, clusteringFounded), not what the lean list of every open trend holds.
 */
const CANDIDATE_FIELDS = [
  'id',
  'detect_terms',
  'detect_founded',
  'first_seen',
  'last_seen',
  'merged_into',
  'article_count',
  'detect_state.terms',
  'detect_state.entities',
  'detect_state.meaning',
  'detect_state.part',
  'detect_state.foundings',
];

/** What a run reads of every open trend: no clustering state (candidate trends are read with theirs). */
const OPEN_TREND_FIELDS = STORED_TREND_FIELDS.filter((f) => !f.startsWith('detect_state') && f !== 'detect_terms');

/** Open trends: last article not older than `since` (ISO), not marked merged. */
function openTrends(since: string, ...filter: Record<string, unknown>[]): Record<string, unknown> {
  return { bool: { filter: [{ range: { last_seen: { gte: since } } }, ...filter], must_not: [ABSORBED] } };
}

/**
 * Trends whose last article is not older than `since` (ISO), leaving out those marked merged,
 * without their clustering state (loadCandidateTrends reads it for the trends a run may change).
 */
export async function loadActiveTrends(
  client: OpenSearchClient,
  names: IndexNames,
  since: string,
): Promise<StoredTrend[]> {
  const hits = await searchAll<StoredTrend>(
    client,
    names.trends,
    openTrends(since),
    [{ id: 'asc' }],
    OPEN_TREND_FIELDS,
  );
  return hits.map((h) => h._source);
}

/** Clauses of trends indexed under one of `terms`, or written without the indexed fields (always read). */
function indexedUnder(terms: readonly string[]): Record<string, unknown>[] {
  return [
    { bool: { must_not: [{ exists: { field: 'detect_terms' } }] } },
    ...(terms.length > 0 ? [{ terms: { detect_terms: [...terms] } }] : []),
  ];
}

/** Range clauses per request (OpenSearch's clause limit is 1024). */
const RANGES_PER_QUERY = 500;

/**
 * The open trends (as loadActiveTrends) a run's reports may change, with their clustering state
 * (CANDIDATE_FIELDS):
 * the query form of candidateTrends (candidate-trends.ts). Those indexed under one of `terms`,
 * founded within one of the `reach` intervals (ms), or written without the indexed fields; then,
 * until none is added, those founded within `windowMs` of a trend already read.
 */
export async function loadCandidateTrends(
  client: OpenSearchClient,
  names: IndexNames,
  since: string,
  terms: readonly string[],
  reach: readonly [number, number][],
  windowMs: number,
  founded: (t: StoredTrend) => number,
  /** The clustering's postings per term (ClusterOptions.postingsPerTerm). */
  perTerm: number = POSTINGS_PER_TERM,
): Promise<StoredTrend[]> {
  const out = new Map<string, StoredTrend>();
  const foundedIn = (list: readonly [number, number][]) =>
    list.map(([from, to]) => ({
      range: { detect_founded: { gte: new Date(from).toISOString(), lte: new Date(to).toISOString() } },
    }));
  const read = async (should: Record<string, unknown>[]): Promise<StoredTrend[]> => {
    const query = openTrends(since, { bool: { should, minimum_should_match: 1 } });
    const hits = await searchAll<StoredTrend>(client, names.trends, query, [{ id: 'asc' }], CANDIDATE_FIELDS);
    return hits.map((h) => h._source).filter((t) => !out.has(t.id));
  };
  const added = new Map<string, StoredTrend>();
  const readRanges = async (list: readonly [number, number][]): Promise<void> => {
    for (let i = 0; i < list.length; i += RANGES_PER_QUERY) {
      for (const t of await read(foundedIn(list.slice(i, i + RANGES_PER_QUERY)))) added.set(t.id, t);
    }
  };
  // Trends written without the indexed fields, and the heads of each queried term's postings.
  for (const t of await read(indexedUnder([]))) added.set(t.id, t);
  const heads = await postingHeadIds(client, names, since, terms, perTerm);
  for (let i = 0; i < heads.length; i += PAGE) {
    for (const t of await read([{ terms: { id: heads.slice(i, i + PAGE) } }])) added.set(t.id, t);
  }
  await readRanges(reach);
  while (added.size > 0) {
    for (const t of added.values()) out.set(t.id, t);
    const next = reachOf([...added.values()].map(founded), windowMs);
    added.clear();
    await readRanges(next);
  }
  return [...out.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Queried terms per aggregation request (each bucket returns a term's postings' head). */
const TERMS_PER_AGGREGATION = 200;

/**
 * The ids of the open trends at the head of each of `terms`' postings (postingHeads, as a query):
 * per term, the `perTerm` trends indexed under it reported last, ties by the greater id.
 */
async function postingHeadIds(
  client: OpenSearchClient,
  names: IndexNames,
  since: string,
  terms: readonly string[],
  perTerm: number,
): Promise<string[]> {
  const out = new Set<string>();
  for (let i = 0; i < terms.length; i += TERMS_PER_AGGREGATION) {
    const batch = terms.slice(i, i + TERMS_PER_AGGREGATION);
    const body: Record<string, unknown> = {
      size: 0,
      query: openTrends(since, { terms: { detect_terms: batch } }),
      aggs: {
        term: {
          terms: { field: 'detect_terms', include: batch, size: batch.length },
          aggs: {
            head: { top_hits: { size: perTerm, sort: [{ last_seen: 'desc' }, { id: 'desc' }], _source: false } },
          },
        },
      },
    };
    const res = await client.search({ index: names.trends, body });
    const buckets = (
      res.body.aggregations as { term: { buckets: { head: { hits: { hits: { _id: string }[] } } }[] } } | undefined
    )?.term.buckets;
    for (const b of buckets ?? []) for (const h of b.head.hits.hits) out.add(h._id);
  }
  return [...out].sort();
}

/** What the story rejoin reads of a stored trend it may pair: the compact state without its meaning sum. */
const REJOIN_STATE_FIELDS = [
  'id',
  'first_seen',
  'last_seen',
  'article_count',
  'detect_state.terms',
  'detect_state.entities',
  'detect_state.part',
  'detect_state.foundings',
];

/**
 * The ids of the open trends indexed under one of `terms` or written without the indexed fields,
 * of at least `minArticles` articles reported last no earlier than `lastSeenFrom` (ms): the stored
 * trends the story rejoin may pair with a trend a run changed (rejoinBounds), sorted.
 */
export async function trendIdsByTerms(
  client: OpenSearchClient,
  names: IndexNames,
  since: string,
  terms: readonly string[],
  bounds: { minArticles: number; lastSeenFrom: number },
): Promise<string[]> {
  const query = openTrends(
    since,
    { bool: { should: indexedUnder(terms), minimum_should_match: 1 } },
    { range: { last_seen: { gte: new Date(bounds.lastSeenFrom).toISOString() } } },
    { range: { article_count: { gte: bounds.minArticles } } },
  );
  const hits = await searchAll<{ id: string }>(client, names.trends, query, [{ id: 'asc' }], ['id']);
  return hits.map((h) => h._id);
}

/** What the story rejoin reads of the stored trends among `ids` (REJOIN_STATE_FIELDS), by id. */
export async function loadRejoinStates(
  client: OpenSearchClient,
  names: IndexNames,
  ids: readonly string[],
): Promise<Map<string, StoredTrend>> {
  return trendsById<StoredTrend>(client, names, ids, REJOIN_STATE_FIELDS);
}

/** A closed trend as the archive join reads it: no articles, only its compact state. */
export type ArchivedTrend = StoredTrend & Pick<TrendDoc, 'article_count' | 'detect_state'>;

/** Most closed trends one run reads back for the archive join (the most recent first). */
const ARCHIVE_CANDIDATES = 2000;

/**
 * Closed trends (last report in [from, until)) naming one of `entities`, with their compact state:
 * a report months later can rejoin its story without its articles being read (cluster.ts,
 * archiveDays). Bounded by ARCHIVE_CANDIDATES, most recently reported first.
 */
export async function loadArchivedTrends(
  client: OpenSearchClient,
  names: IndexNames,
  from: string,
  until: string,
  entities: readonly string[],
): Promise<ArchivedTrend[]> {
  if (entities.length === 0) return [];
  const out = new Map<string, ArchivedTrend>();
  for (let i = 0; i < entities.length && out.size < ARCHIVE_CANDIDATES; i += PAGE) {
    const res = await client.search({
      index: names.trends,
      body: {
        query: {
          bool: {
            filter: [
              { range: { last_seen: { gte: from, lt: until } } },
              { terms: { entities: entities.slice(i, i + PAGE) } },
            ],
            must_not: [ABSORBED],
          },
        },
        sort: [{ last_seen: 'desc' }, { id: 'asc' }],
        size: ARCHIVE_CANDIDATES - out.size,
        _source: { includes: STORED_TREND_FIELDS },
      },
    });
    for (const h of res.body.hits.hits as unknown as { _source: ArchivedTrend }[]) {
      if (h._source.detect_state) out.set(h._source.id, h._source);
    }
  }
  return [...out.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Trends marked `merged_into` by a run that has not yet deleted them (a merge left half done). */
export async function loadMergeMarks(client: OpenSearchClient, names: IndexNames): Promise<StoredTrend[]> {
  const hits = await searchAll<StoredTrend>(client, names.trends, ABSORBED, [{ id: 'asc' }], STORED_TREND_FIELDS);
  return hits.map((h) => h._source);
}

/** The stored trends among `ids` (any age), by id: what detection reads of them (StoredTrend). */
export async function loadTrendsById(
  client: OpenSearchClient,
  names: IndexNames,
  ids: readonly string[],
): Promise<Map<string, StoredTrend>> {
  return trendsById<StoredTrend>(client, names, ids, STORED_TREND_FIELDS);
}

/** The whole stored documents of the trends among `ids` (any age), by id. */
export async function loadTrendDocs(
  client: OpenSearchClient,
  names: IndexNames,
  ids: readonly string[],
): Promise<Map<string, TrendDoc>> {
  return trendsById<TrendDoc>(client, names, ids);
}

/** What a velocity refresh reads of the trends among `ids` (any age), by id (RefreshSource). */
export async function loadRefreshSources(
  client: OpenSearchClient,
  names: IndexNames,
  ids: readonly string[],
): Promise<Map<string, RefreshSource>> {
  return trendsById<RefreshSource>(client, names, ids, REFRESH_SOURCE_FIELDS);
}

async function trendsById<T>(
  client: OpenSearchClient,
  names: IndexNames,
  ids: readonly string[],
  fields?: readonly string[],
): Promise<Map<string, T>> {
  const out = new Map<string, T>();
  // A search, not mget: trends live in monthly indices behind the alias, and mget needs one.
  for (let i = 0; i < ids.length; i += PAGE) {
    const query = { ids: { values: ids.slice(i, i + PAGE) } };
    for (const h of await searchAll<T>(client, names.trends, query, [{ id: 'asc' }], fields)) out.set(h._id, h._source);
  }
  return out;
}

/**
 * Marks each absorbed trend `merged_into` its survivor, the first step of a merge: from here on
 * lists leave it out, its id resolves to the survivor, and a run that dies before the merge is
 * done leaves a mark the next run finishes from (run-detect.ts).
 */
export async function markMerged(
  client: OpenSearchClient,
  names: IndexNames,
  merged: ReadonlyMap<string, string>,
): Promise<void> {
  if (merged.size === 0) return;
  const docs = [...merged].map(([id, survivor]) => ({ id, doc: { merged_into: survivor } }));
  await bulkWrite(client, names.trends, docs, 'update');
  await client.indices.refresh({ index: names.trends });
}

/** Removes the mark of trends whose survivor was never written: they are ordinary trends again. */
export async function unmarkMerged(client: OpenSearchClient, names: IndexNames, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.updateByQuery({
    index: names.trends,
    body: { query: { ids: { values: [...ids] } }, script: { source: "ctx._source.remove('merged_into')" } },
    refresh: true,
  });
}

/**
 * Articles not yet in a trend, published (or, undated, fetched) in [since, until]: at most `max`,
 * the earliest published first (then undated ones by fetch time), returned in canonical URL order.
 */
export async function loadUnassignedArticles(
  client: OpenSearchClient,
  names: IndexNames,
  since: string,
  until: string,
  max = Number.POSITIVE_INFINITY,
): Promise<StoredArticle[]> {
  return (await loadNewReports(client, names, since, until, max)).articles;
}

/** The sort value of an article without a published date (9999-12-31T23:59:59.999Z): after every dated one. */
const UNDATED_LAST = 253_402_300_799_999;

/** New reports read by one detection pass, and where the next pass's read goes on from. */
export interface NewReports {
  articles: StoredArticle[];
  /** The sort values of the last report read in the earliest-first order (undefined: none read). */
  last?: SortValues;
}

/**
 * Up to `max` unassigned articles whose effective time lies in [since, until], the earliest first
 * (published, else fetched; then canonical URL), returned in canonical URL order; with `after`,
 * only those sorted after it: a pass of a run reads on from the one before, so the reports an
 * earlier pass left unassigned (columns' editions, reports with nothing to compare) never fill a
 * later pass.
 */
export async function loadNewReports(
  client: OpenSearchClient,
  names: IndexNames,
  since: string,
  until: string,
  max = Number.POSITIVE_INFINITY,
  after?: SortValues,
): Promise<NewReports> {
  const query = { bool: { must_not: [{ exists: { field: 'trend_id' } }], filter: [articleTimeIn(since, until)] } };
  const earliest = [
    // Undated last, as `missing: '_last'` sorts them, but with a sort value a JavaScript number
    // holds exactly (_last's is 2^63 - 1, which comes back rounded and fails as search_after).
    { published_date: { order: 'asc', missing: UNDATED_LAST } },
    { fetched_at: 'asc' },
    { canonical_url: 'asc' },
  ];
  const hits = await searchAll<ArticleDoc>(client, names.articles, query, earliest, undefined, max, after);
  const last = hits.at(-1)?.sort;
  // In the keyword order OpenSearch sorts canonical URLs by (UTF-8 bytes), as runs always read them.
  const key = (h: Hit<ArticleDoc>): Buffer => Buffer.from(h._source.canonical_url ?? '');
  const articles = await withBodies(
    client,
    names,
    hits.sort((a, b) => Buffer.compare(key(a), key(b))).map((h) => ({ ...h._source, id: h._id })),
  );
  return { articles, last };
}

/**
 * Fills in the body of each article that kept one, from the bodies index (where the index stage
 * writes it; articles from before it hold theirs already). A body that expired stays null: the
 * article clusters on its title and description, as one whose body was never kept.
 */
export async function withBodies(
  client: OpenSearchClient,
  names: IndexNames,
  articles: StoredArticle[],
): Promise<StoredArticle[]> {
  const wanted = articles.filter((a) => a.content_retained && !a.body).map((a) => a.id);
  if (wanted.length === 0) return articles;
  const bodies = await readBodies(client, names, wanted);
  for (const a of articles) if (!a.body) a.body = bodies.get(a.id) ?? null;
  return articles;
}

/** Articles whose effective time (published, else fetched) lies in [since, until]. */
export function articleTimeIn(since: string, until: string): Record<string, unknown> {
  return {
    bool: {
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
}

/** Articles already assigned to one of the given trends (only `fields` of each when given). */
export async function loadTrendMembers(
  client: OpenSearchClient,
  names: IndexNames,
  trendIds: readonly string[],
  fields?: readonly string[],
): Promise<StoredArticle[]> {
  const out: StoredArticle[] = [];
  for (let i = 0; i < trendIds.length; i += PAGE) {
    const query = { terms: { trend_id: trendIds.slice(i, i + PAGE) } };
    const hits = await searchAll<ArticleDoc>(client, names.articles, query, [{ canonical_url: 'asc' }], fields);
    appendAll(
      out,
      hits.map((h) => ({ ...h._source, id: h._id })),
    );
  }
  return !fields || fields.includes('body') ? withBodies(client, names, out) : out;
}

/**
 * Bulk-writes documents with helpers.bulk and fails loudly when any was dropped (helpers.bulk
 * resolves even then). `action` decides index (whole document) or partial update.
 */
export async function bulkWrite<T extends object>(
  client: OpenSearchClient,
  index: string,
  docs: readonly { id: string; doc: T }[],
  action: 'index' | 'update' | 'script',
): Promise<number> {
  if (docs.length === 0) return 0;
  const dropped: { status: number; id: string; reason: string }[] = [];
  const byDoc = new Map<object, string>(docs.map((d) => [d.doc, d.id]));
  // A stored document is written in the monthly index that holds it; a new one through the alias.
  const located = await locateDocuments(client, index, [...byDoc.values()]);
  const stats = await client.helpers.bulk({
    datasource: docs.map((d) => d.doc),
    onDocument: (doc: T) => {
      const id = byDoc.get(doc)!;
      const at = located.get(id);
      // A located index is a concrete name: the request's require_alias does not apply to it.
      const meta = at ? { _index: at, _id: id, require_alias: false } : { _index: index, _id: id };
      // 'script': the document is the update's body itself (a script and its params), no `doc`.
      if (action === 'script') return [{ update: meta }, { ...doc, doc: undefined }];
      return action === 'index' ? { index: meta } : [{ update: meta }, {}];
    },
    onDrop: (d) => {
      const op = d.operation as unknown as Record<string, { _id?: string }>;
      const id = Object.values(op)[0]?._id ?? '?';
      dropped.push({ status: d.status, id, reason: JSON.stringify(d.error ?? null).slice(0, 300) });
    },
    retries: 3,
    wait: 500,
    // A lost index must not come back empty under the alias name: the write fails instead.
    require_alias: true,
  });
  if (dropped.length > 0 || stats.failed > 0) {
    throw new BulkWriteError(index, dropped);
  }
  return stats.successful;
}

/** Documents per bulk write of bulkWriteAll. */
export const BULK_BATCH = 1000;

/**
 * bulkWrite over `docs` in batches of at most `batch`, each drawn from the iterable as it is
 * written: a run writing thousands of articles holds one batch's documents, locations and request
 * at a time, not every document at once. Stops at the first batch with a rejected document.
 */
export async function bulkWriteAll<T extends object>(
  client: OpenSearchClient,
  index: string,
  docs: Iterable<{ id: string; doc: T }>,
  action: 'index' | 'update',
  batch = BULK_BATCH,
): Promise<number> {
  let written = 0;
  let next: { id: string; doc: T }[] = [];
  for (const d of docs) {
    next.push(d);
    if (next.length < batch) continue;
    written += await bulkWrite(client, index, next, action);
    next = [];
  }
  return written + (await bulkWrite(client, index, next, action));
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
  await client.index({ index: names.runs, id: run.id, body: run, refresh: true, require_alias: true });
}

/**
 * The clock up to which the last succeeded detection run judged merges (mergeSettleMinutes; its
 * `merges_judged_until` count, ms), or undefined when no run recorded one.
 */
export async function loadMergesJudgedUntil(client: OpenSearchClient, names: IndexNames): Promise<number | undefined> {
  const res = await client.search({
    index: names.runs,
    body: {
      size: 1,
      query: { bool: { filter: [{ term: { kind: 'detect' } }, { term: { status: 'succeeded' } }] } },
      sort: [{ started_at: 'desc' }],
    },
  });
  const last = res.body.hits.hits[0]?._source as RunDoc | undefined;
  return last?.counts.merges_judged_until;
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
