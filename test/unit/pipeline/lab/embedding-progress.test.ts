import { expect } from 'chai';
import { progress } from '@trendscope/pipeline/lab/evaluate/classifier/sentence-embeddings';

describe('progress line of the training-text embedding fill', () => {
  it('draws a bar of the share done and the minutes left at the rate so far', () => {
    // A quarter done in 60 s: three quarters left at that rate is 180 s, 3 minutes.
    expect(progress('minilm', 512, 2048, 0, 60_000)).to.equal(
      'minilm: [########......................] 512/2048 embedded in 60 s, about 3 min left',
    );
    expect(progress('minilm', 2048, 2048, 0, 240_000)).to.equal(
      'minilm: [##############################] 2048/2048 embedded in 240 s, about 0 min left',
    );
  });

  it('says no time left before the first batch is done', () => {
    expect(progress('minilm', 0, 100, 0, 1000)).to.equal(
      'minilm: [..............................] 0/100 embedded in 1 s',
    );
  });
});
