import { dateOnly } from './cadence';
import { dot, type TermVector } from './term-vector';

/** What the merge pass needs of a trend: when it was founded and its summed term centroid. */
export interface FragmentView {
  id: string;
  first_seen: number;
  centroid: TermVector;
}

/** Options of mergeFragments; defaults live in DEFAULT_CLUSTER_OPTIONS. */
export interface MergeOptions {
  /** Least cosine between a fragment's centroid and its story's centroid (0 switches merging off). */
  mergeThreshold: number;
  /** Fragments founded at most this long after the story's first fragment can join it. */
  mergeWindowSeconds: number;
}

/** Story groups looked back at per fragment: bounds the work when many trends start at once. */
const LOOKBACK = 64;

/**
 * Joins fragments of one story: trends founded within mergeWindowSeconds of each other whose
 * centroids agree (cosine >= mergeThreshold). The single pass splits a burst of reports when its
 * first headlines share few words ("RBI gets EC approval for bank licences" / "Not worried about
 * rupee: Rajan"); later reports of the burst then feed each fragment. Trends in order of founding;
 * each joins the group (founded within the window) whose summed centroid it is closest to; the
 * earliest-founded trend of a group survives, so an id already served keeps serving. A date
 * without time of day says nothing about closeness: such trends are never merged. Returns
 * absorbed id -> surviving id. Linear: a fragment looks back at no more than LOOKBACK groups.
 */
export function mergeFragments(trends: readonly FragmentView[], o: MergeOptions): Map<string, string> {
  const merged = new Map<string, string>();
  if (o.mergeThreshold <= 0) return merged;
  const window = o.mergeWindowSeconds * 1000;
  const order = [...trends].sort((a, b) => a.first_seen - b.first_seen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const groups: { id: string; first_seen: number; centroid: TermVector; norm: number }[] = [];
  for (const t of order) {
    const tNorm = Math.sqrt(dot(t.centroid, t.centroid));
    let best: (typeof groups)[number] | null = null;
    let bestSim = 0;
    if (!dateOnly(t.first_seen) && tNorm > 0) {
      for (let i = groups.length - 1; i >= Math.max(0, groups.length - LOOKBACK); i--) {
        const g = groups[i]!;
        if (t.first_seen - g.first_seen > window) break;
        const sim = dot(t.centroid, g.centroid) / (tNorm * g.norm);
        if (sim >= o.mergeThreshold && sim > bestSim) {
          best = g;
          bestSim = sim;
        }
      }
    }
    if (!best) {
      if (!dateOnly(t.first_seen) && tNorm > 0) {
        groups.push({ id: t.id, first_seen: t.first_seen, centroid: new Map(t.centroid), norm: tNorm });
      }
      continue;
    }
    for (const [term, w] of t.centroid) best.centroid.set(term, (best.centroid.get(term) ?? 0) + w);
    best.norm = Math.sqrt(dot(best.centroid, best.centroid));
    merged.set(t.id, best.id);
  }
  return merged;
}
