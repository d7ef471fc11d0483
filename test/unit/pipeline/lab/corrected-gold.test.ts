import { expect } from 'chai';
import {
  correctedGold,
  correctLabels,
  loadReadings,
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

  it('reads the committed reading files (verdicts and UCI story ids)', () => {
    const readings = READING_FILES.flatMap(loadReadings);
    expect(readings.length).to.equal(98 + 250);
    expect(readings.every((r) => r.a !== '' && r.b !== '' && !r.a.startsWith('uci:'))).to.equal(true);
    expect(readings.filter((r) => r.oneStory).length).to.equal(82 + 216);
  });
});
