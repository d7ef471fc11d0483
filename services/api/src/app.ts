import type Router from '@koa/router';
import Koa from 'koa';
import { NotFoundError } from '@trendscope/core';
import type { ApiDeps } from './deps';
import { errorHandler } from './middleware/errors.middleware';
import { requestId } from './middleware/request-id.middleware';
import { healthRouter } from './routes/health.router';

/** What the composition root may add to the app without the app knowing what it is. */
export interface BuildAppOptions {
  /** Routers mounted after the API's own, behind the same middleware (e.g. the MCP endpoint). */
  extraRouters?: readonly Router[];
}

/** Builds the Koa app without listening; main.ts and the tests decide where it runs. */
export function buildApp(deps: ApiDeps, options: BuildAppOptions = {}): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(requestId());
  app.use(errorHandler(deps.logger));

  const routers = [healthRouter(deps), ...(options.extraRouters ?? [])];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(() => {
    throw new NotFoundError('Not Found');
  });
  return app;
}
