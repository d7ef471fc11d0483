import Router from '@koa/router';
import { getSourceTrends } from '@trendscope/core';
import { normalisedKey, sendCachedJson } from '../http/send-json';
import { validate } from '../middleware/validate.middleware';
import type { RouteContext } from './route-context';
import { SOURCE_TRENDS_ROUTE } from './sources.schema';

/** GET /v1/sources/{domain}/trending. */
export function sourcesRouter(rc: RouteContext): Router {
  const router = new Router();
  router.get(SOURCE_TRENDS_ROUTE.path, validate(SOURCE_TRENDS_ROUTE), async (ctx) => {
    const input = ctx.state.input as { domain: string; limit: number };
    await sendCachedJson(ctx, rc, normalisedKey('source', input), () => getSourceTrends(rc.queries, input));
  });
  return router;
}
