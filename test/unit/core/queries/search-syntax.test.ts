import { expect } from 'chai';
import { MAX_SEARCH_TOKENS, parseSearch } from '@trendscope/core';

describe('search syntax', () => {
  it('reads plain words as one group', () => {
    expect(parseSearch('ai act')).to.deep.equal({
      groups: [{ words: ['ai', 'act'], phrases: [] }],
      excludedWords: [],
      excludedPhrases: [],
    });
  });

  it('reads quoted phrases and - exclusions', () => {
    expect(parseSearch('"interest rates" -crypto -"bank run"')).to.deep.equal({
      groups: [{ words: [], phrases: ['interest rates'] }],
      excludedWords: ['crypto'],
      excludedPhrases: ['bank run'],
    });
  });

  it('splits alternatives on OR', () => {
    expect(parseSearch('ai OR "machine learning" OR').groups).to.deep.equal([
      { words: ['ai'], phrases: [] },
      { words: [], phrases: ['machine learning'] },
    ]);
  });

  it('never fails on malformed syntax', () => {
    expect(parseSearch('"unclosed phrase').groups).to.deep.equal([{ words: [], phrases: ['unclosed phrase'] }]);
    expect(parseSearch('- -- " "" OR OR').groups.flatMap((g) => g.words)).to.deep.equal(['-']);
    for (const q of ['(', ')', '*', 'a:b', '\\', '{{}}', '"', '-']) expect(() => parseSearch(q)).not.to.throw();
  });

  it('bounds the number of clauses', () => {
    const parsed = parseSearch(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '));
    expect(parsed.groups[0]?.words).to.have.length(MAX_SEARCH_TOKENS);
  });
});
