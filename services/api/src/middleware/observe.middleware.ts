import type { Logger } from '@trendscope/core';
import type { Middleware } from 'koa';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { RoutePatternOf } from './route-pattern';

/**
 * One access-log line and the request metrics per request. Requests are labelled by the route
 * pattern that answered (`/v1/trends/:id`), never by the raw path, so a scan of random URLs
 * cannot grow the label set. An answer given before routing (401, 429) carries the pattern of the
 * route it refused (`routeOf`); a path no route knows is `unmatched`.
 */
export function observeRequests(logger: Logger, registry?: Registry, routeOf?: RoutePatternOf): Middleware {
  const requests = registry
    ? new Counter({
        name: 'trendscope_http_requests_total',
        help: 'HTTP requests answered, by route pattern, method and status.',
        labelNames: ['route', 'method', 'status'] as const,
        registers: [registry],
      })
    : null;
  const duration = registry
    ? new Histogram({
        name: 'trendscope_http_request_duration_seconds',
        help: 'Time to answer an HTTP request, by route pattern and method.',
        labelNames: ['route', 'method'] as const,
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
        registers: [registry],
      })
    : null;
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      const route = typeof matched === 'string' ? matched : routeOf?.(ctx.path, ctx.method);
      const labels = { route: route ?? 'unmatched', method: ctx.method };
      requests?.inc({ ...labels, status: String(ctx.status) });
      duration?.observe(labels, seconds);
      logger.info(
        {
          request_id: ctx.state.requestId as string | undefined,
          key_id: ctx.state.apiKeyId as string | undefined,
          method: ctx.method,
          path: ctx.path,
          route: labels.route,
          status: ctx.status,
          ms: Math.round(seconds * 10_000) / 10,
        },
        'request',
      );
    }
  };
}
