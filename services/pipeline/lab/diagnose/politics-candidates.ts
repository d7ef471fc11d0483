/**
 * What the politics readings were read from (data/category-readings/politics-readings.tsv): the UCI
 * stories whose headlines name government, lawmaking or elections (POLITICS_HEADLINE_RE) at least
 * `--share` of the time, each with its size, corpus labels, share and `--per-story` headlines drawn
 * at random, and whether it is read as politics; then `--sample` headlines drawn at random (seed
 * `--seed`) from every story read as politics, to read one by one. Neither draw touches the model.
 * Run: node --import tsx services/pipeline/lab/diagnose/politics-candidates.ts [--share 0.3] [--per-story 7] [--sample 60] [--seed 7]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadUci, type UciRow } from '../corpus/uci.corpus';
import { loadCategoryReadings, POLITICS_READINGS_FILE } from '../metrics/category-readings';
import { mulberry32 } from '../train/classifier/train-model';
import { oneNumber, readCommandLine } from '../command-line';

/**
 * A headline naming a legislature or its members, a bill, a governor or mayor, an election, a
 * ballot, a party, a minister or the White House; "House" only as the chamber acting (not "House of
 * Cards", house music), and "Bill" not as Bill Gates.
 */
export const POLITICS_HEADLINE_RE =
  /\b(?:senate|senators?|sen\.|congress(?:ional|man|woman)?|lawmakers?|legislat(?:ures?|ors?|ive|ion)|governor|gov\.|elections?|electoral|White House|Obama administration|parliament(?:ary)?|republicans?|democrats?|GOP|Dems|voters?|ballot|mayor|prime minister|minister|politic(?:s|al|ians?)|vetoe?s?|vetoed|House (?:passes|passed|votes?|panel|committee|speaker|Republicans|Democrats|bill)|Rep\.|statehouse|state house)\b|\b[Bb]ills?\b(?! Gates)/i;

const { share, perStory, sample, seed } = readCommandLine(
  'politics-candidates.ts [--share 0.3] [--per-story 7] [--sample 60] [--seed 7]',
  {
    share: { type: 'string', default: '0.3' },
    'per-story': { type: 'string', default: '7' },
    sample: { type: 'string', default: '60' },
    seed: { type: 'string', default: '7' },
  },
  ({ values }) => ({
    share: oneNumber(values.share),
    perStory: oneNumber(values['per-story']),
    sample: oneNumber(values.sample),
    seed: oneNumber(values.seed),
  }),
);

const read = loadCategoryReadings(POLITICS_READINGS_FILE);
const rows = loadUci();
const stories = new Map<string, UciRow[]>();
for (const row of rows) stories.set(row.story, [...(stories.get(row.story) ?? []), row]);
/** `n` distinct items of `items` drawn at random by `random`, in their order. */
const draw = <T>(items: readonly T[], n: number, random: () => number): T[] => {
  const picked = new Set<number>();
  while (picked.size < Math.min(n, items.length)) picked.add(Math.floor(random() * items.length));
  return [...picked].sort((a, b) => a - b).map((i) => items[i]!);
};

const perStoryRandom = mulberry32(seed);
const candidates = [...stories]
  .map(([story, rows]) => ({ story, rows, hits: rows.filter((r) => POLITICS_HEADLINE_RE.test(r.title)).length }))
  .filter((c) => c.rows.length >= 2 && c.hits / c.rows.length >= share)
  .sort((a, b) => b.rows.length - a.rows.length);
process.stdout.write(
  `${candidates.length} candidate stories (${candidates.reduce((n, c) => n + c.rows.length, 0)} headlines) ` +
    `naming government at least ${share} of the time\n`,
);
for (const c of candidates) {
  const labels = [...new Set(c.rows.map((r) => r.category))].join('');
  const reading = read.get(`uci:${c.story}`) ?? '-';
  process.stdout.write(
    `uci:${c.story}\t${c.rows.length}\t${labels}\tshare ${(c.hits / c.rows.length).toFixed(2)}\tread ${reading}\n`,
  );
  const titles = [...new Set(c.rows.map((r) => r.title))];
  for (const t of draw(titles, perStory, perStoryRandom)) process.stdout.write(`    ${t}\n`);
}
const politics = rows.filter((r) => read.get(`uci:${r.story}`) === 'politics');
process.stdout.write(
  `\n${sample} of the ${politics.length} headlines of the stories read as politics (seed ${seed})\n`,
);
for (const r of draw(politics, sample, mulberry32(seed)))
  process.stdout.write(`${r.id}\t${r.category}\tuci:${r.story}\t${r.title}\n`);
