import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** Every key starts with this, so secret scanners recognise a leaked one. */
export const API_KEY_PREFIX = 'ts_live_';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

/** Length of a well-formed key. */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;

/** `n` in base62, left-padded with zeros to `width` characters. */
export function toBase62(n: number, width: number): string {
  let out = '';
  let rest = n;
  while (rest > 0) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/** The 6-character checksum of everything before it: CRC32 in base62 (GitHub's token scheme). */
export function apiKeyChecksum(body: string): string {
  return toBase62(crc32(body), CHECKSUM_LENGTH);
}

/** A new key: prefix, 32 uniformly random base62 characters (190 bits), checksum. */
export function generateApiKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  const body = `${API_KEY_PREFIX}${random}`;
  return `${body}${apiKeyChecksum(body)}`;
}

/** True when `key` has the format and a matching checksum: anything else is refused unlooked-up. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  return apiKeyChecksum(body) === key.slice(-CHECKSUM_LENGTH);
}

/** What may be shown of a key after creation: its first 12 characters and its last 4. */
export function apiKeyHint(key: string): { prefix: string; last4: string } {
  return { prefix: key.slice(0, API_KEY_PREFIX.length + 4), last4: key.slice(-4) };
}
