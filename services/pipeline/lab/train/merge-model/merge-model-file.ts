import { clusterArticles, DEFAULT_CLUSTER_OPTIONS, type ClusterOptions } from '../../../src/detect/cluster';
import type { HeadlineMeaning } from '../../../src/detect/headline-meaning';
import { backgroundIdf } from '../../../src/detect/idf';
import { MERGE_FEATURES } from '../../../src/detect/merge-features';
import type { MergeModel } from '../../../src/detect/merge-model';
import { CLUSTER_SETS, FIGURES_NOW, type LabelledSet } from '../../corpus/cluster-sets';
import { bcubed, type BCubed } from '../../metrics/bcubed';
import { fitLogistic } from './logistic-regression';
import { mergePairs, type LabelledPair } from './merge-pairs';

/** Probabilities tried as the merge threshold on the tuning folds. */
export const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99];
/** B-cubed precision a fold may lose against the rules alone and still count as kept (one or two articles). */
export const PRECISION_SLACK = 0.002;
/** L2 penalty of the fit. */
const LAMBDA = 1;

/** One tuning fold's B-cubed figures at one threshold, and with the rules alone. */
export interface FoldFigure {
  fold: string;
  threshold: number;
  rules: BCubed;
  learned: BCubed;
}

/**
 * The merge model as committed (services/pipeline/models/merge-model.json) and how its threshold
 * was chosen. Pairs come from the tuning sets only (cluster-sets.ts). Each tuning set in turn is
 * the fold: a model fitted on the pairs of the other tuning sets merges it at each threshold; the
 * threshold kept is the lowest whose B-cubed precision stays within PRECISION_SLACK of the rules'
 * on every fold. The final weights are fitted on the pairs of all tuning sets. For lab variants,
 * `meanings` gives each tuning set's headline meaning by set key (default: GloVe's) and `options`
 * the clustering options the folds run with (a meaning threshold or floor of that source).
 */
export function mergeModelFileText(
  meanings: ReadonlyMap<string, HeadlineMeaning> = new Map(),
  options: Partial<Omit<ClusterOptions, 'now' | 'idf'>> = {},
): { model: MergeModel; json: string; folds: FoldFigure[]; pairs: number } {
  const idf = backgroundIdf();
  const window = DEFAULT_CLUSTER_OPTIONS.mergeWindowSeconds;
  const tuning = CLUSTER_SETS.filter((s) => s.role === 'tuning').map((s) => ({ key: s.key, set: s.load() }));
  const withMeaning = (key: string): Partial<ClusterOptions> => {
    const meaning = meanings.get(key);
    return { ...options, ...(meaning ? { meaning } : {}) };
  };
  const pairsOf = new Map(tuning.map((t) => [t.key, mergePairs(t.set, idf, window, withMeaning(t.key))]));
  const folds: FoldFigure[] = [];
  for (const { key, set } of tuning) {
    const rest = tuning.filter((t) => t.key !== key).flatMap((t) => pairsOf.get(t.key)!);
    const fitted = toModel(fit(rest), 1);
    const o = withMeaning(key);
    const rules = score(set, idf, { ...o, learnedMerge: false });
    for (const threshold of THRESHOLDS) {
      const learned = score(set, idf, {
        ...o,
        learnedMerge: true,
        mergeModel: fitted,
        learnedMergeThreshold: threshold,
      });
      folds.push({ fold: key, threshold, rules, learned });
    }
  }
  const kept = THRESHOLDS.find((t) =>
    folds.filter((f) => f.threshold === t).every((f) => f.learned.precision >= f.rules.precision - PRECISION_SLACK),
  );
  const all = [...pairsOf.values()].flat();
  const model = toModel(fit(all), kept ?? 1);
  return { model, json: `${JSON.stringify(model, null, 2)}\n`, folds, pairs: all.length };
}

function fit(pairs: readonly LabelledPair[]): ReturnType<typeof fitLogistic> {
  return fitLogistic(
    pairs.map((p) => p.features),
    pairs.map((p) => p.same),
    LAMBDA,
  );
}

/** Rounds a fit to 6 decimals so that the committed file is the same on every machine. */
function toModel(f: ReturnType<typeof fitLogistic>, threshold: number): MergeModel {
  const r = (v: number): number => Math.round(v * 1e6) / 1e6;
  return {
    features: [...MERGE_FEATURES],
    mean: f.mean.map(r),
    scale: f.scale.map(r),
    weights: f.weights.map(r),
    bias: r(f.bias),
    threshold,
  };
}

function score(
  set: LabelledSet,
  idf: (term: string) => number,
  o: Partial<Parameters<typeof clusterArticles>[2]>,
): BCubed {
  return bcubed(clusterArticles(set.articles, [], { now: FIGURES_NOW, idf, ...o }).assignments, set.gold);
}
