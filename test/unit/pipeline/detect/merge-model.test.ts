import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MERGE_FEATURES } from '@trendscope/pipeline/detect/merge-features';
import { loadMergeModel, mergeProbability } from '@trendscope/pipeline/detect/merge-model';

describe('merge model', () => {
  it('loads the committed model, fitted on the features the code computes, with a threshold in (0, 1)', () => {
    const model = loadMergeModel();
    expect(model.features).to.deep.equal([...MERGE_FEATURES]);
    expect(model.weights).to.have.length(MERGE_FEATURES.length);
    expect(model.threshold).to.be.above(0).and.below(1);
  });

  it('refuses a model fitted on other features', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'merge-model-')), 'model.json');
    writeFileSync(file, JSON.stringify({ ...loadMergeModel(), features: ['centroid_cosine'] }));
    expect(() => loadMergeModel(file)).to.throw(/fitted on features centroid_cosine/);
  });

  it('refuses a model file whose scale would divide by zero, or without a weight per feature', () => {
    const committed = loadMergeModel();
    const dir = mkdtempSync(path.join(tmpdir(), 'merge-model-'));
    const scale = [...committed.scale];
    scale[2] = 0;
    const zero = path.join(dir, 'zero-scale.json');
    writeFileSync(zero, JSON.stringify({ ...committed, scale }));
    expect(() => loadMergeModel(zero)).to.throw(/scale\[2\] is 0; a scale must be a positive number/);
    const short = path.join(dir, 'short.json');
    writeFileSync(short, JSON.stringify({ ...committed, weights: committed.weights.slice(1) }));
    expect(() => loadMergeModel(short)).to.throw(new RegExp(`${committed.weights.length - 1} weights`));
  });

  it('gives sigmoid(bias + weights . standardised features)', () => {
    const model = { features: ['x', 'y'], mean: [1, 0], scale: [2, 1], weights: [2, -1], bias: 0.5, threshold: 0.5 };
    // z = 0.5 + 2 * (3 - 1) / 2 - 1 * 1 = 1.5
    expect(mergeProbability(model, [3, 1])).to.be.closeTo(1 / (1 + Math.exp(-1.5)), 1e-12);
  });
});
