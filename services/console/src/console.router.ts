import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { readFileSync } from 'node:fs';
import type { Context, Next } from 'koa';
import {
  AppError,
  ApiKeyRepository,
  toSearchError,
  type Config,
  type IndexNames,
  type Logger,
  type OpenSearchClient,
  type Redis,
} from '@trendscope/core';
import { AccountRepository } from './accounts/account.repository';
import type { ConsoleContext } from './console-deps';
import { errorPage } from './pages/account.pages';
import { addAccountRoutes } from './routes/account.routes';
import { addAuthRoutes } from './routes/auth.routes';
import { addKeyRoutes } from './routes/keys.routes';
import { frameFor, sendPage } from './routes/request-helpers';
import { cookieNames } from './security/console-cookies';
import { SignInThrottle } from './security/sign-in-throttle';
import { SessionStore, type Session } from './sessions/session-store';

/** What the console needs from the process that serves it. */
export interface ConsoleDeps {
  config: Config;
  logger: Logger;
  opensearch: OpenSearchClient;
  redis: Redis;
  names: IndexNames;
}

/** Pages may load only the console's own stylesheet and script, and post only to the console. */
const CONSOLE_CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const ASSETS: Record<string, { type: string; body: Buffer }> = {
  'console.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('./assets/console.css', import.meta.url)),
  },
  'console.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('./assets/console.js', import.meta.url)),
  },
};

/** Paths a visitor without a session may open. */
const PUBLIC = /^\/console(\/(sign-in|sign-up|sign-out|assets\/[\w.-]+))?\/?$/;

/**
 * The developer console at /console: server-rendered pages (usable without JavaScript) for
 * accounts and their API keys. Sessions live in Redis; every form post carries a CSRF token.
 */
export function createConsoleRouter(deps: ConsoleDeps): Router {
  const secure = deps.config.console.secureCookies;
  const c: ConsoleContext = {
    config: deps.config,
    logger: deps.logger,
    accounts: new AccountRepository(deps.opensearch, deps.names.accounts),
    keys: {
      repo: new ApiKeyRepository(deps.opensearch, deps.names.api_keys),
      hashSecret: deps.config.keys.hashSecret,
      redis: deps.redis,
      keyPrefix: deps.config.redis.keyPrefix,
    },
    sessions: new SessionStore(deps.redis, deps.config.redis.keyPrefix, deps.config.console.sessionTtlSeconds),
    throttle: new SignInThrottle(deps.redis, deps.config.redis.keyPrefix),
    cookies: cookieNames(secure),
    secure,
    registered: deps.config.quotas.registered,
  };

  const router = new Router({ prefix: '/console' });
  router.use(async (ctx: Context, next: Next) => {
    ctx.set('Content-Security-Policy', CONSOLE_CSP);
    ctx.set('Cache-Control', 'no-store');
    try {
      await next();
    } catch (raw) {
      const err = toSearchError(raw);
      const status = err instanceof AppError ? err.status : 500;
      if (status >= 500) deps.logger.warn({ reqId: ctx.state.requestId, err: (err as Error).message }, 'console error');
      const message =
        err instanceof AppError && status < 500
          ? String(err.detail)
          : 'The console cannot reach its storage right now. Try again in a moment.';
      const session = (ctx.state.session as Session | undefined) ?? null;
      sendPage(
        ctx,
        errorPage({ ...frameFor(ctx, c, status === 404 ? 'Not found' : 'Something went wrong', session) }, message),
        status,
      );
    }
  });
  router.use(bodyParser({ enableTypes: ['form'], formLimit: '16kb' }));
  router.use(async (ctx: Context, next: Next) => {
    const token = ctx.cookies.get(c.cookies.session) ?? '';
    const session = token ? await c.sessions.get(token) : null;
    if (session) ctx.state.session = session;
    if (!session && !PUBLIC.test(ctx.path)) {
      ctx.status = 303;
      ctx.redirect('/console/sign-in');
      return;
    }
    await next();
  });

  router.get('/', (ctx) => {
    ctx.redirect(ctx.state.session ? '/console/keys' : '/console/sign-in');
  });
  router.get('/assets/:file', (ctx) => {
    const asset = ASSETS[ctx.params.file ?? ''];
    if (!asset) return;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = asset.type;
    ctx.body = asset.body;
  });
  addAuthRoutes(router, c);
  addKeyRoutes(router, c);
  addAccountRoutes(router, c);
  return router;
}
