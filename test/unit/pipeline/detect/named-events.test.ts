import { expect } from 'chai';
import {
  headlineOccasions,
  occasionCounts,
  sameOccasion,
  sharedOccasion,
} from '@trendscope/pipeline/detect/named-events';
import {
  CONAN,
  FINALE,
  LOHAN_LIST,
  LOHAN_RATINGS,
  SABOTAGE,
  SPLIT,
  TERMINATOR,
  WINNERS,
} from '../../../support/read-headlines';

describe('named-events', () => {
  it('reads an occasion by its head noun and the name before it', () => {
    expect([...headlineOccasions('Hunger Games the big winner at MTV Movie Awards')]).to.include('movie award');
    expect([...headlineOccasions('9 Tax Day freebies on April 15')]).to.deep.equal(['tax day']);
    expect([...headlineOccasions('Palm Sunday starts Christian Holy Week')]).to.deep.equal([
      'palm sunday',
      'holy week',
    ]);
    expect([...headlineOccasions('UN Report on Climate Change')]).to.deep.equal(['un report']);
    expect([...headlineOccasions("Cost of fighting global warming is 'modest': U.N. panel")]).to.deep.equal([
      'un panel',
    ]);
    // "report" after a word that is no acronym names no body's report.
    expect([...headlineOccasions('Climate Change Report')]).to.deep.equal([]);
  });

  it('reads no occasion in a show, a person, a title-case adjective or a weekday', () => {
    for (const h of [...FINALE, ...SPLIT, ...LOHAN_LIST, ...LOHAN_RATINGS, ...TERMINATOR, ...SABOTAGE])
      expect([...headlineOccasions(h)], h).to.deep.equal([]);
    expect([...headlineOccasions("Colbert Named Letterman's Successor On Late Show")]).to.deep.equal([]);
    expect([...headlineOccasions('The Best Day Ever')]).to.deep.equal([]);
    expect([...headlineOccasions('Stocks Fall On Monday Week')]).to.deep.equal([]);
  });

  it("reads no occasion in a work's title", () => {
    const TRAILER = ["New 'Hunger Games: Mockingjay' trailer out", 'Hunger Games sequel trailer shows Katniss'];
    const CAST = ["'Hunger Games' cast on the red carpet", 'Hunger Games stars on the red carpet'];
    expect(sharedOccasion(TRAILER, CAST)).to.equal(undefined);
    // The winners name the awards, not the film, as their occasion.
    expect(sharedOccasion(WINNERS, CONAN)).to.equal('movie award');
  });

  it('counts an occasion read in one headline where another writes it in lower case', () => {
    const counts = occasionCounts(['Tax day freebies', 'Tax Day is Tuesday, April 15'], new Set(['tax day']));
    expect(Object.fromEntries(counts)).to.deep.equal({ 'tax day': 2 });
    expect(sharedOccasion(['Tax day freebies'], ['Tax Day is Tuesday, April 15'])).to.equal('tax day');
  });

  it('reads one occasion in the awards told by the host and by the winners, not in two stories of a subject', () => {
    expect(sameOccasion(CONAN, WINNERS)).to.equal(true);
    expect(sameOccasion(TERMINATOR, SABOTAGE)).to.equal(false);
    expect(sameOccasion(FINALE, SPLIT)).to.equal(false);
    expect(sameOccasion(LOHAN_LIST, LOHAN_RATINGS)).to.equal(false);
  });

  it('asks one side to name the occasion in two headlines: a date given in passing is no occasion', () => {
    const RETURNS = [
      'Tax Freedom Day',
      'How to Get More Time to File Your Tax Return',
      'Only two days left to file taxes',
    ];
    const STUDY = [
      'Study: Indiana residents paying more in taxes',
      'Study finds Indiana residents paying more in taxes',
      'Tax Freedom Day',
    ];
    expect(sharedOccasion(RETURNS, STUDY)).to.equal('freedom day');
    expect(sameOccasion(RETURNS, STUDY)).to.equal(false);
  });
});
