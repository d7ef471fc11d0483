import type { TrendDoc } from '../model/documents';
import { NotFoundError } from '../errors/app-error';
import { toSearchError } from '../opensearch/client';
import { indicesBehind } from '../opensearch/partitions';
import { presentTrendDetail } from '../presenters/trend-detail.presenter';
import type { TrendDetailResponse } from '../responses/trend-detail.schema';
import { ABSORBED } from './absorbed-trends';
import type { QueryDeps } from './query-deps';
import { runSearch } from './run-search';

/** How long the write index of the trends alias is trusted (it moves once a month, at a retention run). */
const WRITE_INDEX_TTL_MS = 60_000;
type WriteIndex = { index: string | null; until: number };
const writeIndexCache = new WeakMap<QueryDeps['opensearch'], Map<string, WriteIndex>>();

/** The index writes through `alias` go to (the current month's), read once a minute per client. */
async function writeIndexOf(deps: QueryDeps, alias: string): Promise<string | null> {
  let byAlias = writeIndexCache.get(deps.opensearch);
  if (!byAlias) writeIndexCache.set(deps.opensearch, (byAlias = new Map<string, WriteIndex>()));
  const now = Date.now();
  const cached = byAlias.get(alias);
  if (cached && cached.until > now) return cached.index;
  const index = (await indicesBehind(deps.opensearch, alias)).find((i) => i.isWrite)?.index ?? null;
  byAlias.set(alias, { index, until: now + WRITE_INDEX_TTL_MS });
  return index;
}

/** A get of one trend on one index: null when the index or the document is not there. */
async function getTrendFrom<T>(deps: QueryDeps, index: string, id: string, includes?: string[]): Promise<T | null> {
  const res = await deps.opensearch.get(
    { index, id, ...(includes ? { _source_includes: includes } : {}) },
    { ignore: [404], requestTimeout: deps.queryTimeoutMs },
  );
  const body = res.body as { found?: boolean; _source?: T };
  return body.found ? (body._source ?? null) : null;
}

/**
 * Reads one stored trend by id, or null when there is none (fields limited by `includes`). Trends
 * live in monthly indices behind the alias and an id says nothing of its month (a hash of the
 * founding report), so a get on the current month's index (where the recently founded trends
 * are, the ones most asked for) comes first: a fraction of the cost of an `ids` search over every
 * month, which stays the fallback for a trend of an earlier month or a get that fails.
 */
export async function fetchTrendDoc<T = TrendDoc>(deps: QueryDeps, id: string, includes?: string[]): Promise<T | null> {
  try {
    const current = await writeIndexOf(deps, deps.names.trends);
    const doc = current ? await getTrendFrom<T>(deps, current, id, includes) : null;
    if (doc) return doc;
  } catch {
    // The search below answers, or says why not (SearchUnavailableError).
  }
  const res = await runSearch<T>(deps, deps.names.trends, {
    query: { ids: { values: [id] } },
    size: 1,
    ...(includes ? { _source: { includes } } : {}),
  });
  return res.hits.hits[0]?._source ?? null;
}

/** A stored trend found by its id or by an id merged into it (`mergedInto` is then its id). */
export interface ResolvedTrend<T> {
  doc: T;
  id: string;
  mergedInto: string | null;
}

/** Links followed from an absorbed trend to its survivor (merges chain when a survivor is absorbed in turn). */
const MAX_MERGE_HOPS = 8;

/**
 * Reads a trend by id; an id that detection merged into another trend resolves to the survivor
 * (API.md: a trend id once served keeps resolving). The absorbed trend is first marked
 * `merged_into`, later deleted, its id kept in the survivor's `aliases`: both are followed. A mark
 * whose survivor was never written (a run that died in between) serves the marked trend itself
 * until the next run undoes the mark. Null when neither.
 */
export async function resolveTrendDoc<T = TrendDoc>(
  deps: QueryDeps,
  id: string,
  includes?: string[],
): Promise<ResolvedTrend<T> | null> {
  type Marked = T & { merged_into?: string };
  const fields = includes ? [...includes, 'merged_into'] : undefined;
  const direct = await fetchTrendDoc<Marked>(deps, id, fields);
  if (direct) {
    let current: { doc: Marked; id: string } = { doc: direct, id };
    for (let hop = 0; hop < MAX_MERGE_HOPS && current.doc.merged_into; hop++) {
      const nextId = current.doc.merged_into;
      const next = await fetchTrendDoc<Marked>(deps, nextId, fields);
      if (!next) break;
      current = { doc: next, id: nextId };
    }
    return { doc: withoutMark(current.doc), id: current.id, mergedInto: current.id === id ? null : current.id };
  }
  try {
    const res = await deps.opensearch.search({
      index: deps.names.trends,
      body: {
        query: { bool: { filter: [{ term: { aliases: id } }], must_not: [ABSORBED] } },
        size: 1,
        sort: [{ id: 'asc' }],
        ...(includes ? { _source: { includes } } : {}),
      },
    });
    const hit = (res.body.hits.hits as unknown as { _id: string; _source?: T }[])[0];
    return hit?._source ? { doc: hit._source, id: hit._id, mergedInto: hit._id } : null;
  } catch (err) {
    throw toSearchError(err);
  }
}

function withoutMark<T>(doc: T & { merged_into?: string }): T {
  const { merged_into: _mark, ...rest } = doc;
  return rest as T;
}

/** One trend with its citations, timeline, velocity numbers and score parts (GET /v1/trends/{id}). */
export async function getTrend(deps: QueryDeps, input: { trend_id: string }): Promise<TrendDetailResponse> {
  const found = await resolveTrendDoc(deps, input.trend_id);
  if (!found) throw new NotFoundError('Trend not found');
  return presentTrendDetail({ ...found.doc, id: found.doc.id || found.id }, found.mergedInto);
}
