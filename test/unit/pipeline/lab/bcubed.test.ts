import { expect } from 'chai';
import { bcubed } from '@trendscope/pipeline/lab/metrics/bcubed';

describe('B-cubed metric (test support)', () => {
  const gold = new Map([
    ['a', 'x'],
    ['b', 'x'],
    ['c', 'y'],
  ]);

  it('is 1 for a perfect clustering', () => {
    expect(
      bcubed(
        new Map([
          ['a', '1'],
          ['b', '1'],
          ['c', '2'],
        ]),
        gold,
      ),
    ).to.deep.include({ precision: 1, recall: 1, f1: 1 });
  });

  it('counts an unassigned item as a cluster of its own, so leaving items out never raises the score', () => {
    const all = bcubed(
      new Map([
        ['a', '1'],
        ['b', '1'],
        ['c', '1'],
      ]),
      gold,
    );
    const leftOut = bcubed(
      new Map([
        ['a', '1'],
        ['b', '1'],
      ]),
      gold,
    );
    const singleton = bcubed(
      new Map([
        ['a', '1'],
        ['b', '1'],
        ['c', '2'],
      ]),
      gold,
    );
    expect(leftOut).to.deep.equal(singleton);
    expect(all.precision).to.be.below(1);
    expect(bcubed(new Map([['a', '1']]), gold).recall).to.be.below(1);
  });
});
