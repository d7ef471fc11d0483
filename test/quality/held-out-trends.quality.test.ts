import { expect } from 'chai';
import { CLUSTER_SETS } from '@trendscope/pipeline/lab/corpus/cluster-sets';
import { listQuality, setTrends } from '@trendscope/pipeline/lab/diagnose/story-figures';
import type { StoryQuality } from '@trendscope/pipeline/lab/metrics/story-quality';

// Whole lists of held-out UCI slices, built by story-figures.ts's code (recurring columns out,
// clustered, rejoined, built with the sentence encoder's embeddings); every slice's figures in
// docs/quality.md (`services/pipeline/lab/diagnose/story-figures.ts '{}' mar1-0,mar2-0,mar2-20,mar2-40,apr-30 -v`).
// Two of the five: a slice's list costs 1-1.5 minutes at load 10, nearly all of it embedding
// what its trends read (clustering takes seconds, and its pass is not the clustering test's: columns
// out, another clock, then the rejoin), so the test stays near three minutes. These two are unseen
// by the demo; March 1-15 0-10k lies inside the demo list demo-trends.quality.test.ts holds, March
// 16-31 20-30k and 40-50k are held by the command alone.
// Floors just under and ceilings at the figures of a run of this test (2026-12-06 evening; the
// corrected leading-two ceilings at the company-event test's run at 0.6, 2026-12-07; the
// leading-two ceilings at the data-release and market-move tests' run, 2026-12-07; April 30-40k's
// corrected leading-two ceiling 16 -> 23 when held-out-pairs.tsv read the next day's few reports of
// seven of its stories, which UCI files under ids of their own, as one story, 2026-12-07; April
// 30-40k's 23 -> 20 when detection moves small trends' members into their story's trend,
// absorb-members.ts, and its fidelity floor by UCI's labels 0.955 -> 0.945 (0.949): the jet-lag app's
// report moved reads as the trend's centre and names it, a report UCI files under the next day's
// id of that story, one story by reading, 2026-12-07; April 30-40k's leading two 13 / 20 -> 11 / 19
// when the rejoin joins trends naming one occasion, named-events.ts, 2026-12-07; its corrected 19 ->
// 17 when the rejoin joins late fragments and judges again the pairs the member absorb changed,
// 2026-12-07, night): a regression
// fails; an improvement passes and should move them.

/** Per slice: fidelity floors (UCI's labels, corrected labels) and gold stories leading two listed trends (ceilings). */
const HELD: Record<string, { fidelity: number; readFidelity: number; repeats: number; readRepeats: number }> = {
  'mar2-0': { fidelity: 0.95, readFidelity: 0.99, repeats: 11, readRepeats: 4 },
  'apr-30': { fidelity: 0.945, readFidelity: 0.99, repeats: 11, readRepeats: 17 },
};

function report(label: string, uci: StoryQuality, read: StoryQuality, seconds: number): void {
  process.stdout.write(
    `      ${label} (built in ${seconds.toFixed(0)} s): listed ${uci.listed}, duplicate topics ${uci.duplicateTopics.length}, artifacts ` +
      `${uci.artifacts.length}, fidelity ${uci.fidelity.toFixed(3)} / ${read.fidelity.toFixed(3)} corrected, ` +
      `gold stories leading two ${uci.goldRepeats.length} / ${read.goldRepeats.length} corrected\n`,
  );
}

describe('what two held-out UCI slices list, March 16-31 0-10k and April 30-40k (whole lists, in-process)', function () {
  // A slice's list takes about a minute at load 10 (clustering, rejoin, embedding its central headlines).
  this.timeout(300_000);
  for (const [key, held] of Object.entries(HELD)) {
    const label = CLUSTER_SETS.find((s) => s.key === key)!.label;
    describe(`${label} (held out)`, () => {
      let uci: StoryQuality;
      let read: StoryQuality;
      before(async () => {
        const started = Date.now();
        ({ uci, read } = listQuality(await setTrends(key)));
        report(label, uci, read, (Date.now() - started) / 1000);
      });

      it('shows no topic string twice', () => {
        expect(uci.duplicateTopics).to.deep.equal([]);
      });

      it('carries no text artifact in topics and summaries', () => {
        expect(uci.artifacts).to.deep.equal([]);
      });

      it(`gives topics faithful to the majority story (fidelity >= ${held.fidelity}, corrected labels >= ${held.readFidelity}; target 0.95)`, () => {
        expect(uci.fidelity, "UCI's labels").to.be.at.least(held.fidelity);
        expect(read.fidelity, 'corrected labels').to.be.at.least(Math.max(held.readFidelity, 0.95));
      });

      it(`lets at most ${held.repeats} gold stories lead two listed trends (corrected labels ${held.readRepeats}; target 0)`, () => {
        expect(uci.goldRepeats.length, "UCI's labels").to.be.at.most(held.repeats);
        expect(read.goldRepeats.length, 'corrected labels').to.be.at.most(held.readRepeats);
      });
    });
  }
});
