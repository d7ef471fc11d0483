import { expect } from 'chai';
import { coCoverage, coverageValue } from '@trendscope/pipeline/score/domain-evidence';
import { parseDomainRatings, ratingOf } from '@trendscope/pipeline/score/domain-ratings';

describe('domain ratings', () => {
  const ratings = parseDomainRatings('domain,pc1\nreuters.com,1\ncnn.com,0.66\nbad.example,1.5\nnoval.example,\n');

  it('reads the CSV and skips values outside 0..1 or missing', () => {
    expect([...ratings.keys()]).to.deep.equal(['reuters.com', 'cnn.com']);
  });

  it('finds a rating by the domain, a leading www. or a rated parent, never by a public suffix', () => {
    expect(ratingOf(ratings, 'reuters.com')).to.equal(1);
    expect(ratingOf(ratings, 'WWW.Reuters.com')).to.equal(1);
    expect(ratingOf(ratings, 'edition.cnn.com')).to.equal(0.66);
    expect(ratingOf(parseDomainRatings('domain,pc1\nco.uk,0.5\n'), 'thesun.co.uk')).to.equal(null);
    expect(ratingOf(ratings, 'example.org')).to.equal(null);
  });

  it('measures co-coverage from the other rated reporters of each story, never from the domain itself', () => {
    const of = (d: string): number | null => ratingOf(ratings, d);
    const c = coCoverage(
      [['reuters.com', 'cnn.com', 'blog.example'], ['reuters.com', 'blog.example'], ['lonely.example']],
      of,
    );
    expect(c.get('blog.example')!.stories).to.equal(2);
    expect(c.get('blog.example')!.rating_sum).to.be.closeTo(0.83 + 1, 1e-9);
    expect(c.get('reuters.com')!.stories).to.equal(1);
    expect(c.get('reuters.com')!.rating_sum).to.be.closeTo(0.66, 1e-9);
    expect(c.has('lonely.example')).to.equal(false);
    // Shrunk towards the prior: one story says little.
    expect(coverageValue({ stories: 1, rating_sum: 1 }, 0.6)).to.be.closeTo((1 + 3 * 0.6) / 4, 1e-12);
  });
});
