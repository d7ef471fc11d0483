import type { RouterContext, RouterMiddleware } from '@koa/router';
import { validateRequest } from '@trendscope/core';
import type { RouteSpec } from '../routes/route-spec';

/**
 * The handler of a route whose parameters are validated first with its joi schemas: `handle`
 * gets them converted and typed (defaults applied, unknown query parameters dropped). A failure
 * throws RequestValidationError, which the error middleware answers as a FastAPI-style 422.
 */
export function validated<P extends object, Q extends object>(
  spec: RouteSpec<P, Q>,
  handle: (ctx: RouterContext, input: P & Q) => Promise<void>,
): RouterMiddleware {
  return async (ctx) => {
    const input = validateRequest({
      ...(spec.pathParams ? { path: { schema: spec.pathParams, raw: ctx.params } } : {}),
      ...(spec.query ? { query: { schema: spec.query, raw: ctx.query } } : {}),
    });
    await handle(ctx, input);
  };
}
