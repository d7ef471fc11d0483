import path from 'node:path';
import { type LinearTerms, readLinearModelFile } from './linear-model-file';
import { MERGE_FEATURES } from './merge-features';

/** The committed merge model (rebuilt byte for byte by lab/train/fit-merge-model.ts, `make merge-model`). */
export const DEFAULT_MERGE_MODEL_PATH = path.resolve(import.meta.dirname, '..', '..', 'models', 'merge-model.json');

/**
 * A logistic regression over pair features (merge-features.ts): P(same story) =
 * sigmoid(bias + sum of weight * (feature - mean) / scale). `threshold` is the probability above
 * which the merge pass joins a pair, chosen on the tuning folds for precision.
 */
export interface MergeModel extends LinearTerms {
  features: string[];
  bias: number;
  threshold: number;
}

let committed: MergeModel | undefined;

/** Reads a model file, checked as linear-model-file.ts says (its features, a positive scale per feature). */
export function loadMergeModel(file: string = DEFAULT_MERGE_MODEL_PATH): MergeModel {
  if (file === DEFAULT_MERGE_MODEL_PATH && committed) return committed;
  const model = readLinearModelFile<MergeModel>(file, MERGE_FEATURES);
  if (file === DEFAULT_MERGE_MODEL_PATH) committed = model;
  return model;
}

/** Probability that a pair with these features is one story. */
export function mergeProbability(model: MergeModel, features: readonly number[]): number {
  let z = model.bias;
  for (let i = 0; i < features.length; i++)
    z += (model.weights[i]! * (features[i]! - model.mean[i]!)) / model.scale[i]!;
  return 1 / (1 + Math.exp(-z));
}
