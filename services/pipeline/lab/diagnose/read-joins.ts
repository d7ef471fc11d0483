/**
 * How the story rejoin's meaning test (rejoin-stories.ts) agrees with pairs of trends read by hand
 * (data/story-joins/read-pairs.tsv, and held-out-pairs.tsv: every pair of the held-out slices'
 * pool), at the default rejoinMeaning and at other thresholds (the company-event threshold off), then
 * at the default rejoinMeaning with company-event thresholds (rejoinEventMeaning; 1 is off).
 * Run: node --import tsx services/pipeline/lab/diagnose/read-joins.ts [thresholds] [company-event thresholds]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, numberList, readCommandLine } from '../command-line';
import { DEFAULT_REJOIN_OPTIONS, type RejoinOptions } from '../../src/detect/rejoin-stories';
import { HELD_OUT_PAIRS_FILE, loadReadPairs, READ_PAIRS_FILE, readAgreement } from '../metrics/read-joins';

const { thresholds, eventThresholds } = readCommandLine(
  'read-joins.ts [thresholds, comma-separated] [company-event thresholds, comma-separated]',
  {},
  ({ positionals }) => {
    const [meaning, event] = atMost(2, positionals);
    return {
      thresholds: numberList(meaning ?? `0.6,0.7,0.75,${DEFAULT_REJOIN_OPTIONS.rejoinMeaning},0.85`),
      eventThresholds: numberList(event ?? `0.6,0.65,${DEFAULT_REJOIN_OPTIONS.rejoinEventMeaning},0.75,1`),
    };
  },
);
const settings: Partial<RejoinOptions>[] = [
  ...thresholds.map((rejoinMeaning) => ({ rejoinMeaning, rejoinEventMeaning: 1 })),
  ...eventThresholds.map((rejoinEventMeaning) => ({ rejoinEventMeaning })),
];
for (const file of [READ_PAIRS_FILE, HELD_OUT_PAIRS_FILE]) {
  const pairs = loadReadPairs(file);
  process.stdout.write(`${file.split('/').pop()}\n`);
  for (const s of settings) {
    const r = await readAgreement(pairs, s);
    const o = { ...DEFAULT_REJOIN_OPTIONS, ...s };
    const event = o.rejoinEventMeaning >= o.rejoinMeaning ? 'off' : o.rejoinEventMeaning.toFixed(2);
    process.stdout.write(
      `  rejoinMeaning ${o.rejoinMeaning.toFixed(2)}, company event ${event}: ${r.pairs} read pairs (${r.oneStory} one story), ` +
        `joined ${r.joined}, of them one story ${r.joinedOneStory}: precision ${r.precision.toFixed(3)}, recall ${r.recall.toFixed(3)}\n`,
    );
  }
}
