import { SEARCH_FAILED_MESSAGE, SearchUnavailableError } from '../errors/app-error';
import { isIndexMissingError, toSearchError } from '../opensearch/client';
import type { QueryDeps } from './query-deps';

/** One hit as the query layer reads it. */
export interface Hit<T> {
  _id: string;
  _score: number | null;
  _source?: T;
  highlight?: Record<string, string[]>;
}

/** The parts of a search response the query layer reads. */
export interface SearchResult<T> {
  timed_out?: boolean;
  hits: { total?: { value: number } | number; hits: Hit<T>[] };
  aggregations?: Record<string, unknown>;
  error?: unknown;
}

/** A terms aggregation's buckets. */
export interface TermsAgg {
  buckets: { key: string; doc_count: number; [sub: string]: unknown }[];
}

/** The hit count of a search response (tracked exactly by every query of the layer). */
export function totalOf(res: SearchResult<unknown>): number {
  const t = res.hits.total;
  return typeof t === 'number' ? t : (t?.value ?? 0);
}

function checkTimedOut<T>(res: SearchResult<T>): SearchResult<T> {
  if (res.timed_out) throw new SearchUnavailableError('Search took too long, try again or narrow the query');
  return res;
}

/**
 * Runs one search with the server-side time-out; a time-out or an unreachable node becomes
 * SearchUnavailableError (503). So does a missing index: an alias that resolves to nothing is a
 * lost index, and answering it as an empty one would hide the loss.
 */
export async function runSearch<T>(
  deps: QueryDeps,
  index: string,
  body: Record<string, unknown>,
): Promise<SearchResult<T>> {
  try {
    const res = await deps.opensearch.search({
      index,
      body: { ...body, timeout: `${deps.queryTimeoutMs}ms` },
    });
    return checkTimedOut(res.body as unknown as SearchResult<T>);
  } catch (err) {
    throw toSearchError(err);
  }
}

/** Runs several searches in one round trip (`_msearch`), each with the server-side time-out. */
export async function runMultiSearch(
  deps: QueryDeps,
  searches: { index: string; body: Record<string, unknown> }[],
): Promise<SearchResult<unknown>[]> {
  const lines = searches.flatMap((s) => [{ index: s.index }, { ...s.body, timeout: `${deps.queryTimeoutMs}ms` }]);
  let responses: SearchResult<unknown>[];
  try {
    const res = await deps.opensearch.msearch({ body: lines });
    responses = (res.body as unknown as { responses: SearchResult<unknown>[] }).responses;
  } catch (err) {
    throw toSearchError(err);
  }
  return responses.map((r) => {
    if (r.error) throw new SearchUnavailableError(SEARCH_FAILED_MESSAGE, r.error);
    return checkTimedOut(r);
  });
}

/**
 * Reads one document by id: its source, or null when there is none. A missing index is not "no
 * document" but an outage (503), like a node that does not answer.
 */
export async function getDocument<T>(
  deps: QueryDeps,
  index: string,
  id: string,
  params: Record<string, unknown> = {},
): Promise<T | null> {
  let body: { found?: boolean; _source?: T };
  try {
    const res = await deps.opensearch.get({ index, id, ...params }, { ignore: [404] });
    body = res.body;
  } catch (err) {
    throw toSearchError(err);
  }
  if (isIndexMissingError(body)) throw new SearchUnavailableError(SEARCH_FAILED_MESSAGE, body);
  return body.found && body._source ? body._source : null;
}
