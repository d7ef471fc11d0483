import type { FragmentView } from './merge-fragments';
import { dot, topTerms, type TermVector } from './term-vector';

/** Options of lateMerges; defaults live in DEFAULT_CLUSTER_OPTIONS. */
export interface LateMergeOptions {
  /** Least centroid cosine for two trends founded apart to be one story (0 switches late merges off). */
  lateMergeCosine: number;
  /** A trend joins one whose last report is at most this many hours before it was founded. */
  lateMergeHours: number;
  /** Named entities the two must share (a story is about someone or something named). */
  lateMergeEntities: number;
  /** The later trend has at most this many articles: a fragment, not a story of its own reported again. */
  lateMergeMaxArticles: number;
}

/** Heaviest centroid terms a trend is looked up by, and looks up with. */
const KEY_TERMS = 8;

/**
 * Joins trends of one story founded hours or days apart, which the fragment merge (founded within
 * a minute) never brings together: a story split by incremental detection runs (a fragment founded
 * in this run, `stored` false, joins a trend an earlier run stored). Trends in order of founding; each joins the earlier group (whose last
 * report is at most lateMergeHours before it was founded) sharing one of its heaviest terms whose
 * summed centroid is closest, when the cosine reaches lateMergeCosine and they share
 * lateMergeEntities named entities. The earliest-founded trend of a group survives, so ids already
 * served keep serving. Returns absorbed id -> surviving id. Deterministic for a given input.
 */
export function lateMerges(trends: readonly FragmentView[], o: LateMergeOptions): Map<string, string> {
  const merged = new Map<string, string>();
  if (o.lateMergeCosine <= 0) return merged;
  const window = o.lateMergeHours * 3_600_000;
  const order = [...trends].sort((a, b) => a.first_seen - b.first_seen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const groups: LateGroup[] = [];
  const postings = new Map<string, Set<number>>();
  const index = (g: LateGroup, at: number): void => {
    for (const term of topTerms(g.centroid, KEY_TERMS).keys()) {
      let set = postings.get(term);
      if (!set) postings.set(term, (set = new Set()));
      set.add(at);
    }
  };
  for (const t of order) {
    const tNorm = Math.sqrt(dot(t.centroid, t.centroid));
    if (tNorm === 0) continue;
    // Only a fragment founded in this run joins a trend of an earlier run: within one run the
    // single pass and the fragment merge have already judged the pair (and UCI's gold stories
    // treat a story surfacing again hours later as another story).
    const fragment = t.article_count <= o.lateMergeMaxArticles && !t.stored;
    const candidates = new Set<number>();
    for (const term of topTerms(t.centroid, KEY_TERMS).keys())
      for (const at of postings.get(term) ?? []) candidates.add(at);
    let best = -1;
    let bestCosine = o.lateMergeCosine;
    for (const at of fragment ? [...candidates].sort((a, b) => a - b) : []) {
      const g = groups[at]!;
      if (!g.stored || t.first_seen - g.last_seen > window) continue;
      const cosine = dot(t.centroid, g.centroid) / (tNorm * g.norm);
      if (cosine < bestCosine || sharedEntities(t.entities, g.entities) < o.lateMergeEntities) continue;
      best = at;
      bestCosine = cosine;
    }
    if (best < 0) {
      const g: LateGroup = {
        id: t.id,
        last_seen: t.last_seen,
        centroid: new Map(t.centroid),
        norm: tNorm,
        entities: new Set(t.entities?.keys() ?? []),
        stored: t.stored === true,
      };
      groups.push(g);
      index(g, groups.length - 1);
      continue;
    }
    const g = groups[best]!;
    for (const [term, w] of t.centroid) g.centroid.set(term, (g.centroid.get(term) ?? 0) + w);
    g.norm = Math.sqrt(dot(g.centroid, g.centroid));
    g.last_seen = Math.max(g.last_seen, t.last_seen);
    for (const e of t.entities?.keys() ?? []) g.entities.add(e);
    index(g, best);
    merged.set(t.id, g.id);
  }
  return merged;
}

/** Trends joined so far: the survivor's id, the sums of their centroids and entities. */
interface LateGroup {
  id: string;
  last_seen: number;
  centroid: TermVector;
  norm: number;
  entities: Set<string>;
  /** Whether the group's surviving trend was stored by an earlier run. */
  stored: boolean;
}

function sharedEntities(a: ReadonlyMap<string, number> | undefined, b: ReadonlySet<string>): number {
  let n = 0;
  for (const e of a?.keys() ?? []) if (b.has(e)) n++;
  return n;
}
