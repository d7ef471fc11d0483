import { solve } from '../merge-model/logistic-regression';
import { standardisation } from '../standardise';

/** A ridge regression on standardised features: y = bias + sum of weight * (x - mean) / scale. */
export interface RidgeFit {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

/**
 * Spread below which a column counts as constant. One dimension of the int8 encoder's embedding
 * is -1.5e-8 +- 2e-9 on every text: standardised by that spread it turns float noise into a
 * feature, and the model file's six decimals round its scale to 0, so the served score divided by
 * zero (every trend at 1 or 10). Real features spread by 0.02 or more.
 */
export const MIN_SCALE = 1e-4;

/**
 * Fits y = bias + w . standardised x by the normal equations with an L2 penalty `lambda` on the
 * weights (not the bias, which is the mean of y). A constant column (spread below MIN_SCALE) gets
 * unit scale and weight 0.
 */
export function fitRidge(xs: readonly number[][], ys: readonly number[], lambda: number): RidgeFit {
  const n = xs.length;
  const d = xs[0]?.length ?? 0;
  const { mean, scale } = standardisation(xs, MIN_SCALE);
  const bias = ys.reduce((a, b) => a + b, 0) / n;
  const z = xs.map((x) => x.map((v, j) => (v - mean[j]!) / scale[j]!));
  const a = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? lambda : 0)));
  const b = new Array<number>(d).fill(0);
  z.forEach((row, i) => {
    for (let p = 0; p < d; p++) {
      b[p]! += row[p]! * (ys[i]! - bias);
      for (let q = 0; q < d; q++) a[p]![q]! += row[p]! * row[q]!;
    }
  });
  return { mean, scale, weights: solve(a, b), bias };
}

/** The fitted value of one row. */
export function predictRidge(fit: RidgeFit, x: readonly number[]): number {
  let y = fit.bias;
  for (let j = 0; j < x.length; j++) y += (fit.weights[j]! * (x[j]! - fit.mean[j]!)) / fit.scale[j]!;
  return y;
}
