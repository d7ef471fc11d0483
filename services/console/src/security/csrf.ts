import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { setConsoleCookie } from './console-cookies';

/** The name of the hidden form field that carries the token. */
export const CSRF_FIELD = 'csrf_token';

/**
 * The browser's CSRF token (double-submit: an HttpOnly cookie and the same value in every form),
 * minted on first need. Another site can neither read the cookie nor set it, so it cannot forge
 * the field; SameSite=Lax and the Origin check below are further walls.
 */
export function csrfToken(ctx: Context, cookieName: string, secure: boolean): string {
  const existing = ctx.cookies.get(cookieName);
  if (existing && /^[\w-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setConsoleCookie(ctx, cookieName, token, secure);
  return token;
}

/** True when a form post carries the browser's token and, if it says where it came from, came from here. */
export function csrfValid(ctx: Context, cookieName: string, submitted: unknown): boolean {
  const origin = ctx.get('origin');
  if (origin && origin !== 'null' && origin !== ctx.origin && !sameHost(origin, ctx.host)) return false;
  const cookie = ctx.cookies.get(cookieName) ?? '';
  if (typeof submitted !== 'string' || submitted.length !== cookie.length || cookie.length === 0) return false;
  return timingSafeEqual(Buffer.from(submitted), Buffer.from(cookie));
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
