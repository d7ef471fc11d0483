import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import { createClassifier } from '@trendscope/pipeline/classify/classifier';
import { trainCategoryModel, type TrainingSample } from '@trendscope/pipeline/classify/train-model';

/** A small two-topic set: each text mixes topic words with words both topics share. */
function toySamples(): TrainingSample[] {
  const sport = ['striker goal match', 'goal keeper match', 'league match striker', 'coach league goal'];
  const money = ['shares profit market', 'market stocks profit', 'bank shares stocks', 'profit bank market'];
  const shared = ['today report', 'report said', 'said today'];
  const out: TrainingSample[] = [];
  for (const [category, texts] of [
    ['sports', sport],
    ['business', money],
  ] as [Category, string[]][]) {
    for (const t of texts) for (const s of shared) out.push({ text: `${t} ${s}`, category, source: 'toy' });
  }
  return out;
}

describe('trainCategoryModel', () => {
  const options = { perClassPerEpoch: 200, epochs: 5, minDf: 1 };

  it('learns a toy task with NB-weighted features (nbSmoothing)', () => {
    const classifier = createClassifier(trainCategoryModel(toySamples(), { ...options, nbSmoothing: 1 }));
    expect(classifier.classify('striker scores in the league').category).to.equal('sports');
    expect(classifier.classify('bank stocks and market shares').category).to.equal('business');
  });

  it('stores the NB-weighted weight a class-specific word carries, largest in its own class', () => {
    const model = trainCategoryModel(toySamples(), { ...options, nbSmoothing: 1 });
    const sports = model.classes.indexOf('sports');
    const business = model.classes.indexOf('business');
    const striker = model.vocab.striker!;
    const profit = model.vocab.profit!;
    expect(striker[1 + sports]).to.be.greaterThan(striker[1 + business]!);
    expect(profit[1 + business]).to.be.greaterThan(profit[1 + sports]!);
  });

  it('rebuilds the same model from the same samples and seed (byte for byte)', () => {
    const a = JSON.stringify(trainCategoryModel(toySamples(), { ...options, nbSmoothing: 1 }));
    const b = JSON.stringify(trainCategoryModel(toySamples(), { ...options, nbSmoothing: 1 }));
    expect(a).to.equal(b);
  });

  it('changes the weights when NB weighting is on', () => {
    const plain = trainCategoryModel(toySamples(), options);
    const nb = trainCategoryModel(toySamples(), { ...options, nbSmoothing: 1 });
    expect(nb.vocab.striker).to.not.deep.equal(plain.vocab.striker);
  });
});
