import type { Context } from 'koa';

/** Cookie names: `__Host-` (Secure, whole site, no Domain) when the console is served over https. */
export function cookieNames(secure: boolean): { session: string; csrf: string } {
  return secure ? { session: '__Host-ts_session', csrf: '__Host-ts_csrf' } : { session: 'ts_session', csrf: 'ts_csrf' };
}

/** Sets an HttpOnly, SameSite=Lax cookie for the whole site (Secure behind https); null clears it. */
export function setConsoleCookie(
  ctx: Context,
  name: string,
  value: string | null,
  secure: boolean,
  maxAgeMs?: number,
): void {
  // Behind a TLS-terminating proxy the socket is plain HTTP; the cookie is still for https.
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    overwrite: true,
    ...(maxAgeMs !== undefined && value !== null ? { maxAge: maxAgeMs } : {}),
  });
}
