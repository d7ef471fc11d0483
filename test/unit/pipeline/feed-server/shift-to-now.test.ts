import { expect } from 'chai';
import { shiftOffset, shiftToNow } from '@trendscope/pipeline/feed-server/shift-to-now';

const DAY = 86_400_000;
const at = (iso: string): number => Date.parse(iso);

describe('shiftToNow', () => {
  const now = new Date('2026-11-22T15:30:12.345Z');

  it('moves a corpus of exact times so that its newest article is now, keeping the gaps', () => {
    const times = [at('2014-03-10T16:52:50.698Z'), at('2014-03-12T09:01:02.003Z'), at('2014-03-11T23:59:59.999Z')];
    const offset = shiftOffset(times, now.getTime());
    expect(Math.max(...times) + offset).to.equal(now.getTime());
  });

  it('moves a corpus that publishes dates without a time by whole days, so its dates stay dates', () => {
    const times = [at('2017-12-27T00:00:00Z'), at('2017-12-27T06:47:39Z'), at('2018-01-02T20:00:32Z')];
    const offset = shiftOffset(times, now.getTime());
    expect(offset % DAY).to.equal(0);
    const shifted = times.map((t) => t + offset);
    expect(shifted[0]! % DAY).to.equal(0);
    const newest = Math.max(...shifted);
    expect(newest).to.be.at.most(now.getTime());
    expect(newest).to.be.greaterThan(now.getTime() - DAY);
  });

  it('leaves undated items as they are and dates the others by the same offset', () => {
    const items = [
      { id: 'a', published: new Date('2017-12-27T00:00:00Z') },
      { id: 'b', published: null },
      { id: 'c', published: new Date('2017-12-28T00:00:00Z') },
    ];
    const out = shiftToNow(items, now);
    expect(out[1]).to.equal(items[1]);
    expect(out[2]!.published!.getTime() - out[0]!.published!.getTime()).to.equal(DAY);
    expect(out[2]!.published!.toISOString()).to.equal('2026-11-22T00:00:00.000Z');
  });

  it('has nothing to move without dates', () => {
    expect(shiftOffset([], now.getTime())).to.equal(0);
    const items = [{ published: null }];
    expect(shiftToNow(items, now)).to.equal(items);
  });
});
