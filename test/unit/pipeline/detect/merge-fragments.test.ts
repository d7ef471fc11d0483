import { expect } from 'chai';
import { MERGE_FEATURES } from '@trendscope/pipeline/detect/merge-features';
import type { MergeModel } from '@trendscope/pipeline/detect/merge-model';
import {
  mergeFragments as mergeWithIdf,
  type FragmentView,
  type MergeOptions,
} from '@trendscope/pipeline/detect/merge-fragments';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const OPTS = {
  mergeThreshold: 0.15,
  mergeWindowSeconds: 60,
  meaningThreshold: 0,
  meaningMaxArticles: 100,
  meaningSharedEntities: 0,
  lonePairsNeedWords: false,
  learnedMerge: false,
};

function mergeFragments(trends: readonly FragmentView[], o: MergeOptions): Map<string, string> {
  return mergeWithIdf(trends, o, () => 1);
}

function frag(
  id: string,
  seconds: number,
  terms: Record<string, number>,
  extra: Partial<FragmentView> = {},
): FragmentView {
  const time = T0 + seconds * 1000;
  return {
    id,
    first_seen: time,
    last_seen: time,
    article_count: 1,
    centroid: new Map(Object.entries(terms)),
    ...extra,
  };
}

/** A meaning vector at `degrees` in the plane of the first two axes (cosines are easy to read). */
function meaning(degrees: number): Float32Array {
  const r = (degrees * Math.PI) / 180;
  return Float32Array.from([Math.cos(r), Math.sin(r), 0]);
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
        { id: 'a', first_seen: midnight, last_seen: midnight, article_count: 1, centroid: new Map([['rbi', 1]]) },
        { id: 'b', first_seen: midnight, last_seen: midnight, article_count: 1, centroid: new Map([['rbi', 1]]) },
      ],
      OPTS,
    );
    expect(merged.size).to.equal(0);
  });

  it('is switched off by a threshold of 0', () => {
    const merged = mergeFragments([frag('a', 0, { rbi: 1 }), frag('b', 5, { rbi: 1 })], { ...OPTS, mergeThreshold: 0 });
    expect(merged.size).to.equal(0);
  });

  describe('meaning merges (headlines whose words differ)', () => {
    const on = { ...OPTS, meaningThreshold: 0.5 };
    const aids = (extra: Partial<FragmentView> = {}): FragmentView =>
      frag('a', 0, { aids: 1, walk: 1 }, { meaning: meaning(0), ...extra });
    const hiv = (degrees: number, extra: Partial<FragmentView> = {}): FragmentView =>
      frag('b', 5, { hiv: 1, gel: 1 }, { meaning: meaning(degrees), ...extra });

    it('joins fragments sharing no word when their meanings agree (cosine >= meaningThreshold)', () => {
      expect([...mergeFragments([aids(), hiv(59)], on)]).to.deep.equal([['b', 'a']]);
      expect(mergeFragments([aids(), hiv(61)], on).size).to.equal(0);
      expect(mergeFragments([aids(), hiv(0)], OPTS).size, 'switched off').to.equal(0);
    });

    it('needs one side to be small, and the entities asked for in common', () => {
      const big = { article_count: 5 };
      expect(mergeFragments([aids(big), hiv(10, big)], { ...on, meaningMaxArticles: 4 }).size).to.equal(0);
      expect(mergeFragments([aids(big), hiv(10)], { ...on, meaningMaxArticles: 4 }).size).to.equal(1);
      const guarded = { ...on, meaningSharedEntities: 1 };
      const ents = (...names: string[]): Partial<FragmentView> => ({ entities: new Map(names.map((n) => [n, 1])) });
      expect(mergeFragments([aids(ents('new york')), hiv(10, ents('cuomo'))], guarded).size).to.equal(0);
      expect(mergeFragments([aids(ents('new york')), hiv(10, ents('new york'))], guarded).size).to.equal(1);
    });
    it('with lonePairsNeedWords, joins two lone headlines only on a word or a name in common', () => {
      const strict = { ...on, lonePairsNeedWords: true };
      expect(mergeFragments([aids(), hiv(10)], strict).size, 'two lone headlines').to.equal(0);
      expect(mergeFragments([aids({ article_count: 2 }), hiv(10)], strict).size, 'a fragment and a story').to.equal(1);
      const named = { entities: new Map([['unaids', 1]]) };
      expect(mergeFragments([aids(named), hiv(10, named)], strict).size, 'a name in common').to.equal(1);
    });
  });

  describe('learned merges (merge-model.ts)', () => {
    /** A model that weighs only named entities in common: one shared name gives p 0.81, none 0.12. */
    const byEntities: MergeModel = {
      features: [...MERGE_FEATURES],
      mean: MERGE_FEATURES.map(() => 0),
      scale: MERGE_FEATURES.map(() => 1),
      weights: MERGE_FEATURES.map((f) => (f === 'shared_entities' ? 5 : 0)),
      bias: -2,
      threshold: 0.5,
    };
    const on = { ...OPTS, learnedMerge: true, mergeModel: byEntities };
    const ents = (...names: string[]): Partial<FragmentView> => ({ entities: new Map(names.map((n) => [n, 1])) });

    it('joins a pair the rules leave apart when the model calls it one story', () => {
      const pair = [
        frag('a', 0, { mean: 1, girls: 1 }, ents('Tina Fey')),
        frag('b', 5, { wedding: 1 }, ents('Tina Fey')),
      ];
      expect(mergeFragments(pair, OPTS).size, 'rules alone').to.equal(0);
      expect([...mergeFragments(pair, on)]).to.deep.equal([['b', 'a']]);
      expect(mergeFragments(pair, { ...on, learnedMergeThreshold: 0.9 }).size, 'above its threshold').to.equal(0);
    });

    it('keeps apart a pair the model doubts, and one with nothing in common whatever the model says', () => {
      const doubted = [
        frag('a', 0, { mean: 1 }, ents('Tina Fey')),
        frag('b', 5, { mean: 0.01, wedding: 1 }, ents('Lohan')),
      ];
      expect(mergeFragments(doubted, on).size).to.equal(0);
      const eager = { ...on, mergeModel: { ...byEntities, bias: 10 } };
      expect(mergeFragments(doubted, eager).size).to.equal(1);
      const strangers = [frag('a', 0, { mean: 1 }, ents('Tina Fey')), frag('b', 5, { wedding: 1 }, ents('Lohan'))];
      expect(mergeFragments(strangers, eager).size, 'no shared term, name or meaning').to.equal(0);
    });

    it('with lonePairsNeedRareWords, joins two lone headlines by the model only on a rare term or a name in common', () => {
      const eager = { ...on, mergeModel: { ...byEntities, bias: 10 } };
      const strict = { ...eager, lonePairsNeedRareWords: true };
      const idf = (t: string): number => (t === 'volcano' ? 12 : 2);
      const judge = (pair: FragmentView[], o: MergeOptions): number => mergeWithIdf(pair, o, idf).size;
      const common = [frag('a', 0, { better: 0.1, photos: 1 }), frag('b', 1, { better: 0.1, grammys: 1 })];
      expect(judge(common, eager), 'a common word is enough without it').to.equal(1);
      expect(judge(common, strict), 'a common word').to.equal(0);
      const rare = [frag('a', 0, { volcano: 0.1, photos: 1 }), frag('b', 1, { volcano: 0.1, grammys: 1 })];
      expect(judge(rare, strict), 'a rare word').to.equal(1);
      const named = [
        frag('a', 0, { better: 0.1, photos: 1 }, ents('Google')),
        frag('b', 1, { better: 0.1 }, ents('Google')),
      ];
      expect(judge(named, strict), 'a name').to.equal(1);
      const grown = [frag('a', 0, { better: 0.1, photos: 1 }, { article_count: 2 }), common[1]!];
      expect(judge(grown, strict), 'not two lone headlines').to.equal(1);
    });

    it('weighs a pair with no shared term or name only from the meaning floor of its meaning source', () => {
      const eager = { ...on, mergeModel: { ...byEntities, bias: 10 } };
      // Meaning cosine 0.2: above GloVe's floor (0.1), below a floor for the sentence encoder's scale.
      const pair = [
        frag('a', 0, { mean: 1 }, { ...ents('Tina Fey'), meaning: meaning(0) }),
        frag('b', 5, { wedding: 1 }, { ...ents('Lohan'), meaning: meaning(78.46) }),
      ];
      expect(mergeFragments(pair, eager).size, 'default floor').to.equal(1);
      expect(mergeFragments(pair, { ...eager, meaningFloor: 0.3 }).size, 'floor 0.3').to.equal(0);
    });
  });
});
