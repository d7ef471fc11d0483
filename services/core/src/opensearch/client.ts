import { Client, errors } from '@opensearch-project/opensearch';
import { SearchUnavailableError } from '../errors/app-error';

export type { Client as OpenSearchClient };

/** Builds the OpenSearch client. Retries are off for reads so a dead node fails fast (503). */
export function createOpenSearchClient(opts: { url: string; requestTimeoutMs: number; maxRetries?: number }): Client {
  return new Client({
    node: opts.url,
    requestTimeout: opts.requestTimeoutMs,
    maxRetries: opts.maxRetries ?? 0,
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

/** Re-throws connection-level failures as SearchUnavailableError (503); anything else unchanged. */
export function toSearchError(err: unknown): unknown {
  return isUnavailableError(err) ? new SearchUnavailableError(undefined, err) : err;
}
