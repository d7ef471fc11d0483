import { expect } from 'chai';
import { detectLanguage } from '@trendscope/pipeline/score/detect-language';
import { extractEntities } from '@trendscope/pipeline/score/entities';
import { scoreArticle } from '@trendscope/pipeline/score/score-article';

describe('scoreArticle', () => {
  it('returns language, body word count, SimHash and entities', () => {
    const s = scoreArticle({
      title: 'Bank of England raises rates',
      text: 'The Bank of England raised interest rates on Thursday, and the IMF welcomed the move in Washington.',
      url: 'https://example.com/a',
    });
    expect(s.language).to.equal('en');
    expect(s.word_count).to.equal(17);
    expect(s.simhash).to.match(/^[0-9a-f]{16}$/);
    expect(s.entities).to.include.members(['bank of england', 'imf', 'washington']);
    expect(s.entities).not.to.include('the');
  });

  it('leaves the language null when the text gives no evidence', () => {
    expect(detectLanguage('Zzz 123')).to.equal(null);
    expect(scoreArticle({ title: '', text: '', url: 'https://example.com/' })).to.include({
      word_count: 0,
      language: null,
    });
  });

  it('tells German from English', () => {
    expect(
      detectLanguage('Die Regierung hat am Montag mitgeteilt, dass sie nicht mit der Opposition spricht.'),
    ).to.equal('de');
  });

  it('finds acronyms and multi-word names, not sentence-initial function words', () => {
    const e = extractEntities('The U.S. and North Korea met in Singapore. After the talks, NASA said nothing.');
    expect(e).to.include.members(['u.s.', 'north korea', 'singapore', 'nasa']);
    expect(e).not.to.include('after');
  });
});
