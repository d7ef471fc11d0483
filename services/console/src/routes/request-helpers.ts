import type { Context } from 'koa';
import { ForbiddenFormError } from '../security/forbidden-form.error';
import { CSRF_FIELD, csrfToken, csrfValid } from '../security/csrf';
import type { ConsoleContext } from '../console-deps';
import type { Session } from '../sessions/session-store';
import type { PageFrame } from '../pages/layout';

/** A posted form field as a string ('' when absent or repeated). */
export function field(ctx: Context, name: string): string {
  const body = (ctx.request as { body?: Record<string, unknown> }).body ?? {};
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

/** Refuses a form post whose CSRF token is missing or wrong (403). */
export function requireCsrf(ctx: Context, c: ConsoleContext): void {
  if (!csrfValid(ctx, c.cookies.csrf, field(ctx, CSRF_FIELD))) throw new ForbiddenFormError();
}

/** The frame of a page for this request. */
export function frameFor(ctx: Context, c: ConsoleContext, title: string, session: Session | null): PageFrame {
  return { title, email: session?.email ?? null, csrf: csrfToken(ctx, c.cookies.csrf, c.secure) };
}

/** Sends a rendered page. */
export function sendPage(ctx: Context, body: string, status = 200): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

/** Redirects after a successful post (303: the browser follows with a GET). */
export function seeOther(ctx: Context, location: string): void {
  ctx.status = 303;
  ctx.redirect(location);
}
