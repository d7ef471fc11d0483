import { expect } from 'chai';
import { mergeFragments, type FragmentView } from '@trendscope/pipeline/detect/merge-fragments';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const OPTS = { mergeThreshold: 0.15, mergeWindowSeconds: 60 };

function frag(id: string, seconds: number, terms: Record<string, number>): FragmentView {
  return { id, first_seen: T0 + seconds * 1000, centroid: new Map(Object.entries(terms)) };
}

describe('mergeFragments', () => {
  it('joins a fragment founded seconds after another whose centroid agrees, into the earlier one', () => {
    const merged = mergeFragments(
      [frag('b', 20, { rbi: 1, rajan: 1, rupee: 1 }), frag('a', 0, { rbi: 2, bank: 1, licence: 1 })],
      OPTS,
    );
    expect([...merged]).to.deep.equal([['b', 'a']]);
  });

  it('keeps apart fragments founded further apart than the window', () => {
    const merged = mergeFragments([frag('a', 0, { rbi: 1 }), frag('b', 61, { rbi: 1 })], OPTS);
    expect(merged.size).to.equal(0);
    expect(mergeFragments([frag('a', 0, { rbi: 1 }), frag('b', 60, { rbi: 1 })], OPTS).size).to.equal(1);
  });

  it('keeps apart fragments whose centroids agree less than the threshold', () => {
    // cosine of (1,0) and (0.1,1) is 0.0995
    const merged = mergeFragments([frag('a', 0, { rbi: 1 }), frag('b', 5, { rbi: 0.1, whale: 1 })], OPTS);
    expect(merged.size).to.equal(0);
  });

  it('never merges trends dated at midnight (a date without time of day)', () => {
    const midnight = Date.parse('2026-11-20T00:00:00Z');
    const merged = mergeFragments(
      [
        { id: 'a', first_seen: midnight, centroid: new Map([['rbi', 1]]) },
        { id: 'b', first_seen: midnight, centroid: new Map([['rbi', 1]]) },
      ],
      OPTS,
    );
    expect(merged.size).to.equal(0);
  });

  it('is switched off by a threshold of 0', () => {
    const merged = mergeFragments([frag('a', 0, { rbi: 1 }), frag('b', 5, { rbi: 1 })], { ...OPTS, mergeThreshold: 0 });
    expect(merged.size).to.equal(0);
  });
});
