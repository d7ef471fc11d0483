import { expect } from 'chai';
import { buildTermIdf } from '@trendscope/pipeline/detect/idf';

describe('buildTermIdf', () => {
  it('gives ln((n + 1) / (df + 1)) + 1 to terms seen in at least minDf texts and keeps the rest out', () => {
    const table = buildTermIdf([['rate', 'bank'], ['rate', 'rate'], ['bank', 'rajan'], ['rate']], 2);
    expect(table.documents).to.equal(4);
    expect(table.idf).to.deep.equal({
      bank: Math.round((Math.log(5 / 3) + 1) * 1e4) / 1e4,
      rate: Math.round((Math.log(5 / 4) + 1) * 1e4) / 1e4,
    });
    expect(table.unseen_idf).to.equal(Math.round((Math.log(5 / 2) + 1) * 1e4) / 1e4);
  });
});
