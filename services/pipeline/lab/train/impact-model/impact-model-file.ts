import { sampleRankCorrelation } from 'simple-statistics';
import { IMPACT_FEATURES } from '../../../src/detect/impact-features';
import { boundedScore, impactScore, type ImpactModel } from '../../../src/detect/impact-model';
import { foldOf } from '../../corpus/fold-of';
import { chooseStretch, PREFERRED_STRETCH } from './choose-stretch';
import { TEXT_COLUMNS, type ImpactRows } from './impact-rows';
import { fitRidge, predictRidge } from './ridge';

/** Folds of the grouped cross-validation (a group is one event: all its stories on one side). */
export const IMPACT_FOLDS = 5;
/** Ridge penalties tried; the one kept is chosen by grouped cross-validation inside the fitting data. */
export const LAMBDAS = [1, 3, 10, 30, 100, 300, 1000, 3000];
/** Spreads of the served score tried (ridge predictions spread less than ratings); chosen with the penalty. */
export const STRETCHES = [1, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.4, 1.5, 1.6, 1.8, 2];
/**
 * The least span of the volume feature (log10 of 1 + reports) that the stretch is capped over: a
 * hundredfold coverage. The score judges the event, not its coverage, so the stretch is held where
 * the volume's whole range (this, or the fitted rows' range if wider) moves the score by at most one
 * point: the fitted weight alone does not promise it (the text-only regression leans on volume more).
 */
export const VOLUME_SPAN = 2;

/** Held-out figures of the grouped cross-validation. */
export interface ImpactFigures {
  /** Spearman of the raw held-out predictions against the mean rating, pooled over folds. */
  spearman: number;
  /** The same for the served 1-10 integer scores. */
  spearmanScore: number;
  perFold: number[];
  /** Mean absolute error of the served score against the mean rating. */
  mae: number;
  /**
   * Held-out prediction of each story (raw), its served score, and the score within the features'
   * bounds alone (without the rubric readings' bounds: what they change).
   */
  predictions: { raw: number; score: number; featureScore: number }[];
}

/**
 * Nested grouped cross-validation: each outer fold's model (penalty chosen by an inner grouped
 * cross-validation on the other folds) scores the stories of its fold, none of whose events it saw.
 */
export function crossValidate(rows: ImpactRows, columns?: readonly number[]): ImpactFigures {
  const xs = columns ? rows.xs.map((x) => columns.map((c) => x[c]!)) : rows.xs;
  const fold = rows.groups.map((g) => foldOf(g, IMPACT_FOLDS));
  const predictions = rows.ys.map(() => ({ raw: 0, score: 0, featureScore: 0 }));
  const perFold: number[] = [];
  // `columns` is the text features alone (TEXT_COLUMNS) wherever it is given.
  const preferred = columns ? PREFERRED_STRETCH.textOnly : PREFERRED_STRETCH.full;
  for (let k = 0; k < IMPACT_FOLDS; k++) {
    const train = rows.ys.map((_, i) => i).filter((i) => fold[i] !== k);
    const test = rows.ys.map((_, i) => i).filter((i) => fold[i] === k);
    const model = fitModel(
      train.map((i) => xs[i]!),
      train.map((i) => rows.ys[i]!),
      train.map((i) => rows.groups[i]!),
      preferred,
    );
    for (const i of test) {
      const raw = predictRidge(model, xs[i]!);
      // The served score: within the rubric's bounds, read from the story's own features.
      predictions[i] = {
        raw,
        score: boundedScore(model, raw, rows.xs[i]!, rows.readings[i]),
        featureScore: boundedScore(model, raw, rows.xs[i]!),
      };
    }
    perFold.push(
      round3(
        rho(
          test.map((i) => predictions[i]!.raw),
          test.map((i) => rows.ys[i]!),
        ),
      ),
    );
  }
  return {
    spearman: round3(
      rho(
        predictions.map((p) => p.raw),
        rows.ys,
      ),
    ),
    spearmanScore: round3(
      rho(
        predictions.map((p) => p.score),
        rows.ys,
      ),
    ),
    perFold,
    mae: round3(predictions.reduce((s, p, i) => s + Math.abs(p.score - rows.ys[i]!), 0) / rows.ys.length),
    predictions,
  };
}

/**
 * The impact model as committed (services/pipeline/models/impact-model.json): fitted on every
 * rated story with the penalty that grouped cross-validation prefers, and its held-out figures.
 */
export function impactModelFileText(rows: ImpactRows): {
  model: ImpactModel;
  json: string;
  figures: ImpactFigures;
  textOnly: ImpactFigures;
} {
  const textXs = rows.xs.map((x) => TEXT_COLUMNS.map((c) => x[c]!));
  const model = toFile(
    fitModel(rows.xs, rows.ys, rows.groups, PREFERRED_STRETCH.full),
    fitModel(textXs, rows.ys, rows.groups, PREFERRED_STRETCH.textOnly),
  );
  return {
    model,
    json: `${JSON.stringify(model, null, 2)}\n`,
    figures: crossValidate(rows),
    textOnly: crossValidate(rows, TEXT_COLUMNS),
  };
}

type Fitted = ReturnType<typeof fitRidge> & { center: number; stretch: number; lambda: number };

/**
 * Chooses the penalty (best held-out Spearman) and then the score's spread (chooseStretch, among
 * the spreads at which volume moves it by one point at most: stretchCap) by an inner grouped
 * cross-validation, and fits.
 */
function fitModel(
  xs: readonly number[][],
  ys: readonly number[],
  groups: readonly string[],
  preferred: number,
): Fitted {
  const inner = groups.map((g) => foldOf(`inner:${g}`, IMPACT_FOLDS));
  const center = mean(ys);
  let best = { lambda: LAMBDAS[0]!, rho: -Infinity, held: [] as number[] };
  for (const lambda of LAMBDAS) {
    const held = ys.map(() => 0);
    for (let k = 0; k < IMPACT_FOLDS; k++) {
      const train = ys.map((_, i) => i).filter((i) => inner[i] !== k);
      const fit = fitRidge(
        train.map((i) => xs[i]!),
        train.map((i) => ys[i]!),
        lambda,
      );
      ys.forEach((_, i) => {
        if (inner[i] === k) held[i] = predictRidge(fit, xs[i]!);
      });
    }
    const r = rho(held, ys);
    if (r > best.rho + 1e-9) best = { lambda, rho: r, held };
  }
  const mae = (stretch: number): number =>
    best.held.reduce((s, raw, i) => s + Math.abs(impactScore({ center, stretch }, raw) - ys[i]!), 0) / ys.length;
  const fit = fitRidge(xs, ys, best.lambda);
  const cap = stretchCap(fit, xs);
  const allowed = STRETCHES.filter((s) => s <= cap);
  const stretch = allowed.length > 0 ? chooseStretch(allowed, mae, preferred) : floor2(cap);
  return { ...fit, center, stretch, lambda: best.lambda };
}

/**
 * The largest stretch at which the volume's range moves the served score by at most one point:
 * stretch x |weight| / scale x span <= 1 (rounding then moves it by one at most).
 */
function stretchCap(fit: ReturnType<typeof fitRidge>, xs: readonly number[][]): number {
  const v = IMPACT_FEATURES.indexOf('volume');
  const values = xs.map((x) => x[v]!);
  const span = Math.max(VOLUME_SPAN, Math.max(...values) - Math.min(...values));
  const perUnit = Math.abs(fit.weights[v]! / fit.scale[v]!);
  return perUnit === 0 ? Infinity : 1 / (perUnit * span);
}

function floor2(x: number): number {
  return Math.floor(x * 100) / 100;
}

/** Rounds a fit to 6 decimals so that the committed file is the same on every machine. */
function toFile(f: Fitted, text: Fitted): ImpactModel {
  const r = (v: number): number => Math.round(v * 1e6) / 1e6;
  const d = IMPACT_FEATURES.length;
  return {
    features: [...IMPACT_FEATURES],
    mean: f.mean.slice(0, d).map(r),
    scale: f.scale.slice(0, d).map(r),
    weights: f.weights.slice(0, d).map(r),
    bias: r(f.bias),
    center: r(f.center),
    stretch: r(f.stretch),
    lambda: f.lambda,
    embedding: { mean: f.mean.slice(d).map(r), scale: f.scale.slice(d).map(r), weights: f.weights.slice(d).map(r) },
    text_only: {
      mean: text.mean.map(r),
      scale: text.scale.map(r),
      weights: text.weights.map(r),
      bias: r(text.bias),
      center: r(text.center),
      stretch: r(text.stretch),
      lambda: text.lambda,
    },
  };
}

function rho(a: readonly number[], b: readonly number[]): number {
  return sampleRankCorrelation([...a], [...b]);
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
