import Router from '@koa/router';
import { getSourceTrends } from '@trendscope/core';
import { normalisedKey, sendCachedJson } from '../http/send-json';
import { validated } from '../middleware/validate.middleware';
import type { RouteContext } from './route-context';
import { SOURCE_TRENDS_ROUTE } from './sources.schema';

/** GET /v1/sources/{domain}/trending. */
export function sourcesRouter(rc: RouteContext): Router {
  const router = new Router();
  router.get(
    SOURCE_TRENDS_ROUTE.path,
    validated(SOURCE_TRENDS_ROUTE, (ctx, input) =>
      sendCachedJson(ctx, rc, normalisedKey('source', { ...input }), () => getSourceTrends(rc.queries, input)),
    ),
  );
  return router;
}
