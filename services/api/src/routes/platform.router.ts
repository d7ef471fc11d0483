import Router from '@koa/router';
import { getBenefits, getStats, listCategories } from '@trendscope/core';
import { sendCachedJson } from '../http/send-json';
import { BENEFITS_ROUTE, CATEGORIES_ROUTE, STATS_ROUTE } from './platform.schema';
import type { RouteContext } from './route-context';

/** GET /v1/categories, /v1/benefits and /v1/stats (aggregations over the whole indices). */
export function platformRouter(rc: RouteContext): Router {
  const router = new Router();
  router.get(CATEGORIES_ROUTE.path, async (ctx) => {
    await sendCachedJson(ctx, rc, 'categories', () => listCategories(rc.queries));
  });
  router.get(BENEFITS_ROUTE.path, async (ctx) => {
    await sendCachedJson(ctx, rc, 'benefits', () => getBenefits(rc.queries));
  });
  router.get(STATS_ROUTE.path, async (ctx) => {
    await sendCachedJson(ctx, rc, 'stats', () => getStats(rc.queries));
  });
  return router;
}
