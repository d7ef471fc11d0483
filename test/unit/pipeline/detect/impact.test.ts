import { expect } from 'chai';
import { businessImpact, CATEGORY_WEIGHTS, impactScore } from '@trendscope/pipeline/detect/impact';

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

  it('never goes past the volume cap of 3 or the publisher cap of 2', () => {
    expect(businessImpact({ reports: 1000, publishers: 50, meanQuality: 1, category: 'other', text: '' })).to.include({
      volume: 3,
      publishers: 2,
    });
    expect(businessImpact({ reports: 9, publishers: 1, meanQuality: 1, category: 'other', text: '' }).volume).to.equal(
      1.5,
    );
  });

  it('reaches the publisher cap at exactly 20 publishers and the volume cap just under 100 reports', () => {
    const base = { meanQuality: 1, category: 'other' as const, text: '' };
    expect(businessImpact({ ...base, reports: 1, publishers: 20 }).publishers).to.equal(2);
    expect(businessImpact({ ...base, reports: 1, publishers: 19 }).publishers).to.be.below(2);
    expect(businessImpact({ ...base, reports: 99, publishers: 1 }).volume).to.equal(3);
    expect(businessImpact({ ...base, reports: 98, publishers: 1 }).volume).to.be.below(3);
  });

  it('adds 0.5 per distinct signal term up to 1.5 (three terms)', () => {
    const base = { reports: 1, publishers: 1, meanQuality: 1, category: 'other' as const };
    expect(businessImpact({ ...base, text: 'merger' }).signals).to.equal(0.5);
    expect(businessImpact({ ...base, text: 'merger merger lawsuit' }).signals).to.equal(1);
    expect(businessImpact({ ...base, text: 'merger lawsuit tariffs' }).signals).to.equal(1.5);
    expect(businessImpact({ ...base, text: 'merger lawsuit tariffs layoffs' }).signals).to.equal(1.5);
  });

  it('maps mean domain quality 1..10 onto 0..1.5 points', () => {
    const base = { reports: 1, publishers: 1, category: 'other' as const, text: '' };
    expect(businessImpact({ ...base, meanQuality: 1 }).quality).to.equal(0);
    expect(businessImpact({ ...base, meanQuality: 5.5 }).quality).to.equal(0.75);
    expect(businessImpact({ ...base, meanQuality: 10 }).quality).to.equal(1.5);
  });

  it('weights business above entertainment', () => {
    expect(CATEGORY_WEIGHTS.business).to.be.greaterThan(CATEGORY_WEIGHTS.entertainment);
  });
});
