import { readFileSync } from 'node:fs';

/** Standardised linear terms: each feature contributes weight * (value - mean) / scale. */
export interface LinearTerms {
  mean: number[];
  scale: number[];
  weights: number[];
}

/**
 * A fitted model file (merge-model.ts, impact-model.ts), read and checked against the code that
 * reads it: fitted on `features` (the same names in the same order), and each of its `terms` (by
 * name: the model's own, and any others such as the impact model's embedding terms) has a mean and
 * a weight per scale and every scale a positive number. A zero scale divides by zero, which would
 * make every merge probability 0 or 1 and every impact score 1 or 10.
 */
export function readLinearModelFile<M extends LinearTerms & { features: string[] }>(
  file: string,
  features: readonly string[],
  terms: (model: M) => Record<string, LinearTerms> = (model) => ({ scale: model }),
): M {
  const model = JSON.parse(readFileSync(file, 'utf8')) as M;
  if (model.features.join(',') !== features.join(',')) {
    throw new Error(`${file}: fitted on features ${model.features.join(',')}, expected ${features.join(',')}`);
  }
  for (const [part, t] of Object.entries(terms(model))) {
    if (t.mean.length !== t.scale.length || t.weights.length !== t.scale.length)
      throw new Error(
        `${file}: ${part} has ${t.scale.length} scales, ${t.mean.length} means, ${t.weights.length} weights`,
      );
    const bad = t.scale.findIndex((v) => !(Number.isFinite(v) && v > 0));
    if (bad >= 0) throw new Error(`${file}: ${part}[${bad}] is ${t.scale[bad]}; a scale must be a positive number`);
  }
  return model;
}
