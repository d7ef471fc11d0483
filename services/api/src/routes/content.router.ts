import Router from '@koa/router';
import { getTrendContent } from '@trendscope/core';
import { normalisedKey, sendCachedJson } from '../http/send-json';
import { validated } from '../middleware/validate.middleware';
import { CONTENT_ROUTE } from './content.schema';
import type { RouteContext } from './route-context';

/** GET /v1/content/{trend_id}. */
export function contentRouter(rc: RouteContext): Router {
  const router = new Router();
  router.get(
    CONTENT_ROUTE.path,
    validated(CONTENT_ROUTE, (ctx, input) =>
      sendCachedJson(ctx, rc, normalisedKey('content', { ...input }), () => getTrendContent(rc.queries, input)),
    ),
  );
  return router;
}
