import type { Middleware } from 'koa';
import { escapeRegExp, MethodNotAllowedError } from '@trendscope/core';

/** The methods every public path answers. */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Turns a router path (`/v1/trends/:trend_id`) into a RegExp over one request path. */
export function pathMatcher(routePath: string): RegExp {
  const body = routePath
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRegExp(seg)))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * Only GET, HEAD and OPTIONS exist: another method on a known path is a 405 with `Allow`; a plain
 * OPTIONS (not a CORS preflight, which the CORS middleware answers) is a 204 with `Allow`.
 */
export function methodGuard(routePaths: readonly string[]): Middleware {
  const matchers = routePaths.map(pathMatcher);
  return async (ctx, next) => {
    const known = matchers.some((m) => m.test(ctx.path));
    if (!known || ctx.method === 'GET' || ctx.method === 'HEAD') {
      await next();
      return;
    }
    if (ctx.method === 'OPTIONS') {
      ctx.set('Allow', ALLOWED_METHODS);
      ctx.status = 204;
      return;
    }
    throw new MethodNotAllowedError(ALLOWED_METHODS);
  };
}
