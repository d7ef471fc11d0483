import { expect } from 'chai';
import { itemsLastUnlessAll, itemsLastUnlessMost } from '@trendscope/pipeline/detect/items-last';

describe('items moved last', () => {
  const isX = (s: string): boolean => s.startsWith('x');

  it('moves the marked items last unless all are marked', () => {
    expect(itemsLastUnlessAll(['x1', 'a', 'x2', 'b'], isX)).to.deep.equal(['a', 'b', 'x1', 'x2']);
    const all = ['x1', 'x2'];
    expect(itemsLastUnlessAll(all, isX)).to.equal(all);
    const none = ['a', 'b'];
    expect(itemsLastUnlessAll(none, isX)).to.equal(none);
  });

  it('moves the marked items last only when fewer than half are marked', () => {
    expect(itemsLastUnlessMost(['x1', 'a', 'b'], isX)).to.deep.equal(['a', 'b', 'x1']);
    // Half of them is most enough: the order stands, and the same array says nothing moved.
    const half = ['x1', 'a', 'x2', 'b'];
    expect(itemsLastUnlessMost(half, isX)).to.equal(half);
    const most = ['x1', 'x2', 'a'];
    expect(itemsLastUnlessMost(most, isX)).to.equal(most);
    const none = ['a', 'b'];
    expect(itemsLastUnlessMost(none, isX)).to.equal(none);
  });
});
