import { expect } from 'chai';
import { loadGiveme } from '@trendscope/pipeline/lab/corpus/giveme.corpus';
import { hammingDistance, NEAR_DUPLICATE_BITS, NearDuplicateIndex, simhash } from '@trendscope/pipeline/score/simhash';

const STORY =
  'The European Commission opened an investigation into the merger of two chip makers on Monday, ' +
  'saying the deal could raise prices for smartphone makers across the continent. The companies said ' +
  'they would cooperate fully with the inquiry and expected the review to conclude next year.';

describe('simhash', () => {
  it('is 16 lower-case hex characters and deterministic', () => {
    expect(simhash(STORY))
      .to.match(/^[0-9a-f]{16}$/)
      .and.equal(simhash(STORY));
  });

  it('puts syndicated copies of real articles (byline and footer changed) within the near-duplicate distance', () => {
    const bodies = loadGiveme({ damaged: false })
      .map((r) => r.text)
      .filter((t) => t.split(/\s+/).length >= 400)
      .slice(0, 20);
    expect(bodies).to.have.length(20);
    for (const body of bodies) {
      const copy = `By Staff Writer\n${body}\nCopyright Example Wire.`;
      expect(hammingDistance(simhash(body), simhash(copy))).to.be.at.most(NEAR_DUPLICATE_BITS);
    }
  });

  it('keeps unrelated texts far apart', () => {
    const other =
      'The home side won the cup final after extra time, their captain scoring twice in front of a record crowd.';
    expect(hammingDistance(simhash(STORY), simhash(other))).to.be.greaterThan(10);
  });

  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).to.equal(64);
    expect(hammingDistance('0000000000000001', '0000000000000000')).to.equal(1);
    expect(() => hammingDistance('xyz', '0000000000000000')).to.throw(RangeError);
  });

  it('finds near-duplicates through the band index without missing one 3 bits away', () => {
    const index = new NearDuplicateIndex<string>();
    index.add('0123456789abcdef', 'a');
    index.add('fedcba9876543210', 'b');
    // Three flipped bits, one in each of three bands.
    expect(index.near('1123556799abcdef')).to.deep.equal(['a']);
    expect(index.near('0000000000000000')).to.deep.equal([]);
  });
});
