import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import type { CategoryModel } from '@trendscope/pipeline/classify/category-model';
import { createClassifier } from '@trendscope/pipeline/classify/classifier';
import { trainCategoryModel, type TrainingSample } from '@trendscope/pipeline/lab/train/classifier/train-model';
import { ENCODER_ID } from '@trendscope/pipeline/embed/encoder-files';

/** Toy sentence embeddings: the first axis means sport, the second money, whatever the words. */
const MEANING: Record<string, [number, number, number]> = {
  'striker match': [1, 0, 0.1],
  'keeper match': [0.9, 0.1, 0.1],
  'shares profit': [0, 1, 0.1],
  'bank profit': [0.1, 0.9, 0.1],
  'the derby tonight': [0.95, 0, 0.2],
  'the dividend tonight': [0, 0.95, 0.2],
};
const embeddingOf = (text: string): Float32Array | undefined => {
  const v = MEANING[text];
  return v && Float32Array.from(v);
};

function samples(): TrainingSample[] {
  const out: TrainingSample[] = [];
  for (const [text, category] of [
    ['striker match', 'sports'],
    ['keeper match', 'sports'],
    ['shares profit', 'business'],
    ['bank profit', 'business'],
  ] as [string, Category][]) {
    for (let i = 0; i < 3; i++) out.push({ text, category, source: 'toy' });
  }
  return out;
}

describe('sentence-embedding features of the category classifier', () => {
  const options = { perClassPerEpoch: 200, epochs: 5, minDf: 1, sentenceEmbedding: 1 };

  it('classifies a text of words never seen in training by its embedding', () => {
    const model = trainCategoryModel(samples(), options, undefined, embeddingOf);
    expect(model.sentence?.encoder).to.equal(ENCODER_ID);
    expect(model.sentence?.weights).to.have.length(3);
    const classifier = createClassifier(model);
    expect(classifier.usesEmbedding).to.equal(true);
    expect(classifier.classify('the derby tonight', embeddingOf('the derby tonight')).category).to.equal('sports');
    expect(classifier.classify('the dividend tonight', embeddingOf('the dividend tonight')).category).to.equal(
      'business',
    );
    // Without its embedding the same text has no known feature: no evidence for any class.
    expect(classifier.classify('the derby tonight')).to.deep.equal({ category: 'other', confidence: 0 });
  });

  it('rebuilds the same model byte for byte', () => {
    const train = (): string => JSON.stringify(trainCategoryModel(samples(), options, undefined, embeddingOf));
    expect(train()).to.equal(train());
  });

  it('needs the embeddings to train, and refuses a model learnt with another encoder', () => {
    expect(() => trainCategoryModel(samples(), options)).to.throw('needs the texts');
    const model = trainCategoryModel(samples(), options, undefined, embeddingOf);
    const other: CategoryModel = { ...model, sentence: { ...model.sentence!, encoder: 'another-encoder 1' } };
    expect(() => createClassifier(other)).to.throw('trained on embeddings of another-encoder 1');
  });

  it("asks for an embedding only where the gate lets the expert's sentence block read it", () => {
    const main = trainCategoryModel(samples(), { perClassPerEpoch: 200, epochs: 5, minDf: 1 });
    const expertModel = trainCategoryModel(samples(), options, undefined, embeddingOf);
    const gateSamples = [
      ...['wire striker', 'wire profit'].map((text) => ({ text, category: 'ag', source: 'toy' })),
      ...['striker match', 'bank profit'].map((text) => ({ text, category: 'bbc', source: 'toy' })),
    ];
    const gate = trainCategoryModel(gateSamples, { perClassPerEpoch: 200, epochs: 5, minDf: 1 });
    const classifier = createClassifier({
      ...main,
      expert: { corpus: 'ag', weight: 2, model: expertModel, gate, sentence_gate: 0.5 },
    });
    expect(classifier.usesEmbedding).to.equal(true);
    expect(classifier.needsEmbedding('wire striker')).to.equal(true);
    expect(classifier.needsEmbedding('bank profit')).to.equal(false);
    expect(createClassifier(main).needsEmbedding('wire striker')).to.equal(false);
  });
});
