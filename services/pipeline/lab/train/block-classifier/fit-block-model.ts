import { treeValue, type BlockModel, type BlockTree } from '../../../src/extract/block-classifier';
import { BLOCK_FEATURE_NAMES } from '../../../src/extract/block-features';

/** One labelled block: its features, whether it is article text and how many gold segments say so. */
export interface BlockSample {
  x: number[];
  label: 0 | 1;
  weight: number;
}

/**
 * Boosting settings, fixed before any fold was scored (common defaults for small tabular sets);
 * ROUNDS and DEPTH may be set for a comparison run (docs/lab-notes/extraction.md, "Block classifier").
 */
const ROUNDS = Number(process.env.ROUNDS ?? 100);
const DEPTH = Number(process.env.DEPTH ?? 3);
const RATE = 0.1;
const MIN_LEAF = 8;
const LAMBDA = 1;
/** Split points tried per feature: about this many quantiles of its values. */
const SPLITS = 24;

/** Candidate split points per feature: midpoints between quantiles of the values seen. */
function splitPoints(samples: BlockSample[], feature: number): number[] {
  const values = [...new Set(samples.map((s) => s.x[feature] ?? 0))].sort((a, b) => a - b);
  const step = Math.max(1, Math.floor(values.length / SPLITS));
  const points: number[] = [];
  for (let i = step; i < values.length; i += step) points.push(((values[i - 1] ?? 0) + (values[i] ?? 0)) / 2);
  return points;
}

/** The bin of each sample per feature: how many split points lie below its value. */
function binsOf(samples: BlockSample[], points: number[][]): Uint8Array[] {
  return points.map((at, j) => {
    const bins = new Uint8Array(samples.length);
    samples.forEach((s, i) => {
      const v = s.x[j] ?? 0;
      let bin = 0;
      while (bin < at.length && v > (at[bin] ?? 0)) bin += 1;
      bins[i] = bin;
    });
    return bins;
  });
}

/**
 * Fits gradient-boosted regression trees on the logistic loss (second-order gains as in XGBoost,
 * splits searched over per-feature histograms of quantile bins).
 */
export function fitBlockModel(samples: BlockSample[]): BlockModel {
  const dims = BLOCK_FEATURE_NAMES.length;
  const points = Array.from({ length: dims }, (_, j) => splitPoints(samples, j));
  const bins = binsOf(samples, points);
  const positive = samples.reduce((sum, s) => sum + s.weight * s.label, 0);
  const total = samples.reduce((sum, s) => sum + s.weight, 0);
  const base = Math.log(Math.max(positive, 1) / Math.max(total - positive, 1));
  const logits = new Float64Array(samples.length).fill(base);
  const trees: BlockTree[] = [];
  const gradient = new Float64Array(samples.length);
  const hessian = new Float64Array(samples.length);
  const build = (rows: number[], depth: number): BlockTree => {
    let g = 0;
    let h = 0;
    for (const i of rows) {
      g += gradient[i] ?? 0;
      h += hessian[i] ?? 0;
    }
    const leaf = -g / (h + LAMBDA);
    if (depth >= DEPTH || rows.length < 2 * MIN_LEAF) return leaf;
    let best = { gain: 0, feature: -1, bin: 0 };
    for (let j = 0; j < dims; j += 1) {
      const at = points[j] ?? [];
      const featureBins = bins[j] as Uint8Array;
      const gBin = new Float64Array(at.length + 1);
      const hBin = new Float64Array(at.length + 1);
      const nBin = new Uint32Array(at.length + 1);
      for (const i of rows) {
        const b = featureBins[i] ?? 0;
        gBin[b] = (gBin[b] ?? 0) + (gradient[i] ?? 0);
        hBin[b] = (hBin[b] ?? 0) + (hessian[i] ?? 0);
        nBin[b] = (nBin[b] ?? 0) + 1;
      }
      let gLow = 0;
      let hLow = 0;
      let low = 0;
      // Split k sends bins 0..k (values <= at[k]) low.
      for (let k = 0; k < at.length; k += 1) {
        gLow += gBin[k] ?? 0;
        hLow += hBin[k] ?? 0;
        low += nBin[k] ?? 0;
        if (low < MIN_LEAF || rows.length - low < MIN_LEAF) continue;
        const gHigh = g - gLow;
        const hHigh = h - hLow;
        const gain = (gLow * gLow) / (hLow + LAMBDA) + (gHigh * gHigh) / (hHigh + LAMBDA) - (g * g) / (h + LAMBDA);
        if (gain > best.gain) best = { gain, feature: j, bin: k };
      }
    }
    if (best.feature < 0) return leaf;
    const featureBins = bins[best.feature] as Uint8Array;
    const below = rows.filter((i) => (featureBins[i] ?? 0) <= best.bin);
    const above = rows.filter((i) => (featureBins[i] ?? 0) > best.bin);
    const at = points[best.feature]?.[best.bin] ?? 0;
    return { feature: best.feature, at, low: build(below, depth + 1), high: build(above, depth + 1) };
  };
  const all = samples.map((_, i) => i);
  for (let round = 0; round < ROUNDS; round += 1) {
    samples.forEach((s, i) => {
      const p = 1 / (1 + Math.exp(-(logits[i] ?? 0)));
      gradient[i] = (p - s.label) * s.weight;
      hessian[i] = Math.max(p * (1 - p), 1e-6) * s.weight;
    });
    const tree = roundTree(build(all, 0));
    trees.push(tree);
    samples.forEach((s, i) => {
      logits[i] = (logits[i] ?? 0) + RATE * treeValue(tree, s.x);
    });
  }
  return {
    version: 2,
    features: [...BLOCK_FEATURE_NAMES],
    base: Math.round(base * 1e6) / 1e6,
    rate: RATE,
    trees,
    keep_below: 0,
    rescue_at: 1.01,
    meta: {},
  };
}

/** Split points and leaf values to six decimals: the stored file stays small and diffs stay readable. */
function roundTree(tree: BlockTree): BlockTree {
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  if (typeof tree === 'number') return round(tree);
  return { feature: tree.feature, at: round(tree.at), low: roundTree(tree.low), high: roundTree(tree.high) };
}
