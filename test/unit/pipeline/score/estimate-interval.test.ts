import { expect } from 'chai';
import {
  estimateInterval,
  fitUncertainty,
  INTERVAL_LEVEL,
  type HeldOutError,
} from '@trendscope/pipeline/score/estimate-interval';

/** Held-out errors -k/n .. +k/n spread evenly, at `articles` articles each. */
function spread(n: number, width: number, articles: number): HeldOutError[] {
  return Array.from({ length: n }, (_, i) => ({
    articles,
    estimate: 0.5,
    rating: 0.5 + width * ((2 * i) / (n - 1) - 1),
  }));
}

describe('estimate interval (held-out errors by article count)', () => {
  it('takes the central 80 % of the held-out errors of each article-count bin', () => {
    const u = fitUncertainty([...spread(101, 0.3, 1), ...spread(101, 0.1, 50)]);
    expect(u.level).to.equal(INTERVAL_LEVEL);
    expect(u.bins.map((b) => b.min_articles)).to.deep.equal([1, 30]);
    expect(u.bins[0]).to.include({ low: -0.24, high: 0.24, domains: 101 });
    expect(u.bins[1]).to.include({ low: -0.08, high: 0.08, domains: 101 });
    // Few articles: the wide bin; many: the narrow one; clamped to the 0-1 rating scale.
    expect(estimateInterval(u, 0.5, 2)).to.deep.include({ low: 0.26, high: 0.74, held_out_domains: 101 });
    expect(estimateInterval(u, 0.5, 400)).to.deep.include({ low: 0.42, high: 0.58 });
    expect(estimateInterval(u, 0.95, 1)!.high).to.equal(1);
  });

  it('merges a bin of fewer than 20 domains into its neighbour instead of trusting a handful', () => {
    const u = fitUncertainty([...spread(50, 0.1, 3), ...spread(5, 0.5, 12)]);
    expect(u.bins).to.have.length(1);
    expect(u.bins[0]).to.include({ min_articles: 3, domains: 55 });
  });

  it('gives no interval without held-out errors (an estimator fitted before intervals)', () => {
    expect(estimateInterval(undefined, 0.5, 10)).to.equal(null);
    expect(estimateInterval({ level: 0.8, bins: [] }, 0.5, 10)).to.equal(null);
  });
});
