import { expect } from 'chai';
import {
  articleLabeller,
  AT_ONCE_READINGS,
  correctedGold,
  correctLabels,
  loadReadings,
  loadSplits,
  pairReadings,
  READING_FILES,
} from '@trendscope/pipeline/lab/metrics/corrected-gold';

describe('labels corrected by reading', () => {
  it('merges stories read as one, transitively, and never a pair read as two', () => {
    const correct = correctedGold([
      { oneStory: true, a: 'c', b: 'b' },
      { oneStory: true, a: 'b', b: 'a' },
      { oneStory: false, a: 'a', b: 'x' },
    ]);
    expect(['a', 'b', 'c', 'x', 'y'].map(correct)).to.deep.equal(['a', 'a', 'a', 'x', 'y']);
    expect(correct('uci:c'), "the demo's prefixed labels").to.equal('uci:a');
    expect(correct('giveme:c'), 'another corpus is left alone').to.equal('giveme:c');
    const labels = correctLabels(
      new Map([
        ['1', 'c'],
        ['2', 'x'],
      ]),
      correct,
    );
    expect([...labels]).to.deep.equal([
      ['1', 'a'],
      ['2', 'x'],
    ]);
  });

  it('splits articles read apart from the story they are filed under, and merges the rest', () => {
    const correct = correctedGold([{ oneStory: true, a: 'b', b: 'a' }]);
    const splits = [{ gold: 'b', articles: ['3', '4'] }];
    const labels = correctLabels(
      new Map([
        ['1', 'b'],
        ['2', 'a'],
        ['3', 'b'],
        ['4', 'b'],
        ['5', 'x'],
      ]),
      correct,
      splits,
    );
    expect([...labels.values()]).to.deep.equal(['a', 'a', 'b~3', 'b~3', 'x']);
    const label = articleLabeller(correct, [...splits, { gold: 'x', articles: ['5'] }]);
    expect(label('3', 'uci:b'), "the demo's prefixed labels").to.equal('uci:b~3');
    expect(label('4', 'c'), 'an article filed under another id is not split').to.equal('c');
    expect(label(undefined, 'uci:b'), 'an article without id is only merged').to.equal('uci:a');
    expect(label('5', 'giveme:x'), 'another corpus is split too').to.equal('giveme:x~5');
  });

  it('reads the committed splits (two stories, bare gold ids, article ids)', () => {
    const splits = loadSplits();
    expect(splits.length).to.be.at.least(1);
    expect(splits.every((s) => s.gold !== '' && !s.gold.includes(':') && s.articles.every((a) => a !== ''))).to.equal(
      true,
    );
  });

  it('reads the committed reading files (verdicts and UCI story ids)', () => {
    const readings = READING_FILES.flatMap(loadReadings);
    expect(readings.length).to.equal(98 + 262 + 2);
    expect(readings.every((r) => r.a !== '' && r.b !== '' && !r.a.startsWith('uci:'))).to.equal(true);
    expect(readings.filter((r) => r.oneStory).length).to.equal(82 + 227 + 2);
  });

  it("looks a pair up in the files given, and leaves a pair read 'unsettled' unread", () => {
    const got = ['dQ3YvrFB3FGEoTMqYV0IEY6o384YM', 'uci:dNfnsdLDHC55iVMOPEvPPc6nRh9bM'] as const;
    expect(pairReadings()(...got), 'only the at-once file reads it').to.equal('unread');
    const withAtOnce = pairReadings([...READING_FILES, AT_ONCE_READINGS]);
    expect(withAtOnce(...got)).to.equal('two stories');
    expect(withAtOnce(got[1], got[0])).to.equal('two stories');
    expect(withAtOnce('dEG8NONcrOFHyrMDDH-LXu66S9gCM', 'd14jN-aJ2l-cvYMdbU7N53DjvpdOM')).to.equal('unread');
    expect(loadReadings(AT_ONCE_READINGS).length).to.equal(24 + 19);
  });
});
