import Router from '@koa/router';
import { getRecentTrends, getTrend } from '@trendscope/core';
import { normalisedKey, sendCachedJson } from '../http/send-json';
import { validated } from '../middleware/validate.middleware';
import type { RouteContext } from './route-context';
import { RECENT_TRENDS_ROUTE, TREND_DETAIL_ROUTE } from './trends.schema';

/** GET /v1/trends/recent and GET /v1/trends/{trend_id}. */
export function trendsRouter(rc: RouteContext): Router {
  const router = new Router();
  router.get(
    RECENT_TRENDS_ROUTE.path,
    validated(RECENT_TRENDS_ROUTE, (ctx, input) =>
      sendCachedJson(ctx, rc, normalisedKey('recent', { ...input }), () => getRecentTrends(rc.queries, input)),
    ),
  );
  router.get(
    TREND_DETAIL_ROUTE.path,
    validated(TREND_DETAIL_ROUTE, (ctx, input) =>
      sendCachedJson(ctx, rc, normalisedKey('trend', { ...input }), () => getTrend(rc.queries, input)),
    ),
  );
  return router;
}
