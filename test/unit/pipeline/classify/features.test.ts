import { expect } from 'chai';
import { classifierFeatures } from '@trendscope/pipeline/classify/features';

describe('classifier features', () => {
  it('are content-term unigrams and bigrams by default', () => {
    expect(classifierFeatures('Oil prices rise on Tuesday (AP)')).to.deep.equal([
      'oil',
      'price',
      'rise',
      'tuesday',
      'oil price',
      'price rise',
      'rise tuesday',
    ]);
    // "AP" is on the stopword list: only the raw words keep a wire's tag.
    expect(classifierFeatures('Oil prices rise on Tuesday (AP)', { rawWords: true })).to.include('w:ap');
  });

  it('add lower-cased raw words and their pairs, stopwords and numbers included, when asked', () => {
    const f = classifierFeatures('Oil up 5 on the news', { rawWords: true });
    expect(f).to.include.members(['w:oil', 'w:up', 'w:5', 'w:on', 'w:the', 'w:news', 'w:on the', 'w:the news']);
    expect(f.filter((x) => x.startsWith('w:'))).to.have.length(6 + 5);
    expect(classifierFeatures('Oil up 5 on the news')).to.not.include('w:the');
  });

  it('give nothing for a text without words', () => {
    expect(classifierFeatures(' -- ', { rawWords: true, geo: true })).to.deep.equal([]);
  });
});
