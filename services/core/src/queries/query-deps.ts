import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from '../opensearch/index-names';

/** What every read use case needs: the client, the index aliases, a time-out and a clock. */
export interface QueryDeps {
  opensearch: Client;
  names: IndexNames;
  /** Server-side time-out put on each search; a search that hits it answers 503. */
  queryTimeoutMs: number;
  /** Injected clock (tests pin it); defaults to the system clock. */
  now?: () => Date;
}

/** The current time as the use case sees it. */
export function nowOf(deps: QueryDeps): Date {
  return deps.now ? deps.now() : new Date();
}

/**
 * ISO 8601 timestamp `hours` before `now`, for range filters. Floored to the minute: the same
 * query within a minute is then byte-identical, so OpenSearch's request and filter caches serve it.
 */
export function hoursBefore(now: Date, hours: number): string {
  const t = now.getTime() - hours * 3_600_000;
  return new Date(t - (t % 60_000)).toISOString();
}
