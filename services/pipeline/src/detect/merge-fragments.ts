import { dateOnly } from './cadence';
import { pairFeatures, RARE_IDF, worthComparing, type PairSide } from './merge-features';
import { loadMergeModel, mergeProbability, type MergeModel } from './merge-model';
import { dot, sharedTerms, type TermVector } from './term-vector';
import { dot as denseDot } from '../text/word-vectors';

/** What the merge pass needs of a trend: when it was founded, its size and summed centroids. */
export interface FragmentView {
  id: string;
  first_seen: number;
  last_seen: number;
  article_count: number;
  centroid: TermVector;
  /** Sum of its headlines' meaning vectors (headline-meaning.ts), when meaning or learned merges are on. */
  meaning?: Float32Array;
  /** Named entities of its articles (a meaning merge can require some in common). */
  entities?: ReadonlyMap<string, number>;
}

/** Options of mergeFragments; defaults live in DEFAULT_CLUSTER_OPTIONS. */
export interface MergeOptions {
  /** Least cosine between a fragment's centroid and its story's centroid (0 switches merging off). */
  mergeThreshold: number;
  /** Fragments founded at most this long after the story's first fragment can join it. */
  mergeWindowSeconds: number;
  /**
   * Least cosine between headline meanings (word vectors) for fragments whose words do not agree
   * ("AIDS walk" / "HIV"); 0 switches this off.
   */
  meaningThreshold: number;
  /** A meaning merge needs one side to have at most this many articles (a fragment, not two stories). */
  meaningMaxArticles: number;
  /** Named entities two fragments must share for a meaning merge (0: none needed). */
  meaningSharedEntities: number;
  /**
   * Two trends of one article each are joined by meaning or by the learned model only when they
   * share a content term or a named entity: two lone headlines with nothing in common but a loose
   * meaning and a minute are no story a reader could see ("i Need Media" / "5 Things to Know This
   * Morning").
   */
  lonePairsNeedWords: boolean;
  /**
   * Two trends of one article each are joined by the learned model only when they share a rare
   * term (background idf >= RARE_IDF) or a named entity. Judged at a settle time (mergeSettleMinutes)
   * the model sees lone pairs its fit on grown trends rarely held, and two headlines of one instant
   * sharing two common words pass it ("Google enables Pixel Visual Core for better Instagram,
   * Snapchat photos" / "Top Female Music Executives Send Rebuke to Grammys Leadership").
   */
  lonePairsNeedRareWords?: boolean;
  /**
   * Meaning cosine from which a pair with no shared word or name is weighed by the learned model
   * (default MEANING_FLOOR, on the GloVe meanings' scale; another meaning source has its own).
   */
  meaningFloor?: number;
  /** Also join a pair the learned merge model (merge-model.ts) calls one story. */
  learnedMerge: boolean;
  /** Probability above which the learned model joins a pair (default: the model's own threshold). */
  learnedMergeThreshold?: number;
  /** The learned model (default: the committed one). */
  mergeModel?: MergeModel;
  /**
   * Minutes after a trend's founding at which its merge is judged, once, on the states of that
   * moment (clusterArticles, in the order of the reports; 0: one pass over the end states). A run
   * whose clock has not reached that point leaves the trend to a later run: the same reports give
   * the same merges however they are cut into runs.
   */
  mergeSettleMinutes?: number;
}

/** Story groups looked back at per fragment: bounds the work when many trends start at once. */
const LOOKBACK = 64;

/**
 * Joins fragments of one story: trends founded within mergeWindowSeconds of each other whose
 * centroids agree (cosine >= mergeThreshold), whose headline meanings agree, or that the learned
 * model (merge-model.ts) calls one story. The single pass splits a burst of reports when its
 * first headlines share few words ("RBI gets EC approval for bank licences" / "Not worried about
 * rupee: Rajan"); later reports of the burst then feed each fragment. Trends in order of founding;
 * each joins the group (founded within the window) whose summed centroid it is closest to; the
 * earliest-founded trend of a group survives, so an id already served keeps serving. A date
 * without time of day says nothing about closeness: such trends are never merged. Returns
 * absorbed id -> surviving id. Linear: a fragment looks back at no more than LOOKBACK groups.
 */
export function mergeFragments(
  trends: readonly FragmentView[],
  o: MergeOptions,
  idf: (term: string) => number,
): Map<string, string> {
  const merged = new Map<string, string>();
  if (o.mergeThreshold <= 0) return merged;
  const judge = mergeJudge(o, idf);
  const window = o.mergeWindowSeconds * 1000;
  const order = [...trends].sort((a, b) => a.first_seen - b.first_seen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const groups: Group[] = [];
  for (const t of order) {
    const tSide = fragmentSide(t, judge);
    const { norm: tNorm, meaning: tMeaning, meaningNorm: tMeaningNorm } = tSide;
    let best: Group | null = null;
    let bestScore = 0;
    if (!dateOnly(t.first_seen) && tNorm > 0) {
      for (let i = groups.length - 1; i >= Math.max(0, groups.length - LOOKBACK); i--) {
        const g = groups[i]!;
        if (t.first_seen - g.first_seen > window) break;
        const score = pairScore(tSide, g, judge);
        if (score >= 1 && score > bestScore) {
          best = g;
          bestScore = score;
        }
      }
    }
    if (!best) {
      if (!dateOnly(t.first_seen) && tNorm > 0) {
        groups.push({
          id: t.id,
          first_seen: t.first_seen,
          last_seen: t.last_seen,
          article_count: t.article_count,
          centroid: new Map(t.centroid),
          norm: tNorm,
          meaning: tMeaning ? Float32Array.from(tMeaning) : undefined,
          meaningNorm: tMeaningNorm,
          entities: new Set(t.entities?.keys() ?? []),
        });
      }
      continue;
    }
    for (const [term, w] of t.centroid) best.centroid.set(term, (best.centroid.get(term) ?? 0) + w);
    best.norm = Math.sqrt(dot(best.centroid, best.centroid));
    best.article_count += t.article_count;
    best.last_seen = Math.max(best.last_seen, t.last_seen);
    if (tMeaning) {
      if (!best.meaning) best.meaning = Float32Array.from(tMeaning);
      else for (let i = 0; i < tMeaning.length; i++) best.meaning[i]! += tMeaning[i]!;
      best.meaningNorm = Math.sqrt(denseDot(best.meaning, best.meaning));
    }
    for (const e of t.entities?.keys() ?? []) best.entities.add(e);
    merged.set(t.id, best.id);
  }
  return merged;
}

/** What judging a pair needs besides the pair: the options, the learned model and its threshold, the idf. */
export interface MergeJudge {
  o: MergeOptions;
  model: MergeModel | undefined;
  learnedThreshold: number;
  idf: (term: string) => number;
}

/** The judge of mergeFragments' pairs (loads the committed model when learned merges are on and none is given). */
export function mergeJudge(o: MergeOptions, idf: (term: string) => number): MergeJudge {
  const model = o.learnedMerge ? (o.mergeModel ?? loadMergeModel()) : undefined;
  return { o, model, learnedThreshold: model ? (o.learnedMergeThreshold ?? model.threshold) : 1, idf };
}

/** A fragment as a pair's side: its norms, and its meaning only when meanings are judged. */
export function fragmentSide(t: FragmentView, judge: MergeJudge): PairSide {
  const meaning = (judge.o.meaningThreshold > 0 || judge.model) && t.meaning ? t.meaning : undefined;
  return {
    ...t,
    norm: Math.sqrt(dot(t.centroid, t.centroid)),
    meaning,
    meaningNorm: meaning ? Math.sqrt(denseDot(meaning, meaning)) : 0,
    entities: t.entities ?? new Map(),
  };
}

/**
 * How far a later fragment `t` agrees with an earlier group `g`, as a multiple of the threshold it
 * must reach (>= 1: one story): words, or failing them headline meanings, or the learned model.
 */
export function pairScore(t: PairSide, g: PairSide, judge: MergeJudge): number {
  const { o, model, learnedThreshold, idf } = judge;
  if (t.norm <= 0 || g.norm <= 0) return 0;
  const wordsRequired =
    o.lonePairsNeedWords &&
    t.article_count === 1 &&
    g.article_count === 1 &&
    sharedTerms(t.centroid, g.centroid) === 0 &&
    sharedEntities(t.entities, g.entities, 1) === 0;
  let score = dot(t.centroid, g.centroid) / (t.norm * g.norm) / o.mergeThreshold;
  if (
    score < 1 &&
    !wordsRequired &&
    o.meaningThreshold > 0 &&
    t.meaning &&
    g.meaning &&
    Math.min(t.article_count, g.article_count) <= o.meaningMaxArticles &&
    sharedEntities(t.entities, g.entities, o.meaningSharedEntities) >= o.meaningSharedEntities
  ) {
    if (t.meaningNorm > 0 && g.meaningNorm > 0) {
      score = Math.max(score, denseDot(t.meaning, g.meaning) / (t.meaningNorm * g.meaningNorm) / o.meaningThreshold);
    }
  }
  const rareRequired = o.lonePairsNeedRareWords && t.article_count === 1 && g.article_count === 1;
  if (score < 1 && model && !wordsRequired && (!rareRequired || sharesRareWordOrName(t, g, idf))) {
    // The learned decision: pairs the rules above leave apart, judged on all features at once.
    const features = pairFeatures(t, g, idf);
    if (worthComparing(features, o.meaningFloor))
      score = Math.max(score, mergeProbability(model, features) / learnedThreshold);
  }
  return score;
}

/**
 * The group a fragment joins when judged once at its settle time (mergeSettleMinutes): of the
 * earlier groups (founded before it, in order of founding, the newest last; `viewOf` gives their
 * states of that moment), the one founded within the window it agrees with most, or undefined. The same rules
 * as mergeFragments, on one fragment; a trend dated without time of day joins none.
 */
export function settledGroup<G>(
  t: FragmentView,
  earlier: readonly G[],
  viewOf: (g: G) => FragmentView,
  judge: MergeJudge,
): G | undefined {
  if (judge.o.mergeThreshold <= 0 || dateOnly(t.first_seen)) return undefined;
  const tSide = fragmentSide(t, judge);
  if (tSide.norm <= 0) return undefined;
  const window = judge.o.mergeWindowSeconds * 1000;
  let best: G | undefined;
  let bestScore = 0;
  for (let i = earlier.length - 1, looked = 0; i >= 0 && looked < LOOKBACK; i--) {
    const g = viewOf(earlier[i]!);
    if (g.id === t.id || g.first_seen > t.first_seen || dateOnly(g.first_seen)) continue;
    if (t.first_seen - g.first_seen > window) break;
    looked++;
    const score = pairScore(tSide, fragmentSide(g, judge), judge);
    if (score >= 1 && score > bestScore) {
      best = earlier[i];
      bestScore = score;
    }
  }
  return best;
}

/** Whether two fragments share a rare term (background idf >= RARE_IDF) or a named entity. */
function sharesRareWordOrName(t: PairSide, g: PairSide, idf: (term: string) => number): boolean {
  for (const term of t.centroid.keys()) if (g.centroid.has(term) && idf(term) >= RARE_IDF) return true;
  return sharedEntities(t.entities, g.entities, 1) > 0;
}

/** Entities two fragments share, counted up to `enough`. */
function sharedEntities(a: PairSide['entities'] | undefined, b: PairSide['entities'], enough: number): number {
  let n = 0;
  if (enough <= 0 || !a) return n;
  for (const e of a.keys()) if (b.has(e) && ++n >= enough) break;
  return n;
}

/** Merged fragments so far: sums of their centroids, meanings and entities, and the sums' norms. */
interface Group extends Omit<PairSide, 'entities'> {
  id: string;
  entities: Set<string>;
}
