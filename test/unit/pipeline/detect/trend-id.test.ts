import { expect } from 'chai';
import { TREND_ID_PATTERN } from '@trendscope/core';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';

describe('trendIdFor', () => {
  it('matches the public trend id pattern', () => {
    expect(trendIdFor('article-1'))
      .to.match(TREND_ID_PATTERN)
      .and.match(/^tr_[a-z2-7]{16}$/);
  });
  it('is stable for a founding article and differs between articles', () => {
    expect(trendIdFor('a')).to.equal(trendIdFor('a'));
    const ids = new Set(Array.from({ length: 2000 }, (_, i) => trendIdFor(`article-${i}`)));
    expect(ids.size).to.equal(2000);
  });
});
