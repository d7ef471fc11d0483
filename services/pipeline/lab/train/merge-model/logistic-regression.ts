import { standardisation } from '../standardise';

/** A fitted logistic regression on standardised features. */
export interface LogisticFit {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
}

/**
 * Fits P(y) = sigmoid(bias + w . standardised x) by Newton's method (iteratively reweighted least
 * squares) with an L2 penalty `lambda` on the weights (not the bias). Deterministic: a fixed number
 * of full-batch steps from zero, no sampling.
 */
export function fitLogistic(xs: readonly number[][], ys: readonly boolean[], lambda = 1, steps = 30): LogisticFit {
  const n = xs.length;
  const d = xs[0]?.length ?? 0;
  const { mean, scale } = standardisation(xs);
  // Column 0 is the bias.
  const z = xs.map((x) => [1, ...x.map((v, j) => (v - mean[j]!) / scale[j]!)]);
  const beta = new Array<number>(d + 1).fill(0);
  for (let step = 0; step < steps; step++) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const row = z[i]!;
      const p = sigmoid(row.reduce((s, v, j) => s + v * beta[j]!, 0));
      const r = (ys[i] ? 1 : 0) - p;
      const w = p * (1 - p);
      for (let a = 0; a <= d; a++) {
        grad[a]! += r * row[a]!;
        for (let b = 0; b <= a; b++) hess[a]![b]! += w * row[a]! * row[b]!;
      }
    }
    for (let a = 0; a <= d; a++) {
      for (let b = 0; b < a; b++) hess[b]![a] = hess[a]![b]!;
      if (a > 0) {
        grad[a]! -= lambda * beta[a]!;
        hess[a]![a]! += lambda;
      }
    }
    const delta = solve(hess, grad);
    for (let j = 0; j <= d; j++) beta[j]! += delta[j]!;
  }
  return { mean, scale, weights: beta.slice(1), bias: beta[0]! };
}

function sigmoid(v: number): number {
  return 1 / (1 + Math.exp(-v));
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}
