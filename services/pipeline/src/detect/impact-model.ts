import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IMPACT_FEATURES } from './impact-features';

/** The committed impact model (rebuilt byte for byte by scripts/fit-impact-model.ts, `make impact-model`). */
export const DEFAULT_IMPACT_MODEL_PATH = path.resolve(import.meta.dirname, '..', '..', 'models', 'impact-model.json');

/**
 * A ridge regression of the rated business impact (mean of three raters, 1-10) on the impact
 * features: raw = bias + sum of weight * (feature - mean) / scale. The score spreads raw around
 * `center` by `stretch` (so that scores spread over the scale as the ratings do, which the
 * regression's shrinkage towards the mean would not), rounds and clamps to 1..10.
 */
export interface ImpactModel {
  features: string[];
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  center: number;
  stretch: number;
  lambda: number;
}

let committed: ImpactModel | undefined;

/** Reads a model file and checks that it was fitted on the features this code computes. */
export function loadImpactModel(file: string = DEFAULT_IMPACT_MODEL_PATH): ImpactModel {
  if (file === DEFAULT_IMPACT_MODEL_PATH && committed) return committed;
  const model = JSON.parse(readFileSync(file, 'utf8')) as ImpactModel;
  if (model.features.join(',') !== IMPACT_FEATURES.join(',')) {
    throw new Error(`${file}: fitted on features ${model.features.join(',')}, expected ${IMPACT_FEATURES.join(',')}`);
  }
  if (file === DEFAULT_IMPACT_MODEL_PATH) committed = model;
  return model;
}

/** Each feature's contribution to the raw prediction (weight * standardised value). */
export function impactContributions(model: ImpactModel, values: readonly number[]): number[] {
  return values.map((v, i) => (model.weights[i]! * (v - model.mean[i]!)) / model.scale[i]!);
}

/** The 1-10 score of a raw prediction. */
export function impactScore(model: Pick<ImpactModel, 'center' | 'stretch'>, raw: number): number {
  return Math.min(10, Math.max(1, Math.round(model.center + model.stretch * (raw - model.center))));
}
