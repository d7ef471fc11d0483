import { expect } from 'chai';
import type { Category } from '@trendscope/core';
import type { CategoryModel, CorpusExpert } from '@trendscope/pipeline/classify/category-model';
import { createClassifier } from '@trendscope/pipeline/classify/classifier';
import { encodeNeighbourVectors } from '@trendscope/pipeline/classify/neighbour-vote';
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

/**
 * A gated model whose expert also keeps three rows to vote: two world rows near (1, 0), one
 * business row at (0, 1). "tanker" leans business in the main model and the linear expert does
 * not know it, so only the vote can move it; "wire" marks the expert's corpus.
 */
function buildVotingModel(minGate: number): CategoryModel {
  const rows = [new Float32Array([1, 0.1]), new Float32Array([0.9, -0.1]), new Float32Array([0, 1])];
  const expert: CorpusExpert = {
    corpus: 'ag',
    weight: 2,
    model: buildModel<Category>(['business', 'world'], { oil: [0, 6] }),
    gate: buildModel(['ag', 'bbc'], { wire: [8, -8] }, [-4, 4]),
    neighbours: {
      k: 2,
      weight: 3,
      min_gate: minGate,
      labels: [1, 1, 0],
      vectors: encodeNeighbourVectors(rows, 2),
      dimensions: 2,
    },
  };
  return { ...buildModel<Category>(['business', 'politics', 'world'], { tanker: [2, 0, 0] }), expert };
}

describe('k-NN vote of a corpus expert', () => {
  const nearWorld = new Float32Array([0.95, 0]);

  it('moves a text of the corpus’s shape to its nearest rows’ class, which the linear parts get wrong', () => {
    const { expert, ...rest } = buildVotingModel(0.3);
    const { neighbours: _, ...withoutVote } = expert!;
    expect(createClassifier({ ...rest, expert: withoutVote }).classify('tanker wire', nearWorld).category).to.equal(
      'business',
    );
    expect(createClassifier(buildVotingModel(0.3)).classify('tanker wire', nearWorld).category).to.equal('world');
  });

  it('votes for the class of the rows nearest, not the first rows', () => {
    const classifier = createClassifier(buildVotingModel(0.3));
    expect(classifier.classify('tanker wire', new Float32Array([0.1, 1])).category).to.equal('business');
  });

  it('is skipped below its gate, and without the text’s embedding', () => {
    // Gate of "tanker wire": 1/(1+e^-8), about 0.9997.
    const above = createClassifier(buildVotingModel(0.999));
    const below = createClassifier(buildVotingModel(0.9999));
    expect(above.classify('tanker wire', nearWorld).category).to.equal('world');
    expect(below.classify('tanker wire', nearWorld).category).to.equal('business');
    expect(above.classify('tanker wire').category).to.equal('business');
  });

  it('asks for the embedding only where the gate reaches the vote', () => {
    const classifier = createClassifier(buildVotingModel(0.3));
    expect(classifier.usesEmbedding).to.equal(true);
    expect(classifier.needsEmbedding('tanker wire')).to.equal(true);
    expect(classifier.needsEmbedding('tanker')).to.equal(false);
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

  it('keeps its corpus’s rows with their embeddings and classes for a k-NN vote', () => {
    const sentences = (text: string) =>
      text.startsWith('striker')
        ? new Float32Array([1, 0])
        : text.startsWith('shares')
          ? new Float32Array([0, 1])
          : undefined;
    const expert = trainCorpusExpert(
      samples,
      { corpus: 'ag', weight: 2, expert: options, gate: options, neighbours: { k: 3, weight: 3, minGate: 0.3 } },
      undefined,
      sentences,
    );
    const { neighbours } = expert;
    expect(neighbours).to.include({ k: 3, weight: 3, min_gate: 0.3, dimensions: 2 });
    const names = neighbours!.labels.map((l) => expert.model.classes[l]);
    expect(names.filter((c) => c === 'sports')).to.have.length(6);
    expect(names.filter((c) => c === 'business')).to.have.length(6);
    expect(Buffer.from(neighbours!.vectors, 'base64')).to.have.length(12 * 2);
  });

  it('refuses a corpus with no training rows', () => {
    expect(() => trainCorpusExpert(samples, { corpus: 'uci', weight: 2, expert: options, gate: options })).to.throw(
      'no training rows',
    );
  });
});
