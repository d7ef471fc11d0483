import { expect } from 'chai';
import { loadReadPairs, readAgreement } from '@trendscope/pipeline/lab/metrics/read-joins';

// The story rejoin's meaning test against 98 pairs of large trends read by hand (drawn from the
// pairs the cheap evidence lets through on the demo's, the tuning and the held-out UCI slices; UCI
// files every pair as two stories, a reader calls 82 of them one story):
// docs/lab-notes/trends.md, "Rejoining one story".
describe('story rejoin against pairs of trends read by hand', function () {
  this.timeout(120_000);

  it('joins only pairs a reader calls one story, and most of them (precision 1.000, recall 0.622)', async () => {
    const r = await readAgreement(loadReadPairs());
    expect(r.pairs).to.equal(98);
    expect(r.precision).to.be.at.least(0.98);
    expect(r.recall).to.be.at.least(0.6);
  });
});
