import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  apiKeyNameProblem,
  createApiKey,
  NotFoundError,
  readQuotaUsage,
  readUsageHistory,
  revokeApiKey,
  rotateApiKey,
  type ApiKeyDoc,
} from '@trendscope/core';
import type { ConsoleContext } from '../console-deps';
import { keyDetailPage, keyLabel, keyShownPage, keysPage, revokeConfirmPage, type KeyRow } from '../pages/keys.pages';
import type { Session } from '../sessions/session-store';
import { field, frameFor, requireCsrf, seeOther, sendPage } from './request-helpers';

/** Grace periods the console offers for a rotation, in seconds. */
const GRACE_CHOICES = new Set([0, 3600, 86_400]);
/**
 * The grace of a rotation that names none (or a value not offered): an hour, so agents running
 * with the current secret keep working while they are given the new one. Refusing the current
 * secret at once (a leak) is an explicit choice.
 */
export const DEFAULT_ROTATION_GRACE_SECONDS = 3600;

const NOTICES: Record<string, string> = { revoked: 'The key is revoked.' };

/** The signed-in session (set by the router's session middleware). */
function sessionOf(ctx: Context): Session {
  return ctx.state.session as Session;
}

/**
 * A key of this account, live unless `revokedToo` (a revoked key stays visible with its usage, but
 * cannot be rotated or revoked again); another account's key is "not found", never "forbidden".
 */
async function ownedKey(c: ConsoleContext, session: Session, id: string, revokedToo = false): Promise<ApiKeyDoc> {
  const doc = /^key_[a-z0-9]{16}$/.test(id) ? await c.keys.repo.get(id) : null;
  if (!doc || doc.account !== session.email || (doc.revoked_at !== null && !revokedToo))
    throw new NotFoundError('There is no such key.');
  return doc;
}

async function rowOf(c: ConsoleContext, doc: ApiKeyDoc, nowMs: number): Promise<KeyRow> {
  const used = await readQuotaUsage(c.keys.redis, c.keys.keyPrefix, `k:${doc.id}`, nowMs);
  return {
    doc,
    limits: { perMinute: doc.per_minute ?? c.registered.perMinute, perDay: doc.per_day ?? c.registered.perDay },
    ...used,
  };
}

/** The keys list, create, detail (usage), rotate and revoke. */
export function addKeyRoutes(router: Router, c: ConsoleContext): void {
  const apiBase = c.config.api.publicUrl.replace(/\/$/, '');

  const renderList = async (ctx: Context, error: string | null, status = 200): Promise<void> => {
    const session = sessionOf(ctx);
    const docs = await c.keys.repo.list({ account: session.email, includeRevoked: true });
    const now = Date.now();
    const rows = await Promise.all(docs.map((d) => rowOf(c, d, now)));
    const frame = {
      ...frameFor(ctx, c, 'API keys', session),
      error,
      notice: NOTICES[String(ctx.query.notice)] ?? null,
    };
    sendPage(ctx, keysPage(frame, rows, apiBase, c.registered), status);
  };

  router.get('/keys', (ctx) => renderList(ctx, null));

  router.post('/keys', async (ctx) => {
    requireCsrf(ctx, c);
    const name = field(ctx, 'name');
    const problem = apiKeyNameProblem(name);
    if (problem) {
      await renderList(ctx, problem, 422);
      return;
    }
    const session = sessionOf(ctx);
    const issued = await createApiKey(c.keys, { name, account: session.email });
    sendPage(ctx, keyShownPage(frameFor(ctx, c, 'Your new key', session), issued.doc, issued.key, apiBase));
  });

  router.get('/keys/:id', async (ctx) => {
    const session = sessionOf(ctx);
    const doc = await ownedKey(c, session, ctx.params.id ?? '', true);
    const now = Date.now();
    const history = await readUsageHistory(c.keys.redis, c.keys.keyPrefix, doc.id, now, 30);
    sendPage(ctx, keyDetailPage(frameFor(ctx, c, doc.name, session), await rowOf(c, doc, now), history));
  });

  router.post('/keys/:id/rotate', async (ctx) => {
    requireCsrf(ctx, c);
    const session = sessionOf(ctx);
    const doc = await ownedKey(c, session, ctx.params.id ?? '');
    const given = field(ctx, 'grace');
    const grace = given === '' ? Number.NaN : Number(given);
    const issued = await rotateApiKey(
      c.keys,
      doc.id,
      GRACE_CHOICES.has(grace) ? grace : DEFAULT_ROTATION_GRACE_SECONDS,
    );
    sendPage(
      ctx,
      keyShownPage(frameFor(ctx, c, `New secret for ${doc.name}`, session), issued.doc, issued.key, apiBase),
    );
  });

  router.get('/keys/:id/revoke', async (ctx) => {
    const session = sessionOf(ctx);
    const doc = await ownedKey(c, session, ctx.params.id ?? '');
    sendPage(ctx, revokeConfirmPage(frameFor(ctx, c, `Revoke ${keyLabel(doc)}`, session), doc));
  });

  router.post('/keys/:id/revoke', async (ctx) => {
    requireCsrf(ctx, c);
    const doc = await ownedKey(c, sessionOf(ctx), ctx.params.id ?? '');
    await revokeApiKey(c.keys, doc.id);
    seeOther(ctx, '/console/keys?notice=revoked');
  });
}
