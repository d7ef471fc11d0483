import type { Middleware } from 'koa';
import { SearchUnavailableError } from '@trendscope/core';

/**
 * Bounds every request: past `ms` the client gets a 503 instead of waiting on a slow or hanging
 * dependency. The abandoned work finishes in the background and its result is dropped. Paths
 * matching `except` (the console, whose password hashing is slow on purpose) are left unbounded
 * here; their storage calls have their own client time-outs.
 */
export function requestTimeout(ms: number, except?: RegExp): Middleware {
  return async (ctx, next) => {
    if (except?.test(ctx.path)) {
      await next();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SearchUnavailableError('The request took too long, try again shortly')), ms);
    });
    const work = next();
    // The losing promise must not surface as an unhandled rejection.
    work.catch(() => undefined);
    try {
      await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
