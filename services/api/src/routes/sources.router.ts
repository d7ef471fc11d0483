import Router from '@koa/router';
import { getSource, getSourceTrends } from '@trendscope/core';
import { normalisedKey, sendCachedJson } from '../http/send-json';
import { validated } from '../middleware/validate.middleware';
import type { RouteContext } from './route-context';
import { SOURCE_ROUTE, SOURCE_TRENDS_ROUTE } from './sources.schema';

/** GET /v1/sources/{domain} and GET /v1/sources/{domain}/trending. */
export function sourcesRouter(rc: RouteContext): Router {
  const router = new Router();
  router.get(
    SOURCE_ROUTE.path,
    validated(SOURCE_ROUTE, (ctx, input) =>
      sendCachedJson(ctx, rc, normalisedKey('source-detail', { ...input }), () => getSource(rc.queries, input)),
    ),
  );
  router.get(
    SOURCE_TRENDS_ROUTE.path,
    validated(SOURCE_TRENDS_ROUTE, (ctx, input) =>
      sendCachedJson(ctx, rc, normalisedKey('source', { ...input }), () => getSourceTrends(rc.queries, input)),
    ),
  );
  return router;
}
