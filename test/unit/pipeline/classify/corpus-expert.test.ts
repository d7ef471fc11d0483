import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import type { CategoryModel, CorpusExpert } from '@trendscope/pipeline/classify/category-model';
import { createClassifier } from '@trendscope/pipeline/classify/classifier';
import { trainCorpusExpert } from '@trendscope/pipeline/lab/train/classifier/train-expert';
import type { TrainingSample } from '@trendscope/pipeline/lab/train/classifier/train-model';

/** A hand-set linear model over raw words: `weights[word]` per class, idf 1. */
function buildModel<L extends string>(
  classes: L[],
  weights: Record<string, number[]>,
  bias?: number[],
): CategoryModel<L> {
  const vocab = Object.fromEntries(Object.entries(weights).map(([w, row]) => [`w:${w}`, [1, ...row]]));
  return {
    version: 1,
    classes,
    bias: bias ?? classes.map(() => 0),
    vocab,
    features: { rawWords: true },
    other_threshold: 0.25,
    meta: {},
  };
}

/** Main model: "oil" leans business, "vote" politics. Expert: "oil" is world. Gate: "wire" marks the expert's corpus. */
function buildGatedModel(weight: number): CategoryModel {
  const expert: CorpusExpert = {
    corpus: 'ag',
    weight,
    model: buildModel<Category>(['business', 'world'], { oil: [0, 6] }),
    gate: buildModel(['ag', 'bbc'], { wire: [8, -8] }, [-4, 4]),
  };
  const main = buildModel<Category>(['business', 'politics', 'world'], { oil: [2, 0, 1], vote: [0, 3, 0] });
  return { ...main, expert };
}

describe('gated corpus expert', () => {
  it('moves the answer to the expert’s class on a text of its corpus’s shape', () => {
    const classifier = createClassifier(buildGatedModel(2));
    expect(classifier.classify('oil wire').category).to.equal('world');
  });

  it('leaves a text that does not look like its corpus to the main model', () => {
    const gated = createClassifier(buildGatedModel(2));
    const { expert: _, ...main } = buildGatedModel(2);
    const plain = createClassifier(main);
    expect(gated.classify('oil').category).to.equal('business');
    const p = gated.probabilities('oil').map((e) => e.p);
    plain.probabilities('oil').forEach((e, i) => expect(p[i]).to.be.closeTo(e.p, 0.02));
  });

  it('moves a text the gate is unsure of less under a gate power above 1, its corpus’s rows alike', () => {
    const world = (power: number, text: string): number => {
      const model = buildGatedModel(2);
      const classifier = createClassifier({ ...model, expert: { ...model.expert!, gate_power: power } });
      return classifier.probabilities(text).find((e) => e.category === 'world')!.p;
    };
    // Gate of "oil": p(ag) = 1/(1+e^8), of "oil wire": 1/(1+e^-8).
    expect(world(2, 'oil')).to.be.below(world(1, 'oil'));
    expect(world(2, 'oil wire')).to.be.closeTo(world(1, 'oil wire'), 0.01);
  });

  it('moves nothing where the expert is undecided, even on its corpus’s shape', () => {
    const gated = createClassifier(buildGatedModel(2));
    const { expert: _, ...main } = buildGatedModel(2);
    const plain = createClassifier(main);
    const p = gated.probabilities('vote wire').map((e) => e.p);
    plain.probabilities('vote wire').forEach((e, i) => expect(p[i]).to.be.closeTo(e.p, 1e-9));
  });

  it('is the main model at weight 0', () => {
    const gated = createClassifier(buildGatedModel(0));
    expect(gated.classify('oil wire').category).to.equal('business');
  });
});

describe('trainCorpusExpert', () => {
  const samples: TrainingSample[] = [];
  for (let i = 0; i < 6; i++) {
    samples.push({ text: `striker goal match ${i}`, category: 'sports', source: 'ag' });
    samples.push({ text: `shares profit market ${i}`, category: 'business', source: 'ag' });
    samples.push({ text: `minister vote election ${i}`, category: 'politics', source: 'bbc' });
    samples.push({ text: `profit bank shares ${i}`, category: 'business', source: 'bbc' });
  }
  const options = { perClassPerEpoch: 100, epochs: 3, minDf: 1 };

  it('trains the expert on its corpus’s classes and the gate on the source corpora', () => {
    const expert = trainCorpusExpert(samples, { corpus: 'ag', weight: 2, expert: options, gate: options });
    expect(expert.model.classes).to.deep.equal(['business', 'sports']);
    expect(expert.gate.classes).to.deep.equal(['ag', 'bbc']);
    expect(expert).to.include({ corpus: 'ag', weight: 2 });
  });

  it('refuses a corpus with no training rows', () => {
    expect(() => trainCorpusExpert(samples, { corpus: 'uci', weight: 2, expert: options, gate: options })).to.throw(
      'no training rows',
    );
  });
});
