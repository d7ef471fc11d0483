import { Client, errors } from '@opensearch-project/opensearch';
import { SEARCH_FAILED_MESSAGE, SearchUnavailableError } from '../errors/app-error';

export type { Client as OpenSearchClient };

/** The node URLs of OPENSEARCH_URL: one URL, or a comma-separated list of one cluster's nodes. */
export function openSearchNodes(url: string): string[] {
  return url
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
}

/**
 * Builds the OpenSearch client over one node or several. With one node, reads are not retried, so
 * a dead node fails fast (503); with several, a request that fails on one node (connection refused,
 * time-out, 502-504) is retried on another, at least `nodes - 1` times, and a node marked dead is
 * pinged back into rotation (resurrection) once it answers again.
 */
export function createOpenSearchClient(opts: { url: string; requestTimeoutMs: number; maxRetries?: number }): Client {
  const nodes = openSearchNodes(opts.url);
  return new Client({
    nodes,
    requestTimeout: opts.requestTimeoutMs,
    maxRetries: Math.max(opts.maxRetries ?? 0, nodes.length - 1),
    resurrectStrategy: 'ping',
    sniffOnStart: false,
  });
}

/** True for errors that mean "OpenSearch is not reachable or too slow" rather than a bad request. */
export function isUnavailableError(err: unknown): boolean {
  return (
    err instanceof errors.ConnectionError ||
    err instanceof errors.TimeoutError ||
    err instanceof errors.NoLivingConnectionsError ||
    (err instanceof errors.ResponseError && [502, 503, 504].includes(err.statusCode ?? 0))
  );
}

/** The `error.type` OpenSearch answered with (a thrown ResponseError, or a body read with `ignore`). */
function errorType(errOrBody: unknown): string | undefined {
  const e = errOrBody as { meta?: { body?: { error?: { type?: string } } }; error?: { type?: string } } | null;
  return e?.meta?.body?.error?.type ?? e?.error?.type;
}

/**
 * True when OpenSearch says an index or alias does not exist: a lost index, which must read as an
 * outage (503), never as an empty index, and must never be re-created by a write (require_alias).
 */
export function isIndexMissingError(errOrBody: unknown): boolean {
  return errorType(errOrBody) === 'index_not_found_exception';
}

/**
 * Re-throws connection-level failures and a missing index as SearchUnavailableError (503); anything
 * else unchanged.
 */
export function toSearchError(err: unknown): unknown {
  if (isIndexMissingError(err)) return new SearchUnavailableError(SEARCH_FAILED_MESSAGE, err);
  return isUnavailableError(err) ? new SearchUnavailableError(undefined, err) : err;
}
