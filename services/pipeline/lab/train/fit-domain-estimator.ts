/**
 * Rebuilds services/pipeline/models/domain-quality-estimator.json: the estimator of unrated
 * domains' quality, fitted on every rated domain of the UCI corpus (ratings read in place from
 * ../shared/corpus/domain-quality-ratings), with the k-fold figures of validate-estimator.ts and
 * the rating file's digest in its meta, and the held-out errors per article count that make each
 * estimate's interval (estimate-interval.ts). Run: `npm run fit:domain-estimator -w services/pipeline`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_ESTIMATOR_PATH } from '../../src/score/domain-estimate';
import { ratingOf } from '../../src/score/domain-ratings';
import { fitUncertainty } from '../../src/score/estimate-interval';
import { trainDomainEstimator } from './domain-quality/train-domain-estimator';
import {
  calibrationData,
  crossValidateEstimator,
  DOMAIN_FOLDS,
  domainFold,
  MIN_ARTICLES,
  RATINGS_CSV,
  rho,
} from '../evaluate/domain-quality/validate-estimator';
import { ESTIMATOR_OPTIONS } from './domain-quality/estimator-settings';
import { uciEvidence } from '../evaluate/domain-quality/uci-domain-evidence';

readCommandLine('fit-domain-estimator.ts (writes models/domain-quality-estimator.json)', {}, ({ positionals }) =>
  atMost(0, positionals),
);

const input = calibrationData();
// One k-fold over every held-out rated domain: the intervals need the errors at 1-2 articles too;
// the validation figure stays the one over domains with at least MIN_ARTICLES.
const all = crossValidateEstimator(input, ESTIMATOR_OPTIONS, 1);
const scored = all.heldOut.filter((h) => h.articles >= MIN_ARTICLES);
const validation = {
  rho: rho(scored),
  perFold: Array.from({ length: DOMAIN_FOLDS }, (_, k) => rho(scored.filter((h) => domainFold(h.domain) === k))),
  heldOut: scored,
};
const visible = (d: string): number | null => ratingOf(input.ratings, d);
const evidence = uciEvidence(input.data, visible);
const rated = input.data.domains.flatMap((d) => {
  const rating = visible(d.domain);
  return rating === null ? [] : [{ domain: d.domain, rating, evidence: evidence.get(d.domain)! }];
});
const model = trainDomainEstimator(rated, ESTIMATOR_OPTIONS);
model.uncertainty = fitUncertainty(all.heldOut);
model.meta.fitted_on = 'uci-news-aggregator domains with a published rating (story graph: UCI STORY ids)';
model.meta.ratings = {
  file: 'domain-quality-ratings/domain_pc1.csv',
  sha256: createHash('sha256').update(readFileSync(RATINGS_CSV)).digest('hex'),
  domains: input.ratings.size,
};
model.meta.validation = {
  folds: validation.perFold.length,
  held_out_domains: validation.heldOut.length,
  spearman_rho: validation.rho,
  spearman_rho_per_fold: validation.perFold,
};
const json = `${JSON.stringify(model)}\n`;
writeFileSync(DEFAULT_ESTIMATOR_PATH, json);
process.stdout.write(
  `${JSON.stringify({ bytes: json.length, validation: model.meta.validation, uncertainty: model.uncertainty })}\n`,
);
