import { tfidfVector } from '../../../src/classify/features';
import { loadWordVectors, type WordVectors } from '../../../src/text/word-vectors';
import type { DomainEvidence } from '../../../src/score/domain-evidence';
import { denseValues, type DenseFeature, type DomainEstimator } from '../../../src/score/domain-estimate';
import { evidenceTerms } from '../../../src/score/domain-evidence';
import { SHAPE_FEATURES, shapeValues, type ShapeFeature } from '../../../src/score/domain-shape';
import { headlineVector } from '../../../src/score/domain-vector';

/** One rated domain to fit on. */
export interface RatedEvidence {
  domain: string;
  rating: number;
  evidence: DomainEvidence;
}

/** Hyper-parameters of the fit (defaults: the committed estimator's). */
export interface EstimatorOptions {
  /** Ridge penalty. */
  lambda: number;
  /** Terms used by fewer fitted domains are dropped. */
  minDf: number;
  /** Feature families (for ablations): text terms, co-coverage, article count, shape features. */
  use: { text: boolean; coverage: boolean; articles: boolean; shape: boolean; vectors?: boolean };
  /** Factor on the standardised headline-vector columns (above 1: penalised less than the rest). */
  vectorScale?: number;
}

/** Defaults of EstimatorOptions. */
export const DEFAULT_ESTIMATOR_OPTIONS: EstimatorOptions = {
  lambda: 3,
  minDf: 2,
  use: { text: true, coverage: true, articles: true, shape: true },
};

/**
 * Fits the estimator: ridge regression of the rating on TF-IDF text features (rows L2-normalised)
 * and the standardised dense features, solved by conjugate gradients on the normal equations
 * (the intercept is not penalised). Deterministic.
 */
export function trainDomainEstimator(
  rated: readonly RatedEvidence[],
  partial: Partial<EstimatorOptions> = {},
  wordVectors?: WordVectors,
): DomainEstimator {
  const opts = { ...DEFAULT_ESTIMATOR_OPTIONS, ...partial };
  const n = rated.length;
  const prior = rated.reduce((s, r) => s + r.rating, 0) / n;
  const docs = rated.map((r) => (opts.use.text ? evidenceTerms(r.evidence) : []));
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const vocab = [...df.entries()].filter(([, c]) => c >= opts.minDf).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const lookup = new Map(vocab.map(([t, c], index) => [t, { index, idf: Math.log((n + 1) / (c + 1)) + 1 }]));
  const dense = rated.map((r) => denseValues(r.evidence, prior));
  const shapes = rated.map((r) => shapeValues(r.evidence.domain, r.evidence.titles, r.evidence.urls));
  // Dense columns after the terms: [name, value per domain]; the constant comes last.
  const columns: [string, number[]][] = [];
  if (opts.use.coverage) columns.push(['coverage', dense.map((d) => d.coverage)]);
  if (opts.use.articles) columns.push(['log_articles', dense.map((d) => d.log_articles)]);
  if (opts.use.shape) for (const f of SHAPE_FEATURES) columns.push([`shape.${f}`, shapes.map((x) => x[f])]);
  const vectors = opts.use.vectors ? (wordVectors ?? loadWordVectors()) : undefined;
  const dims = vectors?.dimensions ?? 0;
  if (vectors) {
    const rows = rated.map((r) => headlineVector(vectors, r.evidence.titles));
    for (let d = 0; d < dims; d++) columns.push([`vector.${d}`, rows.map((x) => x?.[d] ?? 0)]);
  }
  const vectorScale = opts.vectorScale ?? 1;
  const scaled = columns.map(([name, xs]) => {
    const s = standardisation(xs);
    return { name, mean: s.mean, sd: name.startsWith('vector.') ? s.sd / vectorScale : s.sd, xs };
  });
  const v = vocab.length;
  const free = v + scaled.length;
  const rows = rated.map((_, i) => {
    const { indexes, values } = tfidfVector(docs[i]!, (t) => lookup.get(t));
    const idx = [...indexes];
    const val = [...values];
    scaled.forEach((c, j) => {
      idx.push(v + j);
      val.push((c.xs[i]! - c.mean) / c.sd);
    });
    idx.push(free);
    val.push(1);
    return { idx, val };
  });
  const y = rated.map((r) => r.rating);
  const w = solveRidge(rows, y, free + 1, opts.lambda, free);
  const terms: Record<string, [number, number]> = {};
  for (const [t, { index, idf }] of lookup) {
    terms[t] = [round(idf, 3), round(w[index]!, 5)];
  }
  const feature = (name: string): DenseFeature => {
    const j = scaled.findIndex((c) => c.name === name);
    const c = scaled[j];
    // A family fitted without keeps weight 0 (its contribution is then 0 whatever the value).
    return c
      ? // A spread below the stored precision keeps 6 digits: a stored 0 would divide by zero.
        { mean: round(c.mean, 5), sd: round(c.sd, 5) || Number(c.sd.toPrecision(6)), weight: round(w[v + j]!, 5) }
      : { mean: 0, sd: 1, weight: 0 };
  };
  const shape: Partial<Record<ShapeFeature, DenseFeature>> = {};
  if (opts.use.shape) for (const f of SHAPE_FEATURES) shape[f] = feature(`shape.${f}`);
  return {
    version: 2,
    intercept: round(w[free]!, 5),
    prior: round(prior, 5),
    terms,
    dense: { coverage: feature('coverage'), log_articles: feature('log_articles') },
    shape,
    ...(vectors
      ? {
          vectors: {
            integrity: vectors.header.integrity,
            columns: Array.from({ length: dims }, (_, d) => feature(`vector.${d}`)),
          },
        }
      : {}),
    meta: {
      algorithm:
        'ridge regression (conjugate gradients), TF-IDF headline and URL-path words + dense and shape features',
      options: opts,
      domains: n,
      terms_seen: df.size,
      terms_kept: Object.keys(terms).length,
    },
  };
}

/** Solves (XᵀX + λI')w = Xᵀy by conjugate gradients; I' leaves column `free` unpenalised. */
function solveRidge(
  rows: readonly { idx: number[]; val: number[] }[],
  y: readonly number[],
  cols: number,
  lambda: number,
  free: number,
): Float64Array {
  const apply = (x: Float64Array): Float64Array => {
    const out = new Float64Array(cols);
    for (const r of rows) {
      let dot = 0;
      for (let j = 0; j < r.idx.length; j++) dot += r.val[j]! * x[r.idx[j]!]!;
      for (let j = 0; j < r.idx.length; j++) out[r.idx[j]!]! += r.val[j]! * dot;
    }
    for (let c = 0; c < cols; c++) if (c !== free) out[c]! += lambda * x[c]!;
    return out;
  };
  const b = new Float64Array(cols);
  rows.forEach((r, i) => r.idx.forEach((c, j) => (b[c]! += r.val[j]! * y[i]!)));
  const w = new Float64Array(cols);
  const res = Float64Array.from(b);
  const p = Float64Array.from(b);
  let rr = dotOf(res, res);
  for (let it = 0; it < 500 && rr > 1e-12; it++) {
    const ap = apply(p);
    const alpha = rr / dotOf(p, ap);
    for (let c = 0; c < cols; c++) {
      w[c]! += alpha * p[c]!;
      res[c]! -= alpha * ap[c]!;
    }
    const next = dotOf(res, res);
    for (let c = 0; c < cols; c++) p[c] = res[c]! + (next / rr) * p[c]!;
    rr = next;
  }
  return w;
}

/** Mean and spread of a column; a constant column gets unit scale (it carries nothing, its weight comes out 0). */
function standardisation(xs: readonly number[]): { mean: number; sd: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const spread = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
  return { mean, sd: spread > 1e-6 ? spread : 1 };
}

function dotOf(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
