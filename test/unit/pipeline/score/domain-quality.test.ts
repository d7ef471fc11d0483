import { expect } from 'chai';
import {
  computeDomainQuality,
  DOMAIN_QUALITY_WEIGHTS,
  LENGTH_TARGET,
  qualityScore,
  type DomainArticle,
} from '@trendscope/pipeline/score/domain-quality';

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
});
