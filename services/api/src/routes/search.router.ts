import Router from '@koa/router';
import { searchTrends } from '@trendscope/core';
import { normalisedKey, sendCachedJson } from '../http/send-json';
import { validated } from '../middleware/validate.middleware';
import type { RouteContext } from './route-context';
import { SEARCH_ROUTE } from './search.schema';

/** GET /v1/search. */
export function searchRouter(rc: RouteContext): Router {
  const router = new Router();
  router.get(
    SEARCH_ROUTE.path,
    validated(SEARCH_ROUTE, (ctx, input) =>
      sendCachedJson(ctx, rc, normalisedKey('search', { ...input }), () => searchTrends(rc.queries, input)),
    ),
  );
  return router;
}
