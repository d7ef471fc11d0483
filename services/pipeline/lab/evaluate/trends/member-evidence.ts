import type { DetectArticle } from '../../../src/detect/cluster';
import { normaliseText } from '../../../src/text/normalise-text';
import { dot } from '../../../src/text/word-vectors';

/** Cross-similarity thresholds at which a later member counts as a near-paraphrase of an earlier one. */
export const NEAR_COSINES = [0.7, 0.75, 0.8, 0.85, 0.9] as const;
/** Highest cross similarities averaged (topMean). */
export const TOP_K = 10;
/** Members read at each trend's edge: the earlier's latest, the later's earliest (edge). */
export const EDGE_MEMBERS = 5;

/**
 * What two trends' whole member sets say of one story against two (earlier `a`, later `b`), from
 * the sentence embeddings of every member's headline rather than of the few central ones: a story
 * re-told the next day should hold headlines that paraphrase the earlier day's, a subject's next
 * event should not.
 */
export interface MemberEvidence {
  /** Per NEAR_COSINES threshold: share of b's distinct headlines whose nearest headline of a is at least that close. */
  nearShare: number[];
  /** The same, of a's distinct headlines against b's. */
  nearShareBack: number[];
  /** Mean over b's distinct headlines of the cosine to their nearest headline of a. */
  meanNearest: number;
  /** Mean of the TOP_K highest cosines between b's headlines and their nearest of a. */
  topMean: number;
  /** Mean over b's EDGE_MEMBERS earliest headlines of the cosine to the nearest of a's EDGE_MEMBERS latest. */
  edge: number;
  /** Mean over b's EDGE_MEMBERS earliest headlines of the cosine to the nearest of a's EDGE_MEMBERS earliest (a's event as first told). */
  origin: number;
  /**
   * meanNearest less the mean over b's headlines of the cosine to their nearest other headline of b:
   * how much farther a's headlines lie than b's own (0: as close as b's own; a loose trend's own
   * members lie far apart too).
   */
  relative: number;
  /** Distinct headlines read of a and b. */
  sizes: [number, number];
}

/** A trend's distinct normalised headlines, earliest member first. */
export function distinctHeadlines(members: readonly DetectArticle[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of [...members].sort((x, y) => x.time - y.time || (x.id < y.id ? -1 : 1))) {
    const t = normaliseText(m.title);
    if (t === '' || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  return out;
}

/** Cosine of each of `from` to its nearest of `to` (-1 when `to` is empty). */
function nearest(from: readonly Float32Array[], to: readonly Float32Array[]): number[] {
  return from.map((x) => to.reduce((best, y) => Math.max(best, dot(x, y)), -1));
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

/**
 * The member evidence of earlier `a` and later `b` (headlines from distinctHeadlines, earliest
 * first); undefined when either has no embedded headline.
 */
export function memberEvidence(
  a: readonly string[],
  b: readonly string[],
  embed: (text: string) => Float32Array | undefined,
): MemberEvidence | undefined {
  const va = a.map(embed).filter((v) => v !== undefined);
  const vb = b.map(embed).filter((v) => v !== undefined);
  if (va.length === 0 || vb.length === 0) return undefined;
  const forward = nearest(vb, va);
  const back = nearest(va, vb);
  const share = (xs: number[], t: number): number => xs.filter((x) => x >= t).length / xs.length;
  const top = [...forward].sort((x, y) => y - x).slice(0, TOP_K);
  const edge = nearest(vb.slice(0, EDGE_MEMBERS), va.slice(-EDGE_MEMBERS));
  const origin = nearest(vb.slice(0, EDGE_MEMBERS), va.slice(0, EDGE_MEMBERS));
  const own = vb.map((x, i) => nearest([x], [...vb.slice(0, i), ...vb.slice(i + 1)])[0]!);
  return {
    nearShare: NEAR_COSINES.map((t) => share(forward, t)),
    nearShareBack: NEAR_COSINES.map((t) => share(back, t)),
    meanNearest: mean(forward),
    topMean: mean(top),
    edge: mean(edge),
    origin: mean(origin),
    relative: vb.length > 1 ? mean(forward) - mean(own) : 0,
    sizes: [va.length, vb.length],
  };
}
