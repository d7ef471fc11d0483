/**
 * The event's arguments in the pairs read by hand: for every pair of read-pairs.tsv, held-out-pairs.tsv
 * and month-pairs.tsv that falls in one of the rejoin census' two open cells (the same kind of event
 * at meaning 0.6-0.7; no kind read on both sides at 0.7-0.8; docs/lab-notes/trends.md, "Why the
 * rejoin leaves each split story apart", 2026-12-07), the names and numbers each side's central
 * headlines name that the other's never do, and those both name (argument-terms.ts), with the reader's verdict.
 * Run: node --import tsx services/pipeline/lab/diagnose/argument-census.ts [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import path from 'node:path';
import { atMost, readCommandLine } from '../command-line';
import { DEFAULT_REJOIN_OPTIONS, joiningTest, meanEmbedding, type StoryView } from '../../src/detect/rejoin-stories';
import { eventKindMatch } from '../../src/detect/event-classes';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot } from '../../src/text/word-vectors';
import { HELD_OUT_PAIRS_FILE, loadReadPairs, READ_PAIRS_FILE, readPairView } from '../metrics/read-joins';
import { argumentTerms, distinctArguments, nameTerms, withoutNames } from '../../src/detect/argument-terms';

const { verbose } = readCommandLine(
  'argument-census.ts [-v]',
  { verbose: { type: 'boolean', short: 'v', default: false } },
  ({ values, positionals }) => (atMost(0, positionals), { verbose: values.verbose }),
);

type Row = Record<string, { one: number; two: number }>;
const tallies = new Map<string, Row>();
function tally(file: string, cell: string): Row {
  const key = `${cell}\t${file}`;
  let row = tallies.get(key);
  if (!row) tallies.set(key, (row = {}));
  return row;
}

const MONTH_PAIRS_FILE = path.join(path.dirname(READ_PAIRS_FILE), 'month-pairs.tsv');
/** The rejoin's defaults without the event cast test: the pairs it could add are those left apart here. */
const o = { ...DEFAULT_REJOIN_OPTIONS, rejoinCastMeaning: 1 };
const view = (id: string, central: string[], at: number): StoryView => readPairView(id, central, at, o);

for (const file of [READ_PAIRS_FILE, HELD_OUT_PAIRS_FILE, MONTH_PAIRS_FILE]) {
  const pairs = loadReadPairs(file);
  const embed = await embeddingLookup(pairs.flatMap((p) => [...p.a, ...p.b]));
  process.stdout.write(`${path.basename(file)}\n`);
  for (const p of pairs) {
    const ma = meanEmbedding(p.a.map(embed));
    const mb = meanEmbedding(p.b.map(embed));
    if (!ma || !mb) continue;
    const meaning = dot(ma, mb);
    const kind = eventKindMatch(p.a, p.b);
    const joined = joiningTest(view('a', p.a, 0), view('b', p.b, 1), meaning, o);
    const cell =
      kind >= 0.8 && meaning >= 0.6 && meaning < 0.7
        ? 'kind'
        : kind < 0.8 && meaning >= 0.7 && meaning < 0.8
          ? 'nokind'
          : kind >= 0.8 && meaning >= 0.5 && meaning < 0.6
            ? 'kind 0.5-0.6'
            : undefined;
    if (cell === undefined || joined !== undefined) continue;
    const d = distinctArguments(p.a, p.b);
    const d2 = distinctArguments(p.a, p.b, 2);
    const names = nameTerms([...p.a, ...p.b]);
    const maskedKind = eventKindMatch(withoutNames(p.a, names), withoutNames(p.b, names));
    const row = tally(path.basename(file), cell);
    for (const [rule, joins] of Object.entries({
      'any pair': true,
      'neither side names one alone': d.onlyA.length === 0 && d.onlyB.length === 0,
      'at most one side names one alone': d.onlyA.length === 0 || d.onlyB.length === 0,
      'neither side names one in two headlines alone': d2.onlyA.length === 0 && d2.onlyB.length === 0,
      'at most one side names one in two headlines alone': d2.onlyA.length === 0 || d2.onlyB.length === 0,
      'no side alone, two shared': d.onlyA.length === 0 && d.onlyB.length === 0 && d.shared.length >= 2,
      'neither in two alone, kind read with names masked':
        d2.onlyA.length === 0 && d2.onlyB.length === 0 && maskedKind >= 0.8,
    })) {
      const r = (row[rule] ??= { one: 0, two: 0 });
      if (joins) r[p.oneStory ? 'one' : 'two']++;
    }
    const line = [
      cell,
      p.oneStory ? 'one' : 'two',
      meaning.toFixed(3),
      kind.toFixed(2),
      maskedKind.toFixed(2),
      joined ?? '-',
      `onlyA=${d.onlyA.join(',')}`,
      `onlyB=${d.onlyB.join(',')}`,
      `shared=${d.shared.join(',')}`,
    ].join('\t');
    process.stdout.write(`  ${line}\n`);
    if (verbose) {
      process.stdout.write(`      A: ${p.a.join(' / ')}  [${[...argumentTerms(p.a).keys()].join(',')}]\n`);
      process.stdout.write(`      B: ${p.b.join(' / ')}  [${[...argumentTerms(p.b).keys()].join(',')}]\n`);
    }
  }
}
process.stdout.write('\ncell\tfile\trule\tjoins one / two\n');
for (const [key, row] of [...tallies].sort(([a], [b]) => (a < b ? -1 : 1)))
  for (const [rule, { one, two }] of Object.entries(row)) process.stdout.write(`${key}\t${rule}\t${one} / ${two}\n`);
