import type Router from '@koa/router';
import type { Context } from 'koa';
import { emailProblem, normaliseEmail, resolveClientAddress } from '@trendscope/core';
import { accountIdFor } from '../accounts/account.repository';
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from '../accounts/password-hash';
import { passwordProblem } from '../accounts/password-rules';
import type { ConsoleContext } from '../console-deps';
import { signInPage, signUpPage } from '../pages/auth.pages';
import { setConsoleCookie } from '../security/console-cookies';
import { csrfToken } from '../security/csrf';
import { field, requireCsrf, seeOther, sendPage } from './request-helpers';

const NOTICES: Record<string, string> = {
  'signed-out': 'You are signed out.',
  deleted: 'Your account is deleted and its keys are revoked.',
};

function clientAddress(ctx: Context, c: ConsoleContext): string {
  return resolveClientAddress(ctx.req.socket.remoteAddress, ctx.get('x-forwarded-for'), c.config.quotas.trustProxyHops);
}

async function startSession(ctx: Context, c: ConsoleContext, accountId: string, email: string): Promise<void> {
  const token = await c.sessions.create(accountId, email);
  setConsoleCookie(ctx, c.cookies.session, token, c.secure, c.config.console.sessionTtlSeconds * 1000);
}

function waitMessage(seconds: number): string {
  return `Too many sign-in attempts. Try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`;
}

/** Sign-up, sign-in and sign-out. */
export function addAuthRoutes(router: Router, c: ConsoleContext): void {
  const csrf = (ctx: Context): string => csrfToken(ctx, c.cookies.csrf, c.secure);

  router.get('/sign-in', (ctx) => {
    sendPage(ctx, signInPage({ csrf: csrf(ctx), notice: NOTICES[String(ctx.query.notice)] ?? null }));
  });

  router.post('/sign-in', async (ctx) => {
    requireCsrf(ctx, c);
    const email = normaliseEmail(field(ctx, 'email'));
    const password = field(ctx, 'password');
    const address = clientAddress(ctx, c);
    const wait = await c.throttle.blockedFor(email, address);
    if (wait > 0) {
      sendPage(ctx, signInPage({ csrf: csrf(ctx), email, error: waitMessage(wait) }), 429);
      return;
    }
    await c.throttle.noteAttempt(address);
    const account = emailProblem(email) ? null : await c.accounts.findByEmail(email);
    const ok = await verifyPassword(password, account?.password_hash ?? DECOY_PASSWORD_HASH);
    if (!account || !ok) {
      await c.throttle.noteFailure(email);
      sendPage(
        ctx,
        signInPage({ csrf: csrf(ctx), email, error: 'That e-mail address and password do not match an account.' }),
        401,
      );
      return;
    }
    await c.throttle.clear(email);
    await startSession(ctx, c, account.id, account.email);
    seeOther(ctx, '/console/keys');
  });

  router.get('/sign-up', (ctx) => {
    sendPage(ctx, signUpPage({ csrf: csrf(ctx) }));
  });

  router.post('/sign-up', async (ctx) => {
    requireCsrf(ctx, c);
    const email = normaliseEmail(field(ctx, 'email'));
    const address = clientAddress(ctx, c);
    const wait = await c.throttle.blockedFor(null, address);
    if (wait > 0) {
      sendPage(ctx, signUpPage({ csrf: csrf(ctx), email, error: waitMessage(wait) }), 429);
      return;
    }
    await c.throttle.noteAttempt(address);
    const problem = emailProblem(email) ?? passwordProblem(field(ctx, 'password'), field(ctx, 'confirm'));
    if (problem) {
      sendPage(ctx, signUpPage({ csrf: csrf(ctx), email, error: problem }), 422);
      return;
    }
    const id = accountIdFor(email);
    const created = await c.accounts.insert({
      id,
      email,
      password_hash: await hashPassword(field(ctx, 'password')),
      created_at: new Date().toISOString(),
    });
    if (!created) {
      const error = 'An account with this e-mail address already exists. Sign in instead.';
      sendPage(ctx, signUpPage({ csrf: csrf(ctx), email, error }), 409);
      return;
    }
    await startSession(ctx, c, id, email);
    seeOther(ctx, '/console/keys');
  });

  router.post('/sign-out', async (ctx) => {
    requireCsrf(ctx, c);
    const token = ctx.cookies.get(c.cookies.session) ?? '';
    const session = await c.sessions.get(token);
    if (session) await c.sessions.destroy(token, session.accountId);
    setConsoleCookie(ctx, c.cookies.session, null, c.secure);
    seeOther(ctx, '/console/sign-in?notice=signed-out');
  });
}
