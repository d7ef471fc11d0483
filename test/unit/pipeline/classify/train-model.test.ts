import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import { createClassifier } from '@trendscope/pipeline/classify/classifier';
import { trainCategoryModel, type TrainingSample } from '@trendscope/pipeline/lab/train/classifier/train-model';
import { decodeWordVectors, encodeWordVectors } from '@trendscope/pipeline/text/word-vectors';

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

  describe('with word-vector features', () => {
    /** Three-dimensional toy vectors: sport words along x, money words along y, the rest along z. */
    const toyVectors = (integrity = 'toy'): ReturnType<typeof decodeWordVectors> => {
      const rows: Record<string, number[]> = {
        striker: [1, 0.1, 0],
        goal: [1, 0, 0.1],
        match: [0.9, 0, 0.2],
        keeper: [1, 0.1, 0.1],
        league: [0.9, 0.1, 0],
        coach: [1, 0, 0],
        footballer: [0.95, 0.05, 0],
        shares: [0.1, 1, 0],
        profit: [0, 1, 0.1],
        market: [0, 0.9, 0.2],
        stocks: [0.1, 1, 0.1],
        bank: [0, 0.9, 0],
        dividend: [0.05, 0.95, 0],
        today: [0, 0, 1],
        report: [0.1, 0.1, 1],
        said: [0, 0.1, 1],
      };
      const words = Object.keys(rows);
      return decodeWordVectors(
        encodeWordVectors(
          { source: 'test', integrity, dimensions: 3, words },
          words.map((w) => rows[w]!),
        ),
      );
    };

    it('classifies a text of words never seen in training by their vectors', () => {
      const vectors = toyVectors();
      const model = trainCategoryModel(toySamples(), { ...options, nbSmoothing: 1, wordVectors: 1 }, vectors);
      expect(model.dense?.weights).to.have.length(3);
      const classifier = createClassifier(model, vectors);
      expect(classifier.classify('footballer').category).to.equal('sports');
      expect(classifier.classify('dividend').category).to.equal('business');
      // Without the vectors the same words are unknown: no evidence for any class.
      const plain = createClassifier(trainCategoryModel(toySamples(), { ...options, nbSmoothing: 1 }));
      expect(plain.classify('footballer')).to.deep.equal({ category: 'other', confidence: 0 });
    });

    it('rebuilds the same model byte for byte', () => {
      const vectors = toyVectors();
      const train = (): string =>
        JSON.stringify(trainCategoryModel(toySamples(), { ...options, nbSmoothing: 1, wordVectors: 1 }, vectors));
      expect(train()).to.equal(train());
    });

    it('refuses word vectors other than those it was trained on', () => {
      const model = trainCategoryModel(toySamples(), { ...options, wordVectors: 1 }, toyVectors());
      expect(() => createClassifier(model, toyVectors('other'))).to.throw('other word vectors');
    });
  });
});
