import { hiddenOf, type MlpHead, outputOf, standardise } from './mlp-head';
import { mulberry32 } from './train-model';

/** One training row of an MLP head: raw input, base logits added to the output, class, weight. */
export interface HeadRow {
  x: ArrayLike<number>;
  skip?: ArrayLike<number>;
  label: number;
  /** Relative chance of the row being drawn (absent: 1). */
  weight?: number;
}

/** Hyper-parameters of the MLP head trainer. */
export interface HeadOptions {
  hidden: number;
  classes: number;
  epochs: number;
  /** Rows drawn per epoch (with replacement, by row weight). */
  drawsPerEpoch: number;
  batch: number;
  learningRate: number;
  /** L2 penalty on the weights (not the biases), as decoupled weight decay per step. */
  l2: number;
  seed: number;
}

/** Defaults of HeadOptions (classes must be given). */
export const DEFAULT_HEAD_OPTIONS: Omit<HeadOptions, 'classes'> = {
  hidden: 64,
  epochs: 10,
  drawsPerEpoch: 40_000,
  batch: 32,
  learningRate: 1e-3,
  l2: 1e-4,
  seed: 7,
};

/**
 * Trains an MLP head (mlp-head.ts) by Adam on softmax cross-entropy, rows drawn by
 * weight with a seeded generator, so the same rows and options give the same head. Inputs are
 * standardised over the rows (a constant input gets scale 1).
 */
export function trainMlpHead(rows: readonly HeadRow[], options: Partial<HeadOptions> & { classes: number }): MlpHead {
  const o: HeadOptions = { ...DEFAULT_HEAD_OPTIONS, ...options };
  if (rows.length === 0) throw new Error('no rows to train the head on');
  const inputs = rows[0]!.x.length;
  const random = mulberry32(o.seed);
  const center = new Array<number>(inputs).fill(0);
  const second = new Array<number>(inputs).fill(0);
  for (const r of rows)
    for (let i = 0; i < inputs; i++) {
      center[i]! += r.x[i]! / rows.length;
      second[i]! += (r.x[i]! * r.x[i]!) / rows.length;
    }
  const scale = center.map((m, i) => {
    const sd = Math.sqrt(Math.max(second[i]! - m * m, 0));
    return sd > 1e-9 ? 1 / sd : 1;
  });
  // He initialisation for the ReLU layer; small output weights, so training starts near `skip`.
  const uniform = (bound: number) => (random() * 2 - 1) * bound;
  const head: MlpHead = {
    center,
    scale,
    w1: Array.from({ length: o.hidden }, () => Array.from({ length: inputs }, () => uniform(Math.sqrt(6 / inputs)))),
    b1: new Array<number>(o.hidden).fill(0),
    w2: Array.from({ length: o.classes }, () => Array.from({ length: o.hidden }, () => uniform(0.01))),
    b2: new Array<number>(o.classes).fill(0),
  };
  const params = [...head.w1, head.b1, ...head.w2, head.b2];
  const decays = [...head.w1.map(() => true), false, ...head.w2.map(() => true), false];
  const grads = params.map((p) => new Float64Array(p.length));
  const m1 = params.map((p) => new Float64Array(p.length));
  const m2 = params.map((p) => new Float64Array(p.length));
  const cumulative = new Float64Array(rows.length);
  let total = 0;
  rows.forEach((r, i) => (cumulative[i] = total += r.weight ?? 1));
  const draw = (): HeadRow => {
    const at = random() * total;
    let lo = 0;
    let hi = rows.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > at) hi = mid;
      else lo = mid + 1;
    }
    return rows[lo]!;
  };
  const standardised = new Map<HeadRow, Float64Array>();
  const inputOf = (r: HeadRow) => {
    let v = standardised.get(r);
    if (!v) standardised.set(r, (v = standardise(head, r.x)));
    return v;
  };
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  let step = 0;
  const steps = Math.ceil(o.drawsPerEpoch / o.batch);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let s = 0; s < steps; s++) {
      for (const g of grads) g.fill(0);
      for (let b = 0; b < o.batch; b++) {
        const row = draw();
        addRowGradient(head, row, inputOf(row), grads);
      }
      step++;
      const lr = (o.learningRate * Math.sqrt(1 - beta2 ** step)) / (1 - beta1 ** step);
      params.forEach((p, k) => {
        const g = grads[k]!;
        const [a, v] = [m1[k]!, m2[k]!];
        for (let i = 0; i < p.length; i++) {
          const gi = g[i]! / o.batch;
          a[i] = beta1 * a[i]! + (1 - beta1) * gi;
          v[i] = beta2 * v[i]! + (1 - beta2) * gi * gi;
          p[i] = p[i]! - lr * (a[i]! / (Math.sqrt(v[i]!) + eps)) - (decays[k] ? o.learningRate * o.l2 * p[i]! : 0);
        }
      });
    }
  }
  return head;
}

/**
 * Adds one row's gradient of the softmax cross-entropy (`input`: its standardised x) to `grads`, in
 * the order w1's rows, b1, w2's rows, b2; returns the row's loss.
 */
export function addRowGradient(head: MlpHead, row: HeadRow, input: Float64Array, grads: Float64Array[]): number {
  const o = { hidden: head.b1.length, classes: head.b2.length };
  const hidden = hiddenOf(head, input);
  const logits = outputOf(head, hidden, row.skip);
  const max = Math.max(...logits);
  const exps = logits.map((z) => Math.exp(z - max));
  const norm = exps.reduce((a, b) => a + b, 0);
  const delta = exps.map((e, c) => e / norm - (c === row.label ? 1 : 0));
  const dHidden = new Float64Array(o.hidden);
  const b2 = grads[o.hidden + 1 + o.classes]!;
  for (let c = 0; c < o.classes; c++) {
    const g = grads[o.hidden + 1 + c]!;
    const w = head.w2[c]!;
    for (let h = 0; h < o.hidden; h++) {
      g[h]! += delta[c]! * hidden[h]!;
      dHidden[h]! += delta[c]! * w[h]!;
    }
    b2[c]! += delta[c]!;
  }
  const b1 = grads[o.hidden]!;
  for (let h = 0; h < o.hidden; h++) {
    if (hidden[h]! <= 0) continue;
    const g = grads[h]!;
    const d = dHidden[h]!;
    for (let i = 0; i < input.length; i++) g[i]! += d * input[i]!;
    b1[h]! += d;
  }
  return Math.log(norm) + max - logits[row.label]!;
}
