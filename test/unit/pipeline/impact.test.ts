import { expect } from 'chai';
import { businessImpact, CATEGORY_WEIGHTS, impactScore } from '../../../services/pipeline/src/detect/impact';

describe('business impact score', () => {
  it('rounds and clamps the point total to 1..10', () => {
    expect(impactScore(0)).to.equal(1);
    expect(impactScore(1.49)).to.equal(1);
    expect(impactScore(1.5)).to.equal(2);
    expect(impactScore(9.49)).to.equal(9);
    expect(impactScore(9.5)).to.equal(10);
    expect(impactScore(12)).to.equal(10);
  });

  it('gives the lowest score to a single low-quality sports report', () => {
    const b = businessImpact({ reports: 1, publishers: 1, meanQuality: 1, category: 'sports', text: 'Match report' });
    expect(b.quality).to.equal(0);
    expect(b.signals).to.equal(0);
    expect(b.total).to.equal(1.41);
    expect(b.score).to.equal(1);
  });

  it('gives 10 when every part is at its cap', () => {
    const b = businessImpact({
      reports: 100,
      publishers: 20,
      meanQuality: 10,
      category: 'business',
      text: 'Acquisition and layoffs follow earnings; lawsuit filed',
    });
    expect(b).to.include({ volume: 3, publishers: 2, quality: 1.5, category: 2, signals: 1.5, score: 10 });
    expect(b.signal_terms).to.include.members(['acquisition', 'layoff', 'earning', 'lawsuit']);
  });

  it('caps volume at 3 points (100 reports) and publishers at 2 (20 publishers)', () => {
    expect(businessImpact({ reports: 1000, publishers: 50, meanQuality: 1, category: 'other', text: '' })).to.include({
      volume: 3,
      publishers: 2,
    });
    expect(businessImpact({ reports: 9, publishers: 1, meanQuality: 1, category: 'other', text: '' }).volume).to.equal(
      1.5,
    );
  });

  it('weights business above entertainment', () => {
    expect(CATEGORY_WEIGHTS.business).to.be.greaterThan(CATEGORY_WEIGHTS.entertainment);
  });
});
