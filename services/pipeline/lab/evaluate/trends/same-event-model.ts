/**
 * A learned "same event" metric on two headlines' sentence embeddings: a logistic model (L2) over
 * symmetric pair features (the elementwise product a*b, the elementwise |a-b|, and the cosine), so
 * the score of (a, b) is the score of (b, a). Tried for the next day's reports, where raw cosine
 * between central headlines overlaps across verdicts (docs/lab-notes/trends.md, 2026-12-06 night).
 * Deterministic: full-batch Adam from zero weights, a fixed number of steps.
 */
import { dot } from '../../../src/text/word-vectors';

/** Features per pair of d-dimension embeddings: d products, d absolute differences, the cosine. */
export function pairFeatureCount(d: number): number {
  return 2 * d + 1;
}

/** The symmetric pair features of two unit embeddings, written into `out` (length 2d + 1). */
export function pairFeatures(a: Float32Array, b: Float32Array, out = new Float64Array(pairFeatureCount(a.length))) {
  const d = a.length;
  for (let i = 0; i < d; i++) {
    out[i] = a[i]! * b[i]!;
    out[d + i] = Math.abs(a[i]! - b[i]!);
  }
  out[2 * d] = dot(a, b);
  return out;
}

/** A fitted model: standardised linear terms and a bias; its score is a logit (P = sigmoid). */
export interface SameEventModel {
  lambda: number;
  steps: number;
  pairs: { same: number; other: number };
  bias: number;
  mean: number[];
  scale: number[];
  weights: number[];
}

/** One training pair of headline embeddings. */
export interface EmbeddedPair {
  a: Float32Array;
  b: Float32Array;
  same: boolean;
}

/** Adam's step size and moments; steps of the full-batch fit. */
const RATE = 0.02;
const BETA1 = 0.9;
const BETA2 = 0.999;
export const DEFAULT_STEPS = 300;

/**
 * Fits the logistic model on `pairs` (each class weighted to half the loss, so the balance of
 * positives and negatives sampled does not move the bias), with L2 penalty `lambda` on the
 * standardised weights (loss = mean weighted log-loss + lambda / 2 * |w|^2).
 */
export function fitSameEventModel(
  pairs: readonly EmbeddedPair[],
  lambda: number,
  steps = DEFAULT_STEPS,
): SameEventModel {
  if (pairs.length === 0) throw new Error('fitSameEventModel: no pairs');
  const k = pairFeatureCount(pairs[0]!.a.length);
  const n = pairs.length;
  const xs = pairs.map((p) => pairFeatures(p.a, p.b));
  const mean = new Float64Array(k);
  for (const x of xs) for (let j = 0; j < k; j++) mean[j]! += x[j]! / n;
  const scale = new Float64Array(k);
  for (const x of xs) for (let j = 0; j < k; j++) scale[j]! += (x[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < k; j++) scale[j] = Math.max(1e-6, Math.sqrt(scale[j]!));
  for (const x of xs) for (let j = 0; j < k; j++) x[j] = (x[j]! - mean[j]!) / scale[j]!;
  const same = pairs.filter((p) => p.same).length;
  const other = n - same;
  const weightOf = (p: EmbeddedPair): number => (p.same ? 0.5 / Math.max(1, same) : 0.5 / Math.max(1, other));
  const w = new Float64Array(k + 1); // the bias last
  const m1 = new Float64Array(k + 1);
  const m2 = new Float64Array(k + 1);
  const g = new Float64Array(k + 1);
  for (let step = 1; step <= steps; step++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      let z = w[k]!;
      for (let j = 0; j < k; j++) z += w[j]! * x[j]!;
      const err = (1 / (1 + Math.exp(-z)) - (pairs[i]!.same ? 1 : 0)) * weightOf(pairs[i]!);
      for (let j = 0; j < k; j++) g[j]! += err * x[j]!;
      g[k]! += err;
    }
    for (let j = 0; j < k; j++) g[j]! += lambda * w[j]!;
    for (let j = 0; j <= k; j++) {
      m1[j] = BETA1 * m1[j]! + (1 - BETA1) * g[j]!;
      m2[j] = BETA2 * m2[j]! + (1 - BETA2) * g[j]! ** 2;
      const hat1 = m1[j]! / (1 - BETA1 ** step);
      const hat2 = m2[j]! / (1 - BETA2 ** step);
      w[j]! -= (RATE * hat1) / (Math.sqrt(hat2) + 1e-8);
    }
  }
  return {
    lambda,
    steps,
    pairs: { same, other },
    bias: w[k]!,
    mean: [...mean],
    scale: [...scale],
    weights: [...w.subarray(0, k)],
  };
}

/** The model's logit that two headlines report the same event. */
export function sameEventScore(model: SameEventModel, a: Float32Array, b: Float32Array): number {
  const x = pairFeatures(a, b);
  let z = model.bias;
  for (let j = 0; j < x.length; j++) z += (model.weights[j]! * (x[j]! - model.mean[j]!)) / model.scale[j]!;
  return z;
}

/**
 * Two trends' score from their central headlines: the mean (or max) of a pair score over every
 * headline of one against every headline of the other; undefined when a side has none.
 */
export function trendPairScore(
  score: (a: Float32Array, b: Float32Array) => number,
  as: readonly Float32Array[],
  bs: readonly Float32Array[],
  how: 'mean' | 'max',
): number | undefined {
  if (as.length === 0 || bs.length === 0) return undefined;
  const all = as.flatMap((a) => bs.map((b) => score(a, b)));
  return how === 'max' ? Math.max(...all) : all.reduce((s, v) => s + v, 0) / all.length;
}
