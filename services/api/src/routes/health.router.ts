import Router from '@koa/router';
import { SERVICE_VERSION, type HealthResponse } from '@trendscope/core';
import type { ApiDeps } from '../deps';
import { checkDependencies } from '../health/check-dependencies';

/** GET /health: each dependency's state; 200 when all are up, 503 otherwise. */
export function healthRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.get('/health', async (ctx) => {
    const checks = await checkDependencies(deps, deps.config.health.timeoutMs);
    const allUp = Object.values(checks).every((c) => c.status === 'up');
    ctx.status = allUp ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    const body: HealthResponse = { status: allUp ? 'ok' : 'degraded', version: SERVICE_VERSION, checks };
    ctx.body = body;
  });
  return router;
}
