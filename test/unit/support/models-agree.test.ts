import { expect } from 'chai';
import { modelDifference } from '../../support/models-agree';

describe('model files compared within a tolerance (models-agree)', () => {
  const model = { version: 2, features: ['a', 'b'], weights: [0.0369, -0.0015], stretch: { lo: 1, hi: 10 } };

  it('agrees when every number is within the tolerance and everything else is equal', () => {
    const refit = { ...model, weights: [0.036895, -0.001378] };
    expect(modelDifference(refit, model, 0.001)).to.equal(null);
  });

  it('names the first number beyond the tolerance, a changed string, key or length', () => {
    expect(modelDifference({ ...model, weights: [0.05, -0.0015] }, model, 0.001)).to.equal(
      '$.weights[0]: 0.05 against 0.0369',
    );
    expect(modelDifference({ ...model, features: ['a', 'c'] }, model, 0.001)).to.equal(
      '$.features[1]: "c" against "b"',
    );
    expect(modelDifference({ ...model, extra: 1 }, model, 0.001)).to.match(/^\$: keys /);
    expect(modelDifference({ ...model, weights: [0.0369] }, model, 0.001)).to.equal('$.weights: 1 items against 2');
  });
});
