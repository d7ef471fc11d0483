/**
 * How the story rejoin's meaning test (rejoin-stories.ts) agrees with pairs of trends read by hand
 * (data/story-joins/read-pairs.tsv, and held-out-pairs.tsv: every pair of the held-out slices'
 * pool), at the default rejoinMeaning and at other thresholds.
 * Run: node --import tsx services/pipeline/lab/diagnose/read-joins.ts [thresholds, comma-separated]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { DEFAULT_REJOIN_OPTIONS } from '../../src/detect/rejoin-stories';
import { HELD_OUT_PAIRS_FILE, loadReadPairs, READ_PAIRS_FILE, readAgreement } from '../metrics/read-joins';

const thresholds = (process.argv[2] ?? `0.6,0.7,${DEFAULT_REJOIN_OPTIONS.rejoinMeaning},0.8,0.85`)
  .split(',')
  .map(Number);
for (const file of [READ_PAIRS_FILE, HELD_OUT_PAIRS_FILE]) {
  const pairs = loadReadPairs(file);
  process.stdout.write(`${file.split('/').pop()}\n`);
  for (const rejoinMeaning of thresholds) {
    const r = await readAgreement(pairs, { rejoinMeaning });
    process.stdout.write(
      `  rejoinMeaning ${rejoinMeaning.toFixed(2)}: ${r.pairs} read pairs (${r.oneStory} one story), joined ${r.joined}, ` +
        `of them one story ${r.joinedOneStory}: precision ${r.precision.toFixed(3)}, recall ${r.recall.toFixed(3)}\n`,
    );
  }
}
