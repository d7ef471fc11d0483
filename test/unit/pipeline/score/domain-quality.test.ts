import { expect } from 'chai';
import {
  computeDomainQuality,
  DOMAIN_QUALITY_WEIGHTS,
  LENGTH_TARGET,
  OBSERVED_MAX_WEIGHT,
  observedWeight,
  qualityScore,
  type DomainArticle,
} from '@trendscope/pipeline/score/domain-quality';
import type { DomainEstimate } from '@trendscope/pipeline/score/domain-estimate';

const NOW = new Date('2026-11-21T12:00:00Z');

function article(over: Partial<DomainArticle> = {}): DomainArticle {
  return {
    author: 'A. Writer',
    published_date: '2026-11-20T10:00:00Z',
    word_count: LENGTH_TARGET,
    simhash: '0123456789abcdef',
    https: true,
    content_retained: true,
    domain: 'example.com',
    publisher: 'Example News',
    fetch_method: 'page',
    ...over,
  };
}

describe('domain quality score', () => {
  it('has weights that add up to 1', () => {
    const sum = Object.values(DOMAIN_QUALITY_WEIGHTS).reduce((a, b) => a + b, 0);
    expect(sum).to.be.closeTo(1, 1e-9);
  });

  it('scores 10.0 when every signal is full', () => {
    const d = computeDomainQuality([article()], { now: NOW });
    expect(d.quality_score).to.equal(10);
    expect(d.updated_at).to.equal(NOW.toISOString());
    expect(d).to.include({ domain: 'example.com', articles: 1, originality: 1, https_share: 1 });
  });

  it('scores 1.0 when every signal is empty', () => {
    const a = article({
      author: null,
      published_date: null,
      word_count: 0,
      simhash: null,
      https: false,
      content_retained: false,
    });
    // Originality stays full without a SimHash (nothing shows it is a copy): 1 + 9 x 0.2.
    expect(computeDomainQuality([a], { now: NOW }).quality_score).to.equal(2.8);
    expect(qualityScore(0)).to.equal(1);
    expect(qualityScore(-1)).to.equal(1);
    expect(qualityScore(2)).to.equal(10);
  });

  it('gives the length signal in full at the target median and less below it', () => {
    const at = computeDomainQuality([article({ word_count: LENGTH_TARGET })], { now: NOW }).quality_score;
    const below = computeDomainQuality([article({ word_count: LENGTH_TARGET / 2 })], { now: NOW }).quality_score;
    expect(at).to.equal(10);
    expect(below).to.equal(9.1);
  });

  it('counts a copy of an earlier article of another domain against originality', () => {
    const d = computeDomainQuality(
      [article({ simhash: '0123456789abcdee' }), article({ simhash: 'ffffffff00000000' })],
      {
        now: NOW,
        others: [{ simhash: '0123456789abcdef', published_date: '2026-11-19T00:00:00Z' }],
      },
    );
    expect(d.originality).to.equal(0.5);
    expect(d.quality_score).to.equal(9.1);
  });

  it('rounds to one decimal and takes the median word count', () => {
    const d = computeDomainQuality(
      [
        article({ word_count: 100, author: null }),
        article({ word_count: 300 }),
        article({ word_count: 900, simhash: 'ffff0000ffff0000' }),
      ],
      { now: NOW },
    );
    expect(d.median_word_count).to.equal(300);
    expect(Math.round(d.quality_score * 10) / 10).to.equal(d.quality_score);
  });

  it('refuses an empty article list', () => {
    expect(() => computeDomainQuality([])).to.throw(RangeError);
  });

  describe('with a published rating or an estimate as the prior', () => {
    const estimate = (rating: number): DomainEstimate => ({
      rating,
      coverage: 0.7,
      parts: { intercept: 0.7, text: rating - 0.7, coverage: 0, log_articles: 0, shape: 0 },
    });
    const many = (k: number, over: Partial<DomainArticle> = {}): DomainArticle[] =>
      Array.from({ length: k }, (_, i) =>
        article({ simhash: null, published_date: `2026-11-20T10:${String(i % 60).padStart(2, '0')}:00Z`, ...over }),
      );

    it('maps the rating bounds 0 and 1 onto 1.0 and 10.0 before any evidence', () => {
      expect(qualityScore(0)).to.equal(1);
      expect(qualityScore(1)).to.equal(10);
      expect(qualityScore(0.5)).to.equal(5.5);
      const low = computeDomainQuality([article()], { now: NOW, rating: 0 });
      expect(low.prior).to.equal(1);
      expect(low.rated).to.equal(true);
      expect(low.rating).to.deep.include({ value: 0 });
      expect(low.rating!.source).to.match(/Lin et al\. 2023/);
    });

    it('gives the observed signals a weight that grows with articles and never passes the cap', () => {
      expect(observedWeight(0)).to.equal(0);
      expect(observedWeight(5)).to.be.below(0.025);
      expect(observedWeight(50)).to.be.closeTo(OBSERVED_MAX_WEIGHT / 2, 1e-12);
      expect(observedWeight(1e9)).to.be.below(OBSERVED_MAX_WEIGHT);
      const d = computeDomainQuality(many(50), { now: NOW, rating: 0.5 });
      expect(d.weights.prior + d.weights.observed).to.be.closeTo(1, 1e-9);
    });

    it('lets a handful of perfect articles not flip a low rating', () => {
      const d = computeDomainQuality(many(5), { now: NOW, rating: 0.05 });
      expect(d.observed_score).to.equal(10);
      expect(d.quality_score).to.be.below(2);
    });

    it('keeps the order of two rated outlets whatever a few articles show', () => {
      const sun = computeDomainQuality(many(5), { now: NOW, rating: 0.568 });
      const empty = { author: null, published_date: null, word_count: 0, https: false, content_retained: false };
      const guardian = computeDomainQuality(many(5, empty), { now: NOW, rating: 0.75 });
      expect(guardian.quality_score).to.be.above(sun.quality_score);
    });

    it('uses the estimate for an unrated domain and records its parts', () => {
      const d = computeDomainQuality([article()], { now: NOW, rating: null, estimate: estimate(0.8) });
      expect(d).to.include({ rated: false, rating: null, estimate: 8.2, prior: 8.2 });
      expect(d.estimate_parts).to.include({ rating: 0.8, intercept: 0.7 });
      expect(d.quality_score).to.be.within(8.2, 8.3);
    });

    it('prefers the published rating to the estimate', () => {
      const d = computeDomainQuality([article()], { now: NOW, rating: 1, estimate: estimate(0.1) });
      expect(d.prior).to.equal(10);
      expect(d.estimate).to.equal(1.9);
    });

    it('falls back to the observed score alone without rating and estimate', () => {
      const d = computeDomainQuality([article()], { now: NOW });
      expect(d).to.include({ prior: 10, quality_score: 10, estimate: null });
      expect(d.weights).to.deep.include({ prior: 0, observed: 1, signals: DOMAIN_QUALITY_WEIGHTS });
    });

    // A feed item without a page has no byline, no body and no extraction by construction.
    const headline = (over: Partial<DomainArticle> = {}): DomainArticle =>
      article({ fetch_method: 'feed', author: null, word_count: 0, content_retained: false, simhash: null, ...over });

    it('leaves the prior of a rated domain untouched by headline-only sightings', () => {
      const feedOnly = Array.from({ length: 300 }, () => headline());
      const d = computeDomainQuality(feedOnly, { now: NOW, rating: 1 });
      expect(d).to.include({ quality_score: 10, prior: 10, observed_score: null, observed_articles: 0 });
      expect(d).to.include({ headline_only: 300, articles: 300, share_with_author: null, extraction_success: null });
      expect(d.weights).to.deep.include({ prior: 1, observed: 0 });
      const sitemap = computeDomainQuality([headline({ fetch_method: 'sitemap' })], { now: NOW, rating: 0.72 });
      expect(sitemap.quality_score).to.equal(7.5);
    });

    it('measures the signals of a rated domain over its observed pages only', () => {
      const pages = Array.from({ length: 10 }, (_, i) => article({ simhash: null, word_count: 400 + i }));
      const mixed = computeDomainQuality([...pages, ...Array.from({ length: 90 }, () => headline())], {
        now: NOW,
        rating: 0.5,
      });
      const alone = computeDomainQuality(pages, { now: NOW, rating: 0.5 });
      expect(mixed).to.include({ observed_articles: 10, headline_only: 90, articles: 100, share_with_author: 1 });
      expect(mixed.observed_score).to.equal(alone.observed_score);
      expect(mixed.quality_score).to.equal(alone.quality_score);
      expect(mixed.weights.observed).to.be.closeTo(observedWeight(10), 1e-3);
    });

    it('leaves the estimate of an unrated domain untouched by headline-only sightings and serves its interval', () => {
      const e = {
        ...estimate(0.6),
        interval: { low: 0.41, high: 0.83, level: 0.8, held_out_domains: 212, spearman_rho: 0.31 },
        observations: { articles: 40, stories: 12 },
      };
      const d = computeDomainQuality(
        Array.from({ length: 40 }, () => headline()),
        { now: NOW, estimate: e },
      );
      expect(d).to.include({ estimate: 6.4, prior: 6.4, quality_score: 6.4, observed_score: null });
      // 1 + 9 x 0.41 = 4.69 down to 4.6, 1 + 9 x 0.83 = 8.47 up to 8.5: never narrower than measured.
      expect(d.estimate_interval).to.deep.equal({
        low: 4.6,
        high: 8.5,
        level: 0.8,
        held_out_domains: 212,
        spearman_rho: 0.31,
      });
      expect(d.estimate_observations).to.deep.equal({ articles: 40, stories: 12 });
    });

    it('scores an unrated domain without an estimate from every sighting (all there is)', () => {
      const d = computeDomainQuality([headline(), article()], { now: NOW });
      expect(d).to.include({ observed_articles: 2, headline_only: 1, share_with_author: 0.5 });
      expect(d.weights).to.deep.include({ prior: 0, observed: 1 });
    });
  });
});
