/**
 * What two trends' members share beyond their central headlines (at-once-pairs.ts,
 * stored-pair-evidence.ts): whether the reports on both sides carry the same key phrases and rare
 * words ("migraine" in 30 of 36 FDA device reports split in two), and whether one near-duplicate
 * family (a syndicated report's copies) spans the pair. Measured to separate one story told in
 * other words in the same hours from two stories of one subject (docs/lab-notes/trends.md).
 */
import { keyPhrases } from '../../src/detect/key-phrases';
import { hammingDistance, NEAR_DUPLICATE_BITS, simhash } from '../../src/score/simhash';
import { contentTerms } from '../../src/text/tokenize';
import { normaliseText } from '../../src/text/normalise-text';

/** A member as the measures read it: its headline, its lead, and its stored SimHash when it has one (else taken over both). */
export interface OverlapMember {
  title: string;
  text: string;
  simhash?: string | null;
}

/** Least idf of a word counted as rare (the background idf: "device" 6.3, "fda" 6.9, "spacex" 7.4, "migraine" 8.2). */
export const RARE_IDF = 7.5;

export interface PairOverlap {
  /** Share of the two sides' key phrases (8 each, over their member headlines) the other side's headlines hold. */
  phrases: number;
  /** Share of the rare words a quarter of one side's headlines carry (at least 2) that a quarter of the other's carry too (idf-weighted). */
  rare: number;
  /** Share of all members whose SimHash is within NEAR_DUPLICATE_BITS of a member on the other side. */
  family: number;
}

/** The three shares of a pair of trends' members (0 when a side has nothing to share). */
export function pairOverlap(
  a: readonly OverlapMember[],
  b: readonly OverlapMember[],
  idf: (term: string) => number,
): PairOverlap {
  const headlines = (side: readonly OverlapMember[]): string[] =>
    side.map((m) => normaliseText(m.title)).filter((t) => t !== '');
  const [ha, hb] = [headlines(a), headlines(b)];
  const joined = (list: readonly string[]): string[] => list.map((h) => ` ${contentWords(h).join(' ')} `);
  const [ja, jb] = [joined(ha), joined(hb)];
  let held = 0;
  let phrases = 0;
  for (const [own, other] of [
    [ha, jb],
    [hb, ja],
  ] as const) {
    for (const p of keyPhrases(own, idf)) {
      phrases++;
      const key = ` ${contentWords(p.key).join(' ')} `;
      if (key.trim() !== '' && other.some((h) => h.includes(key))) held++;
    }
  }
  const [ra, rb] = [rareWords(ha, idf), rareWords(hb, idf)];
  const union = new Set([...ra, ...rb]);
  const weight = (words: Iterable<string>): number => [...words].reduce((s, w) => s + idf(w), 0);
  const rare = union.size === 0 ? 0 : weight([...ra].filter((w) => rb.has(w))) / weight(union);
  const hashes = (side: readonly OverlapMember[]): string[] =>
    side.map((m) => m.simhash || simhash(`${m.title}\n${m.text}`));
  const [sa, sb] = [hashes(a), hashes(b)];
  const inFamily = (own: readonly string[], other: readonly string[]): number =>
    own.filter((h) => other.some((o) => hammingDistance(h, o) <= NEAR_DUPLICATE_BITS)).length;
  const members = a.length + b.length;
  return {
    phrases: phrases === 0 ? 0 : held / phrases,
    rare,
    family: members === 0 ? 0 : (inFamily(sa, sb) + inFamily(sb, sa)) / members,
  };
}

/** A headline's content words, lowercased, in order (phrases are matched as word sequences). */
function contentWords(text: string): string[] {
  return contentTerms(text.toLowerCase());
}

/** Rare words (idf >= RARE_IDF) that at least a quarter of the headlines carry, and at least two. */
function rareWords(headlines: readonly string[], idf: (term: string) => number): Set<string> {
  const counts = new Map<string, number>();
  for (const h of headlines) for (const w of new Set(contentWords(h))) counts.set(w, (counts.get(w) ?? 0) + 1);
  const least = Math.max(2, Math.ceil(headlines.length / 4));
  return new Set([...counts].filter(([w, n]) => n >= least && idf(w) >= RARE_IDF).map(([w]) => w));
}
