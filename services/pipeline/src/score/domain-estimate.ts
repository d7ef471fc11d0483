import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tfidfWeight } from '../classify/features';
import { loadWordVectors } from '../text/word-vectors';
import { coverageValue, forEachEvidenceTerm, type DomainEvidence } from './domain-evidence';
import { shapeValues, type ShapeFeature } from './domain-shape';
import { estimateInterval, type EstimateInterval, type EstimateUncertainty } from './estimate-interval';
import { headlineVector } from './domain-vector';

/** Where the committed estimator lives (rebuilt by `make domain-model`). */
export const DEFAULT_ESTIMATOR_PATH = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'models',
  'domain-quality-estimator.json',
);

/** A standardised dense feature: (x - mean) / sd x weight. */
export interface DenseFeature {
  mean: number;
  sd: number;
  weight: number;
}

/**
 * The stored estimator of an unrated domain's rating (pc1, 0-1): a ridge regression over the
 * TF-IDF of its headline and URL-path words plus dense features (co-coverage, log articles and
 * the shape features of domain-shape.ts), fitted on rated domains. `terms[t] = [idf, weight]`.
 */
export interface DomainEstimator {
  version: 2;
  intercept: number;
  /** The rating co-coverage is shrunk towards (the mean rating of the fitted domains). */
  prior: number;
  terms: Record<string, [number, number]>;
  dense: { coverage: DenseFeature; log_articles: DenseFeature };
  /** Shape features (headline style, URL and domain-name structure); empty when fitted without. */
  shape: Partial<Record<ShapeFeature, DenseFeature>>;
  /** Headline-vector features (domain-vector.ts), counted in the text part; absent: fitted without. */
  vectors?: { integrity: string; columns: DenseFeature[] };
  /** Held-out errors by article count (estimate-interval.ts); absent: fitted before intervals. */
  uncertainty?: EstimateUncertainty;
  meta: Record<string, unknown>;
}

/** Dense feature values of a domain, before standardisation. */
export function denseValues(e: DomainEvidence, prior: number): { coverage: number; log_articles: number } {
  return { coverage: coverageValue(e.coverage, prior), log_articles: Math.log(1 + e.articles) };
}

/** The parts of one estimate: the estimated rating (0-1) and each part's contribution. */
export interface DomainEstimate {
  rating: number;
  parts: { intercept: number; text: number; coverage: number; log_articles: number; shape: number };
  coverage: number;
  /** Where the rating likely lies, from the held-out errors; null/absent without them. */
  interval?: EstimateInterval | null;
  /** Articles and co-covered stories the estimate rests on. */
  observations?: { articles: number; stories: number };
}

/** Estimates the rating (0-1, clamped) of a domain from its evidence. */
export function estimateRating(model: DomainEstimator, e: DomainEvidence): DomainEstimate {
  let text = textPart(model, e);
  const d = denseValues(e, model.prior);
  const part = (f: DenseFeature, x: number): number => ((x - f.mean) / f.sd) * f.weight;
  const shapeModel = Object.entries(model.shape) as [ShapeFeature, DenseFeature][];
  const values = shapeValues(e.domain, e.titles, e.urls);
  const shape = shapeModel.reduce((s, [name, f]) => s + part(f, values[name]), 0);
  if (model.vectors) {
    const vectors = loadWordVectors();
    if (vectors.header.integrity !== model.vectors.integrity) throw new Error('estimator fitted on other word vectors');
    const v = headlineVector(vectors, e.titles);
    model.vectors.columns.forEach((f, d) => (text += part(f, v?.[d] ?? 0)));
  }
  const parts = {
    intercept: model.intercept,
    text,
    coverage: part(model.dense.coverage, d.coverage),
    log_articles: part(model.dense.log_articles, d.log_articles),
    shape,
  };
  const sum = parts.intercept + parts.text + parts.coverage + parts.log_articles + parts.shape;
  const rating = Math.min(1, Math.max(0, sum));
  return {
    rating,
    parts,
    coverage: d.coverage,
    interval: estimateInterval(model.uncertainty, rating, e.articles),
    observations: { articles: e.articles, stories: e.coverage.stories },
  };
}

/**
 * The text part: the weights of the sample's known terms over their TF-IDF vector ((1 + ln tf) x
 * idf, L2-normalised, as tfidfVector), summed in the order the terms first appear (tfidfVector's
 * index order here, so the sum is the same to the last bit). Counted in one map, without the terms'
 * list or the vector: a late-month pass estimates some 800 domains of up to 200 headlines each,
 * and those lists were 40 % of what its build allocated.
 */
export function textPart(model: Pick<DomainEstimator, 'terms'>, e: Pick<DomainEvidence, 'titles' | 'urls'>): number {
  const counts = new Map<string, number>();
  forEachEvidenceTerm(e, (t) => {
    // Own keys only: a headline word such as "constructor" must not find Object's prototype.
    if (Object.hasOwn(model.terms, t)) counts.set(t, (counts.get(t) ?? 0) + 1);
  });
  // forEach, not the entries' iterator: no [term, count] pair per term.
  let norm = 0;
  counts.forEach((count, t) => {
    const v = tfidfWeight(count, model.terms[t]![0]);
    norm += v * v;
  });
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  let text = 0;
  counts.forEach((count, t) => {
    const [idf, weight] = model.terms[t]!;
    text += weight * (tfidfWeight(count, idf) * scale);
  });
  return text;
}

const estimators = new Map<string, DomainEstimator>();

/** Reads the estimator file once per path. */
export function loadDomainEstimator(file: string = DEFAULT_ESTIMATOR_PATH): DomainEstimator {
  let model = estimators.get(file);
  if (!model) {
    model = JSON.parse(readFileSync(file, 'utf8')) as DomainEstimator;
    estimators.set(file, model);
  }
  return model;
}
