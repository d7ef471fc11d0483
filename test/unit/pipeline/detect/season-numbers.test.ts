import { expect } from 'chai';
import { otherSeasons, seasonNumbers } from '@trendscope/pipeline/detect/season-numbers';

describe('season numbers of a series (season-numbers.ts)', () => {
  it('reads a season by its number, its number word or its ordinal', () => {
    const heads = [
      'The Walking Dead season 4 finale',
      'Season Five spoilers',
      'the sixth season',
      '7th season',
      'Series 8',
    ];
    expect([...seasonNumbers(heads)]).to.deep.equal([4, 5, 6, 7, 8]);
  });

  it('reads no season in a season named by no number, a year, or a product line', () => {
    expect(seasonNumbers(['Mets end season on a high', 'World Series 2014 odds', 'BMW 3 Series review']).size).to.equal(
      0,
    );
  });

  it('tells two seasons apart only when both trends name one', () => {
    expect(otherSeasons(['season 4 finale'], ['season 5 poster'])).to.equal(true);
    expect(otherSeasons(['season 4 finale', 'season 5 teased'], ['season 5 poster'])).to.equal(false);
    // Each by the season it names most: season 4's recaps glance at season 5's spoilers.
    const recaps = ['season 4 finale recap', 'Season 4 Finale and Season 5 Spoilers', 'Season 4 Finale breaks records'];
    expect(otherSeasons(recaps, ['season 5 poster'])).to.equal(true);
    expect(otherSeasons(recaps, ['season 4 finale review'])).to.equal(false);
    expect(otherSeasons(['season finale'], ['season 5 poster'])).to.equal(false);
  });
});
