import { expect } from 'chai';
import { HELD_OUT_PAIRS_FILE, loadReadPairs, readAgreement } from '@trendscope/pipeline/lab/metrics/read-joins';

// The story rejoin's meaning test against pairs of large trends read by hand: 98 drawn from the
// pairs the cheap evidence lets through on the demo's, the tuning and the held-out UCI slices (UCI
// files every pair as two stories, a reader calls 82 of them one story), and every pair of the pool
// with no entity gate on the five held-out UCI slices (250, 216 one story), read after the
// threshold was chosen: docs/lab-notes/trends.md, "Rejoining one story" and "Labels corrected by reading".
// The company-event threshold (0.6 when both report one event of one company) was chosen with both
// files in view: docs/lab-notes/trends.md, "One company event, one trend" and "The company-event
// test at 0.6" (2026-12-07; 0.7 before).
describe('story rejoin against pairs of trends read by hand', function () {
  this.timeout(120_000);

  it('joins only pairs a reader calls one story, and most of them (precision 1.000, recall 0.756)', async () => {
    const r = await readAgreement(loadReadPairs());
    expect(r.pairs).to.equal(98);
    expect(r.precision).to.be.at.least(0.98);
    expect(r.recall).to.be.at.least(0.6);
  });

  it('does the same on every held-out pool pair (precision 0.987, recall 0.699)', async () => {
    const r = await readAgreement(loadReadPairs(HELD_OUT_PAIRS_FILE));
    expect(r.pairs).to.equal(250);
    expect(r.precision).to.be.at.least(0.97);
    expect(r.recall).to.be.at.least(0.6);
  });

  it('joins at 0.6-0.8 only pairs of one company event that a reader calls one story (7 and 12 more joins)', async () => {
    // The rule alone: the event test (a recall is also one kind of event) off on both sides.
    for (const file of [undefined, HELD_OUT_PAIRS_FILE]) {
      const pairs = loadReadPairs(file);
      const without = await readAgreement(pairs, { rejoinEventMeaning: 1, rejoinKindMeaning: 1 });
      const withRule = await readAgreement(pairs, { rejoinKindMeaning: 1 });
      expect(withRule.joined - without.joined, 'the rule joins more').to.be.at.least(7);
      expect(withRule.joinedOneStory - without.joinedOneStory).to.equal(withRule.joined - without.joined);
    }
  });

  it('joins at 0.7 only pairs of one kind of event that a reader calls one story (3 and 6 more joins)', async () => {
    // The event test (rejoinKindMeaning, docs/lab-notes/trends.md 2026-12-07) on by default, against it off.
    for (const file of [undefined, HELD_OUT_PAIRS_FILE]) {
      const pairs = loadReadPairs(file);
      const without = await readAgreement(pairs, { rejoinKindMeaning: 1 });
      const withTest = await readAgreement(pairs);
      expect(withTest.joined - without.joined, 'the test joins more').to.be.at.least(3);
      expect(withTest.joinedOneStory - without.joinedOneStory).to.equal(withTest.joined - without.joined);
    }
  });
});
