import { expect } from 'chai';
import { mlpLogits, standardise } from '@trendscope/pipeline/lab/train/classifier/mlp-head';
import { addRowGradient, type HeadRow, trainMlpHead } from '@trendscope/pipeline/lab/train/classifier/train-mlp-head';

/** XOR of two inputs: no linear model separates it. */
function xorRows(): HeadRow[] {
  const rows: HeadRow[] = [];
  for (const a of [0, 1]) for (const b of [0, 1]) rows.push({ x: [a, b], label: a ^ b });
  return rows;
}

const argmax = (v: number[]) => v.indexOf(Math.max(...v));

describe('trainMlpHead', () => {
  const options = { classes: 2, hidden: 8, epochs: 20, drawsPerEpoch: 400, batch: 8, learningRate: 0.02, l2: 0 };

  it('learns XOR, which a linear model cannot', () => {
    const head = trainMlpHead(xorRows(), options);
    for (const row of xorRows()) expect(argmax(mlpLogits(head, row.x)), JSON.stringify(row.x)).to.equal(row.label);
  });

  it('gives the same head for the same rows and seed, another for another seed', () => {
    const a = trainMlpHead(xorRows(), options);
    expect(trainMlpHead(xorRows(), options)).to.deep.equal(a);
    expect(trainMlpHead(xorRows(), { ...options, seed: 8 }).w1).not.to.deep.equal(a.w1);
  });

  it('adds the base logits (skip): an untrained head keeps the base answer', () => {
    const rows: HeadRow[] = [{ x: [0, 0], skip: [0, 5], label: 1 }];
    const head = trainMlpHead(rows, { ...options, epochs: 0 });
    expect(argmax(mlpLogits(head, [0, 0], [0, 5]))).to.equal(1);
    expect(argmax(mlpLogits(head, [0, 0], [5, 0]))).to.equal(0);
  });

  it('draws rows by weight: a row of weight 0 is never learnt', () => {
    const rows: HeadRow[] = [
      { x: [1], label: 0, weight: 1 },
      { x: [1], label: 1, weight: 0 },
    ];
    const head = trainMlpHead(rows, { ...options, epochs: 5 });
    expect(argmax(mlpLogits(head, [1]))).to.equal(0);
  });

  it('refuses an empty training set', () => {
    expect(() => trainMlpHead([], options)).to.throw(/no rows/);
  });
});

describe('addRowGradient', () => {
  it('matches the numerical gradient of the loss for every parameter', () => {
    const rows: HeadRow[] = [
      { x: [0.3, -1.2, 2], skip: [0.1, -0.4, 0.2], label: 2 },
      { x: [1, 0.5, -0.7], label: 0 },
    ];
    const head = trainMlpHead(rows, { classes: 3, hidden: 4, epochs: 2, drawsPerEpoch: 8, batch: 2 });
    const params = [...head.w1, head.b1, ...head.w2, head.b2];
    for (const row of rows) {
      const input = standardise(head, row.x);
      const grads = params.map((p) => new Float64Array(p.length));
      addRowGradient(head, row, input, grads);
      const eps = 1e-6;
      params.forEach((p, k) => {
        for (let i = 0; i < p.length; i++) {
          const kept = p[i]!;
          p[i] = kept + eps;
          const up = addRowGradient(
            head,
            row,
            input,
            params.map((q) => new Float64Array(q.length)),
          );
          p[i] = kept - eps;
          const down = addRowGradient(
            head,
            row,
            input,
            params.map((q) => new Float64Array(q.length)),
          );
          p[i] = kept;
          expect(grads[k]![i], `param ${k}[${i}]`).to.be.closeTo((up - down) / (2 * eps), 1e-5);
        }
      });
    }
  });
});
