import { createHash } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Stable trend id: `tr_` + 16 base32 characters ([a-z2-7]) of SHA-256(founding article id). Ids
 * of founding articles are unique, so an id is never reused for another trend.
 */
export function trendIdFor(foundingArticleId: string): string {
  const digest = createHash('sha256').update(foundingArticleId).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 16) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= 16) break;
  }
  return `tr_${out}`;
}
