import { expect } from 'chai';
import { lateMerges, type LateMergeOptions } from '@trendscope/pipeline/detect/late-merge';
import type { FragmentView } from '@trendscope/pipeline/detect/merge-fragments';

const H = 3_600_000;
const OPTIONS: LateMergeOptions = {
  lateMergeCosine: 0.7,
  lateMergeHours: 72,
  lateMergeEntities: 1,
  lateMergeMaxArticles: 2,
};
const trend = (
  id: string,
  hour: number,
  terms: Record<string, number>,
  entities: string[],
  articles = 1,
): FragmentView => ({
  id,
  first_seen: hour * H,
  last_seen: hour * H + 60_000,
  article_count: articles,
  centroid: new Map(Object.entries(terms)),
  entities: new Map(entities.map((e) => [e, 1])),
});

describe('lateMerges', () => {
  const story = { ...trend('t1', 0, { dunham: 3, quit: 2, act: 2 }, ['Lena Dunham'], 40), stored: true };

  it('joins a fragment founded hours later to the story it restates, the earlier trend surviving', () => {
    const later = trend('t2', 20, { dunham: 3, quit: 2, act: 1 }, ['Lena Dunham']);
    expect([...lateMerges([later, story], OPTIONS)]).to.deep.equal([['t2', 't1']]);
  });

  it('keeps apart a trend on another subject, one naming nobody in common, one too large or too late', () => {
    expect(lateMerges([story, trend('t2', 20, { dunham: 1, tweet: 3 }, ['Lena Dunham'])], OPTIONS).size).to.equal(0);
    expect(lateMerges([story, trend('t2', 20, { dunham: 3, quit: 2, act: 1 }, ['HBO'])], OPTIONS).size).to.equal(0);
    expect(
      lateMerges([story, trend('t2', 20, { dunham: 3, quit: 2, act: 1 }, ['Lena Dunham'], 30)], OPTIONS).size,
    ).to.equal(0);
    expect(
      lateMerges([story, trend('t2', 100, { dunham: 3, quit: 2, act: 1 }, ['Lena Dunham'])], OPTIONS).size,
    ).to.equal(0);
  });

  it('leaves two trends of one run, or two stored ones, to the fragment merge', () => {
    const later = trend('t2', 20, { dunham: 3, quit: 2, act: 1 }, ['Lena Dunham']);
    expect(lateMerges([{ ...story, stored: false }, later], OPTIONS).size).to.equal(0);
    expect(lateMerges([story, { ...later, stored: true }], OPTIONS).size).to.equal(0);
  });

  it('is off at cosine 0 and gives the same answer whatever the input order', () => {
    const a = trend('t2', 20, { dunham: 3, quit: 2, act: 1 }, ['Lena Dunham']);
    const b = trend('t3', 30, { dunham: 3, quit: 2 }, ['Lena Dunham']);
    expect(lateMerges([story, a, b], { ...OPTIONS, lateMergeCosine: 0 }).size).to.equal(0);
    expect([...lateMerges([b, a, story], OPTIONS)]).to.deep.equal([...lateMerges([story, a, b], OPTIONS)]);
  });
});
