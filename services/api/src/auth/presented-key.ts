import type { Context } from 'koa';

/** What a request presented: no key, or the key text (which may still be malformed). */
export type PresentedKey = { kind: 'none' } | { kind: 'key'; key: string };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The key a request presents, in `Authorization: Bearer` or `X-API-Key`. Two different keys, an
 * empty one, or a key in the query string count as presented (and so fail verification): a key
 * in a URL has already leaked into logs and must not quietly work or quietly fall back to
 * anonymous. Other Authorization schemes are not ours and are ignored.
 */
export function readPresentedKey(ctx: Context): PresentedKey {
  const header = ctx.get('x-api-key');
  const auth = ctx.get('authorization');
  const bearer = BEARER.exec(auth)?.[1];
  const candidates = [header, bearer ?? (/^Bearer\b/i.test(auth) ? auth : '')].filter((k) => k.length > 0);
  if (ctx.querystring.includes('ts_live_')) return { kind: 'key', key: '' };
  if (candidates.length === 0)
    return ctx.headers['x-api-key'] !== undefined ? { kind: 'key', key: '' } : { kind: 'none' };
  if (candidates.length === 2 && candidates[0] !== candidates[1]) return { kind: 'key', key: '' };
  return { kind: 'key', key: candidates[0] ?? '' };
}
