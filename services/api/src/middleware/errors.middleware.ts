import type { Middleware } from 'koa';
import {
  AppError,
  MethodNotAllowedError,
  RateLimitedError,
  toSearchError,
  UnauthorizedError,
  type Logger,
} from '@trendscope/core';
import { jsonRpcErrorBody } from './json-rpc-error';

/**
 * First in the chain: turns any thrown error into the JSON bodies of API.md. AppErrors keep their
 * status and detail; OpenSearch connection failures become 503; anything else is a 500 whose body
 * carries no stack trace or internal address (it is logged with the request id instead). On a
 * `jsonRpcPaths` path (the MCP endpoint) a 401 or 429 body is a JSON-RPC error instead, same status.
 */
export function errorHandler(logger: Logger, jsonRpcPaths: readonly string[] = []): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      const err = toSearchError(raw);
      // An error answer is never stored, and never carries a stale validator of a success.
      ctx.set('Cache-Control', 'no-store');
      ctx.remove('ETag');
      if (err instanceof AppError) {
        ctx.status = err.status;
        // A refusal before the MCP server ran (bad key, quota) must still be JSON-RPC for MCP clients.
        const refusal = err instanceof UnauthorizedError || err instanceof RateLimitedError;
        ctx.body = refusal && jsonRpcPaths.includes(ctx.path) ? jsonRpcErrorBody(err) : { detail: err.detail };
        // RFC 6750: a refused bearer token says so in a header clients (and MCP SDKs) read.
        if (err instanceof UnauthorizedError) {
          ctx.set(
            'WWW-Authenticate',
            `Bearer realm="trendscope", error="invalid_token", error_description="${err.message}"`,
          );
        }
        if (err instanceof MethodNotAllowedError) ctx.set('Allow', err.allow);
        if (err instanceof RateLimitedError) ctx.set('Retry-After', String(err.retryAfterSeconds));
        if (err.status === 503) ctx.set('Retry-After', '1');
        const level = err.status >= 500 ? 'warn' : 'debug';
        logger[level](
          { reqId: ctx.state.requestId, code: err.code, status: err.status, cause: errName(err.cause) },
          err.message,
        );
        return;
      }
      const status = (raw as { status?: number; expose?: boolean }).status;
      if (status && status >= 400 && status < 500 && (raw as { expose?: boolean }).expose) {
        // Koa/http-errors raised by body parsing or the router: public by design.
        ctx.status = status;
        ctx.body = { detail: (raw as Error).message };
        return;
      }
      logger.error({ reqId: ctx.state.requestId, err: raw }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { detail: 'Internal Server Error' };
    }
  };
}

function errName(cause: unknown): string | undefined {
  return cause instanceof Error ? cause.name : undefined;
}
