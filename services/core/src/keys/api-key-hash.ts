import { createHash, createHmac } from 'node:crypto';

/**
 * The stored form of a key: HMAC-SHA256 under the server secret when one is configured (a stolen
 * index alone then cannot even confirm a guess), else SHA-256. A key has 190 random bits, so a fast
 * hash is safe here and keeps verification off the CPU-heavy path that bcrypt/argon2 would add.
 */
export function hashApiKey(key: string, secret: string): string {
  return secret.length > 0
    ? createHmac('sha256', secret).update(key).digest('hex')
    : createHash('sha256').update(key).digest('hex');
}
