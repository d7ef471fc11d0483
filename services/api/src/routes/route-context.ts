import type { QueryDeps } from '@trendscope/core';
import type { ResponseCache } from '../cache/response-cache';
import type { ApiDeps } from '../deps';

/** What the read routes share: the app's dependencies, the query-layer deps and the cache. */
export interface RouteContext {
  deps: ApiDeps;
  queries: QueryDeps;
  cache: ResponseCache;
}
