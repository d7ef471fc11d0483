/**
 * The committed estimator's answer for well-known outlets that the rating file does not hold
 * (the estimate the service shows for them), from their UCI headlines and story graph. Figures in
 * docs/quality.md. Run: `node --import tsx lab/evaluate/domain-quality/unrated-outlets.ts [--with-vectors]`
 * (`--with-vectors`: an estimator fitted here on every rated domain with the headline-vector
 * features too, the variant that was tried and not committed).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { estimateRating, loadDomainEstimator } from '../../../src/score/domain-estimate';
import { ratingOf } from '../../../src/score/domain-ratings';
import { trainDomainEstimator } from '../../train/domain-quality/train-domain-estimator';
import { ESTIMATOR_OPTIONS } from '../../train/domain-quality/estimator-settings';
import { uciEvidence } from './uci-domain-evidence';
import { calibrationData } from './validate-estimator';
import { atMost, readCommandLine } from '../../command-line';

/** Outlets a reader knows, none of them in the 8,019-domain file shipped before 2026-11-27 (all rated in the full one: skipped). */
const OUTLETS = [
  'nytimes.com',
  'washingtonpost.com',
  'foxnews.com',
  'wsj.com',
  'breitbart.com',
  'rt.com',
  'nypost.com',
];

const { values } = readCommandLine(
  'unrated-outlets.ts [--with-vectors]',
  { 'with-vectors': { type: 'boolean', default: false } },
  (line) => {
    atMost(0, line.positionals);
    return line;
  },
);
const input = calibrationData();
const evidence = uciEvidence(input.data, (d) => ratingOf(input.ratings, d));
const model = values['with-vectors']
  ? trainDomainEstimator(
      input.data.domains.flatMap((d) => {
        const rating = ratingOf(input.ratings, d.domain);
        return rating === null ? [] : [{ domain: d.domain, rating, evidence: evidence.get(d.domain)! }];
      }),
      { ...ESTIMATOR_OPTIONS, use: { text: true, coverage: true, articles: true, shape: true, vectors: true } },
    )
  : loadDomainEstimator();
for (const domain of OUTLETS) {
  const e = evidence.get(domain);
  const rating = ratingOf(input.ratings, domain);
  if (!e || rating !== null) {
    process.stdout.write(`${JSON.stringify({ domain, skipped: e ? 'rated' : 'not in the UCI corpus' })}\n`);
    continue;
  }
  const est = estimateRating(model, e);
  const parts = Object.fromEntries(Object.entries(est.parts).map(([k, v]) => [k, Math.round(v * 1000) / 1000]));
  const rounded = Math.round(est.rating * 1000) / 1000;
  const score = Math.round((1 + 9 * est.rating) * 10) / 10;
  process.stdout.write(`${JSON.stringify({ domain, articles: e.articles, estimate: rounded, score, parts })}\n`);
}
