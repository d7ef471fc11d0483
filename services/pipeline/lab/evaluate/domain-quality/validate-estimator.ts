/**
 * Validation of the domain quality estimator on rated domains it was not fitted on (k-fold over
 * domains). Run: `node --import tsx lab/evaluate/domain-quality/validate-estimator.ts [variant...]`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { knownNames, readCommandLine } from '../../command-line';
import { sampleRankCorrelation } from 'simple-statistics';
import { estimateRating } from '../../../src/score/domain-estimate';
import { loadDomainRatings, ratingOf } from '../../../src/score/domain-ratings';
import { trainDomainEstimator, type EstimatorOptions } from '../../train/domain-quality/train-domain-estimator';
import { corpusPath } from '../../corpus/corpus-path';
import { foldOf } from '../../corpus/fold-of';
import { loadUci } from '../../corpus/uci.corpus';
import { ESTIMATOR_OPTIONS } from '../../train/domain-quality/estimator-settings';
import { uciDomains, uciEvidence } from './uci-domain-evidence';

/** Folds of the k-fold over rated domains. */
export const DOMAIN_FOLDS = 5;
/** Held-out domains are scored when they have at least this many articles. */
export const MIN_ARTICLES = 3;

/** The rating file beside the repository. */
export const RATINGS_CSV = corpusPath('domain-quality-ratings', 'domain_pc1.csv');

/** The fold of a domain. */
export function domainFold(domain: string): number {
  return foldOf(domain, DOMAIN_FOLDS);
}

/** One held-out prediction. */
export interface HeldOut {
  domain: string;
  articles: number;
  rating: number;
  estimate: number;
}

/** The UCI domains and the ratings, loaded once. */
export function calibrationData(): {
  data: ReturnType<typeof uciDomains>;
  ratings: ReturnType<typeof loadDomainRatings>;
} {
  return { data: uciDomains(loadUci()), ratings: loadDomainRatings(RATINGS_CSV) };
}

/**
 * k-fold over rated domains (those with at least `minArticles` articles scored): each fold's estimator is fitted on the other folds' rated domains,
 * with co-coverage computed from their ratings only, and scores the held-out rated domains.
 */
export function crossValidateEstimator(
  input: ReturnType<typeof calibrationData>,
  opts: Partial<EstimatorOptions> = {},
  minArticles = MIN_ARTICLES,
): { rho: number; perFold: number[]; heldOut: HeldOut[] } {
  const { data, ratings } = input;
  const heldOut: HeldOut[] = [];
  const perFold: number[] = [];
  for (let k = 0; k < DOMAIN_FOLDS; k++) {
    const visible = (d: string): number | null => (domainFold(d) === k ? null : ratingOf(ratings, d));
    const fold = scoreFold(data, visible, (d) => domainFold(d) === k, opts, ratings, minArticles);
    perFold.push(rho(fold));
    heldOut.push(...fold);
  }
  return { rho: rho(heldOut), perFold, heldOut };
}

/** Ridge penalties the nested validation chooses among (on inner folds only). */
export const LAMBDA_GRID: readonly number[] = [1, 3, 10, 30];

/**
 * Nested k-fold: for each outer fold the ridge penalty is chosen by an inner k-fold over the other
 * folds' rated domains (the held-out fold is never looked at), then the estimator is fitted with it
 * on all of them and scores the held-out fold. The honest figure for a tuned penalty.
 */
export function nestedCrossValidateEstimator(
  input: ReturnType<typeof calibrationData>,
  opts: Partial<EstimatorOptions> = {},
  grid: readonly number[] = LAMBDA_GRID,
): { rho: number; perFold: number[]; chosen: number[]; heldOut: HeldOut[] } {
  const { data, ratings } = input;
  const heldOut: HeldOut[] = [];
  const perFold: number[] = [];
  const chosen: number[] = [];
  for (let k = 0; k < DOMAIN_FOLDS; k++) {
    const inner = grid.map((lambda) => {
      const items: HeldOut[] = [];
      for (let j = 0; j < DOMAIN_FOLDS; j++) {
        if (j === k) continue;
        const visible = (d: string): number | null =>
          domainFold(d) === k || domainFold(d) === j ? null : ratingOf(ratings, d);
        items.push(...scoreFold(data, visible, (d) => domainFold(d) === j, { ...opts, lambda }, ratings));
      }
      return { lambda, rho: rho(items) };
    });
    const best = inner.reduce((a, b) => (b.rho > a.rho ? b : a));
    chosen.push(best.lambda);
    const visible = (d: string): number | null => (domainFold(d) === k ? null : ratingOf(ratings, d));
    const fold = scoreFold(data, visible, (d) => domainFold(d) === k, { ...opts, lambda: best.lambda }, ratings);
    perFold.push(rho(fold));
    heldOut.push(...fold);
  }
  return { rho: rho(heldOut), perFold, chosen, heldOut };
}

/** Fits on the domains `visible` rates and scores the rated domains `isHeldOut` picks (>= minArticles). */
export function scoreFold(
  data: ReturnType<typeof calibrationData>['data'],
  visible: (domain: string) => number | null,
  isHeldOut: (domain: string) => boolean,
  opts: Partial<EstimatorOptions>,
  ratings: ReturnType<typeof calibrationData>['ratings'],
  minArticles = MIN_ARTICLES,
): HeldOut[] {
  const evidence = uciEvidence(data, visible);
  const train = data.domains.flatMap((d) => {
    const rating = visible(d.domain);
    return rating === null ? [] : [{ domain: d.domain, rating, evidence: evidence.get(d.domain)! }];
  });
  const model = trainDomainEstimator(train, opts);
  const out: HeldOut[] = [];
  for (const d of data.domains) {
    const rating = ratingOf(ratings, d.domain);
    if (!isHeldOut(d.domain) || rating === null || d.titles.length < minArticles) continue;
    out.push({
      domain: d.domain,
      articles: d.titles.length,
      rating,
      estimate: estimateRating(model, evidence.get(d.domain)!).rating,
    });
  }
  return out;
}

/** Spearman's rho between estimates and ratings (three decimals). */
export function rho(items: readonly HeldOut[]): number {
  const r = sampleRankCorrelation(
    items.map((i) => i.estimate),
    items.map((i) => i.rating),
  );
  return Math.round(r * 1000) / 1000;
}

/** The estimator settings compared, by name. */
function estimatorVariants(): Record<string, Partial<EstimatorOptions>> {
  const base = ESTIMATOR_OPTIONS;
  const withVectors = { text: true, coverage: true, articles: true, shape: true, vectors: true };
  return {
    committed: base,
    'text only': { ...base, use: { text: true, coverage: false, articles: false, shape: false } },
    'co-coverage only': { ...base, use: { text: false, coverage: true, articles: false, shape: false } },
    'articles only': { ...base, use: { text: false, coverage: false, articles: true, shape: false } },
    'shape only': { ...base, use: { text: false, coverage: false, articles: false, shape: true } },
    'without text': { ...base, use: { text: false, coverage: true, articles: true, shape: true } },
    'without co-coverage': { ...base, use: { text: true, coverage: false, articles: true, shape: true } },
    'without articles': { ...base, use: { text: true, coverage: true, articles: false, shape: true } },
    'without shape': { ...base, use: { text: true, coverage: true, articles: true, shape: false } },
    'lambda 1': { ...base, lambda: 1 },
    'lambda 10': { ...base, lambda: 10 },
    'lambda 30': { ...base, lambda: 30 },
    'with headline vectors': { ...base, use: withVectors },
    'with headline vectors x0.3': { ...base, use: withVectors, vectorScale: 0.3 },
    'headline vectors instead of text': { ...base, use: { ...withVectors, text: false } },
    'headline vectors only': {
      ...base,
      use: { text: false, coverage: false, articles: false, shape: false, vectors: true },
    },
  };
}

/** The variants cross-validated with the penalty chosen on inner folds, by name. */
function nestedVariants(
  variants: Record<string, Partial<EstimatorOptions>>,
): Record<string, Partial<EstimatorOptions>> {
  return { nested: ESTIMATOR_OPTIONS, 'nested with headline vectors': variants['with headline vectors']! };
}

function main(names: string[]): void {
  const input = calibrationData();
  const variants = estimatorVariants();
  const nested = nestedVariants(variants);
  for (const [name, opts] of Object.entries(nested)) {
    if (!names.includes(name) && !(names.length === 0 && name === 'nested')) continue;
    const r = nestedCrossValidateEstimator(input, opts);
    process.stdout.write(
      `${JSON.stringify({ variant: `${name} (penalty chosen on inner folds)`, rho: r.rho, per_fold: r.perFold, chosen: r.chosen, domains: r.heldOut.length })}\n`,
    );
  }
  for (const [name, opts] of Object.entries(variants)) {
    if (names.length > 0 && !names.includes(name)) continue;
    const r = crossValidateEstimator(input, opts);
    process.stdout.write(
      `${JSON.stringify({ variant: name, rho: r.rho, per_fold: r.perFold, domains: r.heldOut.length })}\n`,
    );
  }
}

if (process.argv[1]?.endsWith('validate-estimator.ts')) {
  const names = readCommandLine('validate-estimator.ts [variant...]', {}, ({ positionals }) => {
    const variants = estimatorVariants();
    return knownNames(positionals, [...Object.keys(nestedVariants(variants)), ...Object.keys(variants)]);
  });
  main(names);
}
