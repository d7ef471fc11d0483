import { expect } from 'chai';
import {
  argumentTerms,
  distinctArguments,
  nameTerms,
  sameCast,
  sameCastEvent,
  withoutNames,
} from '@trendscope/pipeline/detect/argument-terms';

describe('argument-terms', () => {
  it('reads names inside sentence-case headlines and acronyms anywhere, not a first word or a title-case capital', () => {
    expect([...nameTerms(['US PS4 sales only just beat Xbox One in February'])]).to.deep.equal(['ps4', 'xbox']);
    expect([...nameTerms(['Search for missing Malaysian Airlines plane expands from Australia'])]).to.deep.equal([
      'malaysian',
      'airline',
      'australia',
    ]);
    // Title case: its capitals tell nothing ("from" is a small word a title keeps in lower case).
    expect([...nameTerms(["Malaysia: Files Deleted from Missing Pilot's Flight Simulator"])]).to.deep.equal([]);
    // A clause's first word after a colon, and a month, are no names.
    expect([...nameTerms(['Gas prices: Survey says up in March'])]).to.deep.equal([]);
  });

  it('counts the headlines naming each number or name read on either side', () => {
    const names = nameTerms(['Titanfall helps Xbox One sales in the UK']);
    const counts = argumentTerms(['Xbox One: Titanfall Boosts Sales By 96%', 'Titanfall boosts Xbox One sales'], names);
    expect(Object.fromEntries(counts)).to.deep.equal({ xbox: 2, 96: 1 });
  });

  it('tells the arguments only one side names from those both name', () => {
    const ps4 = ['PS4 Sales Tops Xbox One in February', 'US PS4 sales only just beat Xbox One in February'];
    const titanfall = ['Titanfall boosts Xbox One sales', 'Titanfall helps Xbox One sales in the UK'];
    expect(distinctArguments(ps4, titanfall)).to.deep.equal({ onlyA: ['ps4'], onlyB: ['uk'], shared: ['xbox'] });
    expect(distinctArguments(ps4, titanfall, 2)).to.deep.equal({ onlyA: ['ps4'], onlyB: [], shared: ['xbox'] });
  });

  it('one cast: the same names told again; a second product, week or film named in two headlines is another', () => {
    const saucer = [
      'NASA tests out flying saucer for future Mars missions',
      'NASA says weird Mars lights are not life',
    ];
    const saucerNext = [
      'NASA Reveals Flying Saucer for Future Mars Missions',
      'NASA may use a flying saucer for upcoming mission to Mars',
    ];
    expect(sameCast(saucer, saucerNext)).to.equal(true);
    const gas = ['US gas prices rose nearly 5 cents over 2 weeks', 'US gas prices rose nearly 5 cents over two weeks'];
    expect(sameCast(gas, ['Gas prices hold', 'Gas prices fall 1 cent over past week'])).to.equal(false);
    // A name one headline drops in passing is no second event.
    expect(sameCast(saucer, [...saucerNext.slice(0, 1), 'Mars saucer test at NASA, says Bolden'])).to.equal(true);
    expect(sameCast(['Titanfall boosts Xbox One sales'], ['Titanfall boosts Xbox One sales'])).to.equal(true);
  });

  it('reads the kind of event with the names masked: a planet named is no sky event', () => {
    expect(
      withoutNames(['NASA tests out flying saucer for future Mars missions'], new Set(['nasa', 'mar'])),
    ).to.deep.equal(['· tests out flying saucer for future · missions']);
    // NASA's flying saucer beside its Mars lights (UCI April 30-40k, meaning 0.684): "Mars" was the
    // only kind both read; one day's search for MH370 and the next day's read "missing", "search".
    const lights = [
      'NASA tests out flying saucer for future Mars missions',
      'Weird Mars Lights Not A Sign Of Life: NASA',
      'NASA says weird Mars lights are not a sign of life',
    ];
    const saucer = [
      'NASA Reveals Flying Saucer for Future Mars Missions',
      "Landing on Mars in a Flying Saucer: NASA's New Space Ship",
      'NASA may use a flying saucer for upcoming mission to Mars',
    ];
    expect(sameCast(lights, saucer), 'one cast').to.equal(true);
    expect(sameCastEvent(lights, saucer, 0.8), 'no event both report').to.equal(false);
    const search = [
      'Search for missing Malaysian Airlines plane expands',
      'Malaysia Airlines: search on for missing plane',
    ];
    const simulator = ['Missing Malaysia plane: Files were deleted from flight simulator', 'Malaysia Airlines search'];
    expect(sameCastEvent(search, simulator, 0.8)).to.equal(true);
  });
});
