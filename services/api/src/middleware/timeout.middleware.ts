import type { Middleware } from 'koa';
import { SearchUnavailableError } from '@trendscope/core';

/**
 * Bounds every request: past `ms` the client gets a 503 instead of waiting on a slow or hanging
 * dependency. The abandoned work finishes in the background and its result is dropped.
 */
export function requestTimeout(ms: number): Middleware {
  return async (_ctx, next) => {
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
