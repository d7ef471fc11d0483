import type { Middleware } from 'koa';

/** Content-Security-Policy of JSON answers: nothing may load or frame them. */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Security headers on every response; /docs loosens the CSP to its own styles and script. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    ctx.set('Content-Security-Policy', JSON_CSP);
    await next();
  };
}
