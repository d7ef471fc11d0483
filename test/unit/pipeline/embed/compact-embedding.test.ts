import { expect } from 'chai';
import { decodeEmbedding, encodeEmbedding } from '@trendscope/pipeline/embed/compact-embedding';
import { dot, unit } from '@trendscope/pipeline/text/word-vectors';

/** A unit vector of 384 dimensions spread like an embedding's (a fixed pseudo-random walk). */
function embeddingLike(seed: number): Float32Array {
  const v = new Float32Array(384);
  let x = seed;
  for (let i = 0; i < v.length; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    v[i] = x / 2 ** 31 - 0.5;
  }
  return unit(v)!;
}

describe('a compact (int8) sentence embedding kept on an article', () => {
  it('reads back within 0.001 of cosine of the embedding, as a unit vector, in 528 base64 characters', () => {
    const v = embeddingLike(7);
    const stored = encodeEmbedding('Ebola outbreak spreads', v);
    expect(stored).to.have.length(528);
    const back = decodeEmbedding('Ebola outbreak spreads', stored)!;
    expect(back).to.have.length(384);
    expect(dot(back, back)).to.be.closeTo(1, 1e-6);
    expect(dot(back, v)).to.be.above(0.999);
    expect(dot(back, embeddingLike(8))).to.be.below(0.2);
  });
  it('is refused for another text (the article changed) and for what is not one', () => {
    const stored = encodeEmbedding('Ebola outbreak spreads', embeddingLike(7));
    expect(decodeEmbedding('Ebola outbreak spreads.', stored)).to.equal(undefined);
    expect(decodeEmbedding('Ebola outbreak spreads', undefined)).to.equal(undefined);
    expect(decodeEmbedding('Ebola outbreak spreads', 42)).to.equal(undefined);
    expect(decodeEmbedding('Ebola outbreak spreads', 'not base64 at all!')).to.equal(undefined);
    expect(decodeEmbedding('Ebola outbreak spreads', stored.slice(0, 12))).to.equal(undefined);
  });
  it('stores the same vector as the same string (a replay writes the same article)', () => {
    expect(encodeEmbedding('t', embeddingLike(3))).to.equal(encodeEmbedding('t', embeddingLike(3)));
    expect(encodeEmbedding('t', embeddingLike(3))).to.not.equal(encodeEmbedding('t', embeddingLike(4)));
  });
});
