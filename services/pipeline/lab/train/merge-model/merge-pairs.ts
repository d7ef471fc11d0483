import { dateOnly } from '../../../src/detect/cadence';
import { clusterArticles, type ActiveTrend, type ClusterOptions } from '../../../src/detect/cluster';
import { pairFeatures, worthComparing, type PairSide } from '../../../src/detect/merge-features';
import { FIGURES_NOW, type LabelledSet } from '../../corpus/cluster-sets';

/** A pair of trends the merge pass would weigh, with its features and whether gold calls it one story. */
export interface LabelledPair {
  features: number[];
  same: boolean;
}

/**
 * Pairs of trends a learned merge would judge on one set: the trends of one clustering pass with no
 * merging, each paired with every trend founded at most `windowSeconds` before it that clears the
 * low bar of merge-features.ts, labelled same story when both trends' majority gold labels agree.
 * `o` may give the headline meaning, how many headlines make it and its floor (default: GloVe's, all).
 */
export function mergePairs(
  set: LabelledSet,
  idf: (term: string) => number,
  windowSeconds: number,
  o: Partial<Omit<ClusterOptions, 'now' | 'idf'>> = {},
): LabelledPair[] {
  const result = clusterArticles(set.articles, [], { ...o, now: FIGURES_NOW, idf, mergeThreshold: 0 });
  const majority = majorityGold(result.assignments, set.gold);
  const sides = result.touched
    .filter((t) => !dateOnly(t.first_seen))
    .sort((a, b) => a.first_seen - b.first_seen || (a.id < b.id ? -1 : 1))
    .map((t) => ({ id: t.id, side: sideOf(t) }));
  const pairs: LabelledPair[] = [];
  for (let i = 0; i < sides.length; i++) {
    const t = sides[i]!;
    for (let j = i - 1; j >= 0; j--) {
      const u = sides[j]!;
      if (t.side.first_seen - u.side.first_seen > windowSeconds * 1000) break;
      const features = pairFeatures(t.side, u.side, idf);
      if (worthComparing(features, o.meaningFloor))
        pairs.push({ features, same: majority.get(t.id) === majority.get(u.id) });
    }
  }
  return pairs;
}

/** A stored trend state as one side of a pair. */
function sideOf(t: ActiveTrend): PairSide {
  const centroid = new Map(Object.entries(t.terms));
  const meaning = t.meaning ? Float32Array.from(t.meaning) : undefined;
  return {
    first_seen: t.first_seen,
    last_seen: t.last_seen,
    article_count: t.article_count,
    centroid,
    norm: Math.sqrt([...centroid.values()].reduce((s, w) => s + w * w, 0)),
    meaning,
    meaningNorm: meaning ? Math.sqrt(meaning.reduce((s, w) => s + w * w, 0)) : 0,
    entities: new Map(Object.entries(t.entities)),
  };
}

/** The gold label most of each trend's articles carry (ties by label). */
function majorityGold(
  assignments: ReadonlyMap<string, string>,
  gold: ReadonlyMap<string, string>,
): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const [article, trend] of assignments) {
    const c = counts.get(trend) ?? new Map<string, number>();
    const g = gold.get(article)!;
    counts.set(trend, c.set(g, (c.get(g) ?? 0) + 1));
  }
  const out = new Map<string, string>();
  for (const [trend, c] of counts) out.set(trend, [...c].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]);
  return out;
}
