import type { Redis } from 'ioredis';

/**
 * The key generation: a counter bumped after any key is rotated or revoked. API processes read it
 * at most every quarter second and drop their cached verifications when it has moved (as they do
 * for answers with the data generation), so a change is refused everywhere within a second.
 */
export function apiKeyGenerationKey(keyPrefix: string): string {
  return `${keyPrefix}:api-keys:generation`;
}

/**
 * Announces a rotation or revocation. False when Redis could not be told; processes then drop
 * the key when their cache entry expires (API_KEY_CACHE_TTL_SECONDS).
 */
export async function announceApiKeyChange(redis: Redis, keyPrefix: string): Promise<boolean> {
  try {
    await redis.incr(apiKeyGenerationKey(keyPrefix));
    return true;
  } catch {
    return false;
  }
}

/** The current key generation ('0' before any change), or null when Redis does not answer. */
export async function readApiKeyGeneration(redis: Redis, keyPrefix: string): Promise<string | null> {
  try {
    return (await redis.get(apiKeyGenerationKey(keyPrefix))) ?? '0';
  } catch {
    return null;
  }
}
