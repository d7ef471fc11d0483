import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './index-names';
import { parseIndexName } from './partitions';

/** Ids looked up per request by readBodies. */
const BODY_PAGE = 500;

/** The aliases a body is read from: the bodies index first, then articles written before it. */
export type BodyAliases = Pick<IndexNames, 'articles' | 'bodies'>;

/** The indices one body lookup searches (both aliases in one request). */
export function bodyIndices(names: BodyAliases): string {
  return `${names.bodies},${names.articles}`;
}

/**
 * The search that finds the stored bodies of `ids`: in the bodies index, and in article documents
 * written before bodies had their own index (the read fallback until their month's index goes).
 * `topic` scores each body by relevance to it; `withText` false leaves the text out.
 */
export function bodiesRequest(ids: readonly string[], opts: { topic?: string; withText?: boolean } = {}) {
  return {
    query: {
      bool: {
        filter: [{ ids: { values: [...ids] } }, { exists: { field: 'body' } }],
        should: opts.topic ? [{ match: { body: opts.topic } }] : [],
      },
    },
    // An id can answer twice (a legacy body in its article, and the body written by a re-fetch).
    size: ids.length * 2,
    _source: opts.withText === false ? false : ['body'],
  };
}

/**
 * The request that counts the bodies still kept (bodies index, and bodies still inside articles
 * written before it): what /v1/stats and /v1/benefits call retained, which a body period shorter
 * than the articles' makes fewer than the articles fetched with a body.
 */
export function keptBodiesCountRequest(names: BodyAliases): { index: string; body: Record<string, unknown> } {
  return { index: bodyIndices(names), body: { size: 0, track_total_hits: true, query: { exists: { field: 'body' } } } };
}

/** One hit of bodiesRequest. */
export interface BodyHit {
  _id: string;
  _index: string;
  _score: number | null;
  _source?: { body?: string | null };
}

/**
 * Per id, the hit that holds its body: the bodies index's over an article's own (which a re-fetch
 * empties, but an update can still be on its way).
 */
export function pickBodies(names: BodyAliases, hits: readonly BodyHit[]): Map<string, BodyHit> {
  const out = new Map<string, BodyHit>();
  for (const hit of hits) {
    const fromBodies = parseIndexName(names.bodies, hit._index) !== null;
    if (fromBodies || !out.has(hit._id)) out.set(hit._id, hit);
  }
  return out;
}

/**
 * The stored body of each of `ids` (article ids); ids whose body was not retained, or has expired,
 * are absent. Reads the bodies index and, for articles from before it, the article documents.
 */
export async function readBodies(
  client: Client,
  names: BodyAliases,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BODY_PAGE) {
    const res = await client.search({
      index: bodyIndices(names),
      // A shard missing from the answer would read as bodies gone: fail instead (the caller retries).
      allow_partial_search_results: false,
      body: bodiesRequest(unique.slice(i, i + BODY_PAGE)),
    } as Parameters<Client['search']>[0]);
    const hits = (res.body as unknown as { hits: { hits: BodyHit[] } }).hits.hits;
    for (const [id, hit] of pickBodies(names, hits)) if (hit._source?.body) out.set(id, hit._source.body);
  }
  return out;
}
