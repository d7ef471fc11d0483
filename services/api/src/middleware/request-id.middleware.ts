import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Gives every request an id (the caller's `x-request-id` when it is safe) and echoes it back. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const given = ctx.get('x-request-id');
    const id = SAFE_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('x-request-id', id);
    await next();
  };
}
