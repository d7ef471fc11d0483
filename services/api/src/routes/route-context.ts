import type { QueryDeps } from '@trendscope/core';
import type { BackendState } from '../cache/backend-state';
import type { ResponseCache } from '../cache/response-cache';
import type { ApiDeps } from '../deps';

/** What the read routes share: the app's dependencies, the query-layer deps, the cache and OpenSearch's state. */
export interface RouteContext {
  deps: ApiDeps;
  queries: QueryDeps;
  cache: ResponseCache;
  backend: BackendState;
}
