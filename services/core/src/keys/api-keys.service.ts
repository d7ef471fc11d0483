import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { NotFoundError } from '../errors/app-error';
import { announceApiKeyChange } from './api-key-events';
import { recordSecurityEvent } from './security-log';
import { apiKeyHint, generateApiKey } from './api-key-format';
import { hashApiKey } from './api-key-hash';
import type { ApiKeyRepository } from './api-key.repository';
import type { ApiKeyDoc } from './api-key.document';

/** What creating, rotating and revoking keys needs. */
export interface ApiKeyServiceDeps {
  repo: ApiKeyRepository;
  hashSecret: string;
  /** Where rotations and revocations are announced to the API processes. */
  redis: Redis;
  keyPrefix: string;
  now?: () => Date;
}

/** A key document and its plaintext secret: the only moment the secret exists. */
export interface IssuedApiKey {
  doc: ApiKeyDoc;
  key: string;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new stable key id (`key_` + 16 random characters), separate from any secret. */
export function newApiKeyId(): string {
  let id = 'key_';
  for (let i = 0; i < 16; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** Creates a key; its secret is returned once and stored only as a hash. */
export async function createApiKey(
  deps: ApiKeyServiceDeps,
  input: { name: string; account?: string | null; perMinute?: number | null; perDay?: number | null },
): Promise<IssuedApiKey> {
  const key = generateApiKey();
  const doc: ApiKeyDoc = {
    id: newApiKeyId(),
    name: input.name.trim(),
    account: input.account ? input.account.trim().toLowerCase() : null,
    ...apiKeyHint(key),
    secret_hash: hashApiKey(key, deps.hashSecret),
    previous_secret_hash: null,
    previous_expires_at: null,
    per_minute: input.perMinute ?? null,
    per_day: input.perDay ?? null,
    created_at: (deps.now?.() ?? new Date()).toISOString(),
    rotated_at: null,
    last_used_at: null,
    revoked_at: null,
  };
  await deps.repo.insert(doc);
  return { doc, key };
}

/** A key that exists and is not revoked, else NotFoundError. */
async function liveKey(deps: ApiKeyServiceDeps, id: string): Promise<ApiKeyDoc> {
  const doc = await deps.repo.get(id);
  if (!doc || doc.revoked_at !== null) throw new NotFoundError('API key not found (or already revoked)');
  return doc;
}

/**
 * Gives key `id` a new secret, keeping its id, ceilings and usage. The previous secret keeps
 * working for `graceSeconds` (0: refused at once); a secret older than that is dropped now.
 */
export async function rotateApiKey(deps: ApiKeyServiceDeps, id: string, graceSeconds: number): Promise<IssuedApiKey> {
  const current = await liveKey(deps, id);
  const now = deps.now?.() ?? new Date();
  const key = generateApiKey();
  const fields: Partial<ApiKeyDoc> = {
    ...apiKeyHint(key),
    secret_hash: hashApiKey(key, deps.hashSecret),
    previous_secret_hash: graceSeconds > 0 ? current.secret_hash : null,
    previous_expires_at: graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000).toISOString() : null,
    rotated_at: now.toISOString(),
  };
  await deps.repo.update(id, fields);
  // Logged where a restore of the api-keys index cannot roll it back (security-log.ts).
  await recordSecurityEvent(deps.redis, deps.keyPrefix, { type: 'key.rotated', id, at: fields.rotated_at!, fields });
  await announceApiKeyChange(deps.redis, deps.keyPrefix);
  return { doc: { ...current, ...fields }, key };
}

/** Revokes key `id`: every API process refuses it within a second. */
export async function revokeApiKey(deps: ApiKeyServiceDeps, id: string): Promise<ApiKeyDoc> {
  const current = await liveKey(deps, id);
  const fields: Partial<ApiKeyDoc> = { revoked_at: (deps.now?.() ?? new Date()).toISOString() };
  await deps.repo.update(id, fields);
  await recordSecurityEvent(deps.redis, deps.keyPrefix, { type: 'key.revoked', id, at: fields.revoked_at! });
  await announceApiKeyChange(deps.redis, deps.keyPrefix);
  return { ...current, ...fields };
}
