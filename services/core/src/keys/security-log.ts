import type { Client } from '@opensearch-project/opensearch';
import type { Redis } from 'ioredis';
import type { ApiKeyDoc } from './api-key.document';

/**
 * A security decision that a restore of account data must not undo: a key revoked, a key given a
 * new secret, an account deleted (with every key of it revoked).
 */
export type SecurityEvent =
  | { type: 'key.revoked'; id: string; at: string }
  | { type: 'key.rotated'; id: string; at: string; fields: Partial<ApiKeyDoc> }
  | { type: 'account.deleted'; id: string; email: string; at: string };

/**
 * The Redis stream that keeps the security log. It lives in Redis, not in an index, because a
 * restore puts the accounts and api-keys indices back as they were: a log kept beside them would be
 * rolled back with them. Never trimmed: a restore of any older snapshot replays all of it.
 */
export function securityLogKey(keyPrefix: string): string {
  return `${keyPrefix}:security-log`;
}

/** Appends one decision to the log; false when Redis could not take it (the caller goes on). */
export async function recordSecurityEvent(redis: Redis, keyPrefix: string, event: SecurityEvent): Promise<boolean> {
  try {
    await redis.xadd(securityLogKey(keyPrefix), '*', 'event', JSON.stringify(event));
    return true;
  } catch {
    return false;
  }
}

/** Every decision in the log, oldest first (throws when Redis does not answer: a restore stops). */
export async function readSecurityEvents(redis: Redis, keyPrefix: string): Promise<SecurityEvent[]> {
  const entries = await redis.xrange(securityLogKey(keyPrefix), '-', '+');
  return entries.map(([, fields]) => JSON.parse(fields[fields.indexOf('event') + 1] ?? 'null') as SecurityEvent);
}

/** What a replay re-applied. */
export interface ReplayCounts {
  revoked: number;
  rotated: number;
  accountsDeleted: number;
}

/**
 * Re-applies `events` to the given (restored, not yet served) indices: a revocation to a key still
 * live there, a rotation to a key whose secret is older than it, an account deletion to an account
 * created before it (and every key of that account). Idempotent: replaying twice changes nothing.
 */
export async function replaySecurityEvents(
  client: Client,
  indices: { apiKeys: string; accounts: string },
  events: readonly SecurityEvent[],
): Promise<ReplayCounts> {
  const counts: ReplayCounts = { revoked: 0, rotated: 0, accountsDeleted: 0 };
  const keyDoc = async (id: string) =>
    ((await client.get({ index: indices.apiKeys, id }, { ignore: [404] })).body as { _source?: ApiKeyDoc })._source;
  const revoke = async (id: string, at: string) => {
    const doc = await keyDoc(id);
    if (!doc || doc.revoked_at !== null) return;
    await client.update({ index: indices.apiKeys, id, body: { doc: { revoked_at: at } } });
    counts.revoked++;
  };
  for (const event of events) {
    if (event.type === 'key.revoked') await revoke(event.id, event.at);
    else if (event.type === 'key.rotated') {
      const doc = await keyDoc(event.id);
      if (!doc || (doc.rotated_at !== null && doc.rotated_at >= event.at)) continue;
      await client.update({ index: indices.apiKeys, id: event.id, body: { doc: event.fields } });
      counts.rotated++;
    } else {
      const res = await client.get({ index: indices.accounts, id: event.id }, { ignore: [404] });
      const account = (res.body as { _source?: { created_at?: string } })._source;
      if (account && (account.created_at ?? '') < event.at) {
        await client.delete({ index: indices.accounts, id: event.id });
        counts.accountsDeleted++;
      }
      await client.indices.refresh({ index: indices.apiKeys });
      const keys = await client.search({
        index: indices.apiKeys,
        body: { size: 1000, query: { term: { account: event.email } }, _source: ['created_at'] },
      });
      for (const hit of (keys.body.hits.hits as unknown as { _id: string; _source: { created_at: string } }[]) ?? []) {
        if (hit._source.created_at < event.at) await revoke(hit._id, event.at);
      }
    }
  }
  await client.indices.refresh({ index: [indices.apiKeys, indices.accounts].join(',') });
  return counts;
}

/**
 * The decisions the live api-keys index holds (revocations, rotations): replayed with the log, so a
 * decision whose log entry was lost (Redis down at that moment) is kept while that index exists.
 */
export async function liveKeyDecisions(client: Client, apiKeys: string): Promise<SecurityEvent[]> {
  const res = await client.search(
    {
      index: apiKeys,
      body: {
        size: 10_000,
        query: {
          bool: { should: [{ exists: { field: 'revoked_at' } }, { exists: { field: 'rotated_at' } }] },
        },
      },
    },
    { ignore: [404] },
  );
  const hits = (res.body as { hits?: { hits: { _source: ApiKeyDoc }[] } }).hits?.hits ?? [];
  return hits.flatMap(({ _source: d }): SecurityEvent[] => [
    ...(d.rotated_at
      ? [
          {
            type: 'key.rotated' as const,
            id: d.id,
            at: d.rotated_at,
            fields: {
              prefix: d.prefix,
              last4: d.last4,
              secret_hash: d.secret_hash,
              previous_secret_hash: d.previous_secret_hash,
              previous_expires_at: d.previous_expires_at,
              rotated_at: d.rotated_at,
            },
          },
        ]
      : []),
    ...(d.revoked_at ? [{ type: 'key.revoked' as const, id: d.id, at: d.revoked_at }] : []),
  ]);
}
