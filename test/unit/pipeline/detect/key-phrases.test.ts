import { expect } from 'chai';
import { keyPhrases, topicLabel } from '@trendscope/pipeline/detect/key-phrases';

const flatIdf = (): number => 1;

describe('topicLabel', () => {
  it('uses a multi-word key phrase shared by the titles', () => {
    const titles = [
      'Panama Papers reveal offshore holdings of leaders',
      'Leaders named in the Panama Papers respond',
      'What the Panama Papers mean for tax havens',
    ];
    expect(topicLabel(keyPhrases(titles, flatIdf), 'fallback headline')).to.equal('Panama Papers');
  });

  it('falls back to the central headline when the best phrase is a single word', () => {
    const phrases = [
      { key: 'drug', display: 'drug', score: 3 },
      { key: 'compani', display: 'company', score: 2 },
    ];
    expect(topicLabel(phrases, 'Drug company agrees to give dying boy experimental drug')).to.equal(
      'Drug company agrees to give dying boy experimental drug',
    );
  });

  it('falls back when there is no phrase at all', () => {
    expect(topicLabel([], 'Only headline')).to.equal('Only headline');
  });
});
