import type { Middleware } from 'koa';
import { validateRequest } from '@trendscope/core';
import type { RouteSpec } from '../routes/route-spec';

/**
 * Validates the path and query parameters of a route with its joi schemas; the converted values
 * (defaults applied, unknown query parameters dropped) go to `ctx.state.input`. A failure throws
 * RequestValidationError, which the error middleware answers as a FastAPI-style 422.
 */
export function validate(spec: RouteSpec): Middleware {
  return async (ctx, next) => {
    const { path, query } = validateRequest<Record<string, unknown>, Record<string, unknown>>({
      ...(spec.pathParams ? { path: { schema: spec.pathParams, raw: ctx.params as Record<string, string> } } : {}),
      ...(spec.query ? { query: { schema: spec.query, raw: ctx.query } } : {}),
    });
    ctx.state.input = { ...path, ...query };
    await next();
  };
}
