import { expect } from 'chai';
import {
  aboveEveryTwoStory,
  bestTwoMeasureRule,
  foldResults,
  logisticRule,
  pairAuc,
  type LabelledPair,
} from '@trendscope/pipeline/lab/evaluate/trends/pair-rule-folds';

function pair(set: string, oneStory: boolean, a: number, b = 0): LabelledPair {
  return { set, id: `${set}-${a}-${b}`, oneStory, values: { a, b } };
}

describe('lab rules for joining trends, fitted across folds (pair-rule-folds.ts)', () => {
  it('sets a one-measure bar above every training two-story pair and reads it on the left-out set', () => {
    const pairs = [pair('x', true, 0.9), pair('x', false, 0.5), pair('y', true, 0.7), pair('y', false, 0.8)];
    const [x, y] = foldResults(pairs, aboveEveryTwoStory('a'));
    // Fitted on y: bar 0.8; x's one-story pair at 0.9 is joined, its two-story one at 0.5 is not.
    expect(x).to.include({ set: 'x', right: 1, wrong: 0, oneStory: 1, twoStories: 1 });
    // Fitted on x: bar 0.5; y's two-story pair at 0.8 is a wrong join the fold reveals.
    expect(y).to.include({ set: 'y', right: 1, wrong: 1 });
    expect(y!.wrongIds).to.deep.equal(['y-0.8-0']);
  });

  it('chooses the two-measure rule that joins most training one-story pairs with none wrong', () => {
    const train = [
      pair('x', true, 0.9, 0.9),
      pair('x', true, 0.8, 0.7),
      pair('x', false, 0.95, 0.1),
      pair('x', false, 0.1, 0.95),
    ];
    const rule = bestTwoMeasureRule(['a', 'b'])(train);
    expect(train.filter(rule.joins).map((p) => p.oneStory)).to.deep.equal([true, true]);
    expect(rule.joins(pair('z', false, 0.85, 0.5))).to.equal(false);
  });

  it('puts a logistic score bar above every training two-story pair', () => {
    const train = [
      pair('x', true, 0.9, 0.2),
      pair('x', true, 0.8, 0.4),
      pair('x', false, 0.3, 0.3),
      pair('x', false, 0.6, 0.1),
    ];
    const rule = logisticRule(['a', 'b'], 1)(train);
    expect(train.filter((p) => !p.oneStory).some(rule.joins)).to.equal(false);
    expect(rule.joins(pair('z', true, 1, 0.5))).to.equal(true);
  });

  it('reads the AUC of one story against two, ties half', () => {
    const pairs = [pair('x', true, 0.9), pair('x', true, 0.5), pair('y', false, 0.5), pair('y', false, 0.1)];
    // 0.9 beats both two-story pairs, 0.5 beats 0.1 and ties 0.5: (2 + 1.5) / 4.
    expect(pairAuc(pairs, 'a')).to.equal(0.875);
    expect(pairAuc([pair('x', true, 0.2), pair('x', false, 0.8)], 'a')).to.equal(0);
    expect(pairAuc([pair('x', true, 0.2)], 'a')).to.be.NaN;
  });
});
