/**
 * The named occasion in the pairs read by hand: every pair of read-pairs.tsv, held-out-pairs.tsv and
 * month-pairs.tsv the rejoin's defaults leave apart whose two sides name one occasion
 * (named-events.ts), with its meaning and the reader's verdict, and a tally by meaning floor and by
 * how many headlines of each side must name it.
 * Run: node --import tsx services/pipeline/lab/diagnose/occasion-census.ts [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import path from 'node:path';
import { atMost, readCommandLine } from '../command-line';
import { DEFAULT_REJOIN_OPTIONS, joiningTest, meanEmbedding, type StoryView } from '../../src/detect/rejoin-stories';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot } from '../../src/text/word-vectors';
import { HELD_OUT_PAIRS_FILE, loadReadPairs, READ_PAIRS_FILE, readPairView } from '../metrics/read-joins';
import { occasionCounts, sharedOccasion } from '../../src/detect/named-events';

const { verbose } = readCommandLine(
  'occasion-census.ts [-v]',
  { verbose: { type: 'boolean', short: 'v', default: false } },
  ({ values, positionals }) => (atMost(0, positionals), { verbose: values.verbose }),
);

const MONTH_PAIRS_FILE = path.join(path.dirname(READ_PAIRS_FILE), 'month-pairs.tsv');
const o = { ...DEFAULT_REJOIN_OPTIONS, rejoinOccasionMeaning: 1 };
const view = (id: string, central: string[], at: number): StoryView => readPairView(id, central, at, o);
const FLOORS = [0.3, 0.4, 0.5, 0.6, 0.7];
const tally = new Map<string, { one: number; two: number }>();
/** The rules tallied: how many headlines of each side must name the shared occasion. */
const RULES = ['both name it', 'both in two headlines', 'both, one side in two headlines'] as const;

for (const file of [READ_PAIRS_FILE, HELD_OUT_PAIRS_FILE, MONTH_PAIRS_FILE]) {
  const pairs = loadReadPairs(file);
  const embed = await embeddingLookup(pairs.flatMap((p) => [...p.a, ...p.b]));
  const name = path.basename(file);
  process.stdout.write(`${name}\n`);
  let named = 0;
  for (const p of pairs) {
    const ca = occasionCounts(p.a);
    const cb = occasionCounts(p.b);
    if (ca.size > 0 || cb.size > 0) named++;
    if (verbose && (ca.size > 0 || cb.size > 0))
      process.stdout.write(
        `    [${p.oneStory ? 'one' : 'two'}] ${[...ca.keys()].join(',')} | ${[...cb.keys()].join(',')}\n`,
      );
    const shared1 = sharedOccasion(p.a, p.b, 1);
    if (shared1 === undefined) continue;
    const ma = meanEmbedding(p.a.map(embed));
    const mb = meanEmbedding(p.b.map(embed));
    if (!ma || !mb) continue;
    const meaning = dot(ma, mb);
    const joined = joiningTest(view('a', p.a, 0), view('b', p.b, 1), meaning, o);
    const shared2 = sharedOccasion(p.a, p.b, 2);
    const c1 = occasionCounts(p.a, new Set([shared1])).get(shared1) ?? 0;
    const c2 = occasionCounts(p.b, new Set([shared1])).get(shared1) ?? 0;
    const oneSideTwo = Math.max(c1, c2) >= 2;
    process.stdout.write(
      `  ${p.oneStory ? 'one' : 'two'}\t${meaning.toFixed(3)}\t${joined ?? '-'}\t${shared1}\t${shared2 ?? '-'}\t${c1}/${c2}\n` +
        `      A: ${p.a.join(' / ')}\n      B: ${p.b.join(' / ')}\n`,
    );
    if (joined !== undefined) continue;
    for (const rule of RULES)
      for (const floor of FLOORS) {
        if (meaning < floor) continue;
        if (rule === 'both in two headlines' && shared2 === undefined) continue;
        if (rule === 'both, one side in two headlines' && !oneSideTwo) continue;
        const key = `${name}\t${rule}\tfloor ${floor}`;
        const r = tally.get(key) ?? { one: 0, two: 0 };
        r[p.oneStory ? 'one' : 'two']++;
        tally.set(key, r);
      }
  }
  process.stdout.write(`  pairs naming an occasion on a side: ${named} of ${pairs.length}\n`);
}
process.stdout.write('\nfile\trule\tfloor\tadds one / two\n');
for (const [key, { one, two }] of [...tally].sort(([a], [b]) => (a < b ? -1 : 1)))
  process.stdout.write(`${key}\t${one} / ${two}\n`);
