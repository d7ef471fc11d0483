import type Router from '@koa/router';
import type { Context } from 'koa';
import { recordSecurityEvent, revokeApiKey } from '@trendscope/core';
import { verifyPassword } from '../accounts/password-hash';
import type { ConsoleContext } from '../console-deps';
import { accountPage } from '../pages/account.pages';
import { setConsoleCookie } from '../security/console-cookies';
import type { Session } from '../sessions/session-store';
import { field, frameFor, requireCsrf, seeOther, sendPage } from './request-helpers';

/** The account page: quotas, and deletion (which revokes every key of the account). */
export function addAccountRoutes(router: Router, c: ConsoleContext): void {
  const render = async (ctx: Context, error: string | null, status = 200): Promise<void> => {
    const session = ctx.state.session as Session;
    const keys = await c.keys.repo.list({ account: session.email, includeRevoked: false });
    const frame = { ...frameFor(ctx, c, 'Account', session), error };
    sendPage(ctx, accountPage(frame, c.registered, c.config.quotas.anonymous, keys.length), status);
  };

  router.get('/account', (ctx) => render(ctx, null));

  router.post('/account/delete', async (ctx) => {
    requireCsrf(ctx, c);
    const session = ctx.state.session as Session;
    const account = await c.accounts.findByEmail(session.email);
    if (!account || !(await verifyPassword(field(ctx, 'password'), account.password_hash))) {
      await render(ctx, 'That password is not right; the account is not deleted.', 401);
      return;
    }
    for (const key of await c.keys.repo.list({ account: session.email, includeRevoked: false })) {
      await revokeApiKey(c.keys, key.id);
    }
    await c.sessions.destroyAll(account.id);
    await c.accounts.delete(account.id);
    // A restore of account data replays this, so the account does not come back.
    await recordSecurityEvent(c.keys.redis, c.keys.keyPrefix, {
      type: 'account.deleted',
      id: account.id,
      email: session.email,
      at: new Date().toISOString(),
    });
    setConsoleCookie(ctx, c.cookies.session, null, c.secure);
    seeOther(ctx, '/console/sign-in?notice=deleted');
  });
}
