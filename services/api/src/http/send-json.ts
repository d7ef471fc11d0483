import type { Context } from 'koa';
import { SearchUnavailableError } from '@trendscope/core';
import type { BackendState } from '../cache/backend-state';
import type { CachedAnswer, ResponseCache } from '../cache/response-cache';
import { matchesIfNoneMatch } from './conditional';

/** Cache-Control of read answers: any cache may store them but must revalidate (ETag) each time. */
export const READ_CACHE_CONTROL = 'public, no-cache';

/** A stable text for a validated input: keys sorted, defaults already applied by joi. */
export function normalisedKey(route: string, input: Record<string, unknown>): string {
  const sorted = Object.keys(input)
    .sort()
    .map((k) => [k, input[k]]);
  return `${route}?${JSON.stringify(sorted)}`;
}

/**
 * Says how fresh an answer is: Last-Modified (when its data were read from OpenSearch) and Age
 * (whole seconds since), so a client of a count that moves with every article knows how far it
 * may lag.
 */
function setFreshness(ctx: Context, answer: CachedAnswer, now = Date.now()): void {
  ctx.set('Last-Modified', answer.lastModified);
  ctx.set('Age', String(Math.max(0, Math.floor((now - answer.at) / 1000))));
}

/**
 * Answers a read: 304 when If-None-Match names the current ETag (checked before any search
 * when the generation is known), otherwise the JSON body from the cache or from `compute`.
 * While OpenSearch is known to be down nothing is answered from the cache (the search runs and
 * fails as a 503), so an outage shows at once rather than after the cache slot ends.
 */
export async function sendCachedJson(
  ctx: Context,
  rc: { cache: ResponseCache; backend: BackendState },
  key: string,
  compute: () => Promise<unknown>,
): Promise<void> {
  const { cache, backend } = rc;
  const ifNoneMatch = ctx.get('If-None-Match') || undefined;
  const tracked = async (): Promise<unknown> => {
    try {
      const body = await compute();
      backend.record(true);
      return body;
    } catch (err) {
      if (err instanceof SearchUnavailableError) backend.record(false);
      throw err;
    }
  };
  // The quota middleware read the generation with the count (one Redis call); else read it now.
  const known = ctx.state.dataGeneration as string | null | undefined;
  const generation = (await backend.isUp()) ? (known !== undefined ? known : await cache.generation()) : null;
  const etag = cache.etagFor(generation, key);
  ctx.set('Cache-Control', READ_CACHE_CONTROL);
  if (etag !== null && matchesIfNoneMatch(ifNoneMatch, etag)) {
    ctx.set('ETag', etag);
    const kept = cache.peek(etag);
    if (kept) setFreshness(ctx, kept);
    ctx.status = 304;
    return;
  }
  const answer = await cache.get(etag, tracked);
  ctx.set('ETag', answer.etag);
  setFreshness(ctx, answer);
  if (matchesIfNoneMatch(ifNoneMatch, answer.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = answer.body;
}
