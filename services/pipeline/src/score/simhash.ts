import { words } from '../text/tokenize';

/** Words per shingle: three-word shingles make reordered paragraphs still look alike. */
const SHINGLE = 3;

/**
 * 64-bit SimHash (Charikar) of a text as 16 hex characters. Syndicated copies of one report
 * differ in a few bits only (see hammingDistance), unrelated texts in about 32.
 */
export function simhash(text: string): string {
  const tokens = words(text).map((w) => w.toLowerCase());
  const counts = new Int32Array(64);
  const features: string[] = [];
  if (tokens.length < SHINGLE) features.push(...tokens);
  else
    for (let i = 0; i + SHINGLE <= tokens.length; i++) features.push(`${tokens[i]} ${tokens[i + 1]} ${tokens[i + 2]}`);
  for (const f of features) {
    const hi = hash32(f, 0x811c9dc5);
    const lo = hash32(f, 0x01000193 ^ 0x9e3779b9);
    for (let bit = 0; bit < 32; bit++) {
      counts[bit]! += (hi >>> bit) & 1 ? 1 : -1;
      counts[bit + 32]! += (lo >>> bit) & 1 ? 1 : -1;
    }
  }
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (counts[bit]! > 0) hi |= 1 << bit;
    if (counts[bit + 32]! > 0) lo |= 1 << bit;
  }
  return hex32(hi) + hex32(lo);
}

/** Number of differing bits between two 16-hex-character SimHashes (0..64). */
export function hammingDistance(a: string, b: string): number {
  if (!/^[0-9a-f]{16}$/i.test(a) || !/^[0-9a-f]{16}$/i.test(b)) throw new RangeError('simhash must be 16 hex chars');
  return (
    popcount32(Number.parseInt(a.slice(0, 8), 16) ^ Number.parseInt(b.slice(0, 8), 16)) +
    popcount32(Number.parseInt(a.slice(8), 16) ^ Number.parseInt(b.slice(8), 16))
  );
}

/** Two reports are the same (syndicated) when their SimHashes differ in at most this many bits. */
export const NEAR_DUPLICATE_BITS = 3;

/** FNV-1a over UTF-16 code units with a final avalanche (murmur3 fmix32), seeded. */
function hash32(s: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function popcount32(x: number): number {
  let v = x >>> 0;
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

function hex32(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0');
}

/**
 * Finds near-duplicates among many SimHashes without comparing all pairs: a hash is filed under
 * its four 16-bit bands; two hashes within NEAR_DUPLICATE_BITS (3) bits share at least one band
 * exactly (pigeonhole), so only hashes sharing a band are compared.
 */
export class NearDuplicateIndex<T> {
  private readonly bands = new Map<string, { hash: string; value: T }[]>();

  /** Files a hash with a value. */
  add(hash: string, value: T): void {
    for (const key of bandKeys(hash)) {
      const list = this.bands.get(key);
      if (list) list.push({ hash, value });
      else this.bands.set(key, [{ hash, value }]);
    }
  }

  /** Values of the filed hashes within NEAR_DUPLICATE_BITS of `hash` (each once, in filing order). */
  near(hash: string): T[] {
    const out = new Set<T>();
    for (const key of bandKeys(hash)) {
      for (const e of this.bands.get(key) ?? [])
        if (hammingDistance(e.hash, hash) <= NEAR_DUPLICATE_BITS) out.add(e.value);
    }
    return [...out];
  }
}

function bandKeys(hash: string): string[] {
  return [0, 1, 2, 3].map((b) => `${b}:${hash.slice(b * 4, b * 4 + 4).toLowerCase()}`);
}

/** True for a well-formed 16-hex-character SimHash. */
export function isSimhash(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[0-9a-f]{16}$/i.test(value);
}
