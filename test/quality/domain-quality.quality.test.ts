import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { loadDomainEstimator } from '@trendscope/pipeline/score/domain-estimate';
import { SHAPE_FEATURES } from '@trendscope/pipeline/score/domain-shape';
import { ESTIMATOR_OPTIONS } from '@trendscope/pipeline/lab/train/domain-quality/estimator-settings';
import {
  calibrationData,
  crossValidateEstimator,
  MIN_ARTICLES,
  RATINGS_CSV,
} from '@trendscope/pipeline/lab/evaluate/domain-quality/validate-estimator';

// Figures, ablations and the calibration plot are in docs/quality.md.
describe('domain quality estimator (k-fold over rated UCI domains, held-out domains only)', function () {
  this.timeout(300_000);

  it('was fitted on the rating file that is beside the repository now (`make domain-model` refits it)', () => {
    const meta = loadDomainEstimator().meta as { ratings: { sha256: string } };
    expect(meta.ratings.sha256).to.equal(createHash('sha256').update(readFileSync(RATINGS_CSV)).digest('hex'));
  });

  it('carries a weight for every shape feature (headline style, URL and domain-name structure)', () => {
    const model = loadDomainEstimator();
    expect(Object.keys(model.shape).sort()).to.deep.equal([...SHAPE_FEATURES].sort());
  });

  it(`ranks held-out rated domains with >= ${MIN_ARTICLES} articles at the Spearman rho reached`, () => {
    const r = crossValidateEstimator(calibrationData(), ESTIMATOR_OPTIONS);
    process.stdout.write(`      rho ${r.rho} over ${r.heldOut.length} domains; per fold ${r.perFold.join(', ')}\n`);
    expect(r.heldOut.length).to.be.at.least(1000);
    expect(r.rho).to.be.at.least(0.37);
    for (const f of r.perFold) expect(f).to.be.at.least(0.3);
  });
});
