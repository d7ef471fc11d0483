/**
 * The pairs of trends founded at once that at-once-pairs.ts lists, scored by several sentence
 * encoders side by side: per encoder, each pair's central-headline meaning (the rejoin's: cosine of
 * the mean embeddings), the pairs from the highest down to the highest pair read as two stories and
 * the few after it (at most `--most`), with their readings, and the AUC of one story against two. What a bar above every
 * two-story pair would join under each encoder (docs/lab-notes/trends.md, "The next day's reports
 * read by a stronger encoder", 2026-12-07). Reads at-once-pairs.ts's output (run it with `least` 0
 * to score every pair): its reading (a reading file's verdict or "same UCI story" by the corrected
 * labels), then data/story-joins/at-once-pairs.tsv's verdict where that file has the pair.
 * Embeddings come from `.cache/embeddings/headlines-<encoder>*.bin` (filled as needed).
 * Run: node --import tsx services/pipeline/lab/diagnose/at-once-encoders.ts AT_ONCE_OUTPUT [encoders, comma-separated: all-minilm-l6-v2-q,bge-small-en-v15-q,e5-small-v2-q] [--after 3] [--most 30]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import { atMost, knownNames, oneNumber, readCommandLine } from '../command-line';
import { ENCODER_SPECS } from '../../src/embed/encoder-files';
import { dot } from '../../src/text/word-vectors';
import { meanEmbedding } from '../../src/detect/rejoin-stories';
import { cachedEmbeddings } from '../evaluate/classifier/sentence-embeddings';
import { AT_ONCE_READINGS } from '../metrics/corrected-gold';
import { pairAuc, type LabelledPair } from '../evaluate/trends/pair-rule-folds';

const { file, encoders, after, most } = readCommandLine(
  'at-once-encoders.ts AT_ONCE_OUTPUT [encoders, comma-separated: all-minilm-l6-v2-q,bge-small-en-v15-q,e5-small-v2-q] [--after 3] [--most 30]',
  { after: { type: 'string' }, most: { type: 'string' } },
  ({ positionals, values }) => {
    const [f, e = 'all-minilm-l6-v2-q,bge-small-en-v15-q,e5-small-v2-q'] = atMost(2, positionals);
    if (!f) throw new Error('AT_ONCE_OUTPUT is required');
    return {
      file: f,
      encoders: knownNames(e, Object.keys(ENCODER_SPECS)),
      after: oneNumber(values.after ?? '3'),
      most: oneNumber(values.most ?? '30'),
    };
  },
);
const bare = (id: string): string => id.replace(/^uci:/, '');
const verdicts = new Map(
  readFileSync(AT_ONCE_READINGS, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .map((f) => [`${f[1]} ${bare(f[2]!)} ${bare(f[3]!)}`, f[0]!] as const),
);
interface AtOncePair {
  set: string;
  reading: string;
  a: string[];
  b: string[];
}
const lines = readFileSync(file, 'utf8').split('\n');
const pairs: AtOncePair[] = [];
lines.forEach((line, i) => {
  const m = /^(\S+)\t([^\t]*)\t.*\tgold (\S+) \/ (\S+)$/.exec(line);
  if (!m) return;
  pairs.push({
    set: m[1]!,
    reading: verdicts.get(`${m[1]} ${bare(m[3]!)} ${bare(m[4]!)}`) ?? m[2]!,
    a: lines[i + 1]!.slice(1).split(' / '),
    b: lines[i + 2]!.slice(1).split(' / '),
  });
});
/** One story by a reader or by the corrected labels; two by a reader; else no verdict. */
const oneStory = (p: AtOncePair): boolean | undefined =>
  p.reading === 'one story' || p.reading === 'same UCI story' ? true : p.reading === 'two stories' ? false : undefined;
process.stdout.write(
  `${pairs.length} pairs: ${pairs.filter((p) => oneStory(p) === true).length} one story, ` +
    `${pairs.filter((p) => oneStory(p) === false).length} two, ${pairs.filter((p) => oneStory(p) === undefined).length} without a verdict\n`,
);
for (const name of encoders) {
  const embed = await cachedEmbeddings(
    pairs.flatMap((p) => [...p.a, ...p.b]),
    ENCODER_SPECS[name],
    'headlines',
  );
  const scored = pairs
    .map((p) => ({ p, m: dot(meanEmbedding(p.a.map(embed))!, meanEmbedding(p.b.map(embed))!) }))
    .sort((x, y) => y.m - x.m);
  const labelled = (withLabels: boolean): LabelledPair[] =>
    scored
      .filter(({ p }) => oneStory(p) !== undefined && (withLabels || p.reading !== 'same UCI story'))
      .map(({ p, m }) => ({ set: p.set, id: p.a[0]!, oneStory: oneStory(p)!, values: { m } }));
  const top = scored.findIndex(({ p }) => oneStory(p) === false);
  const shown = scored.slice(0, Math.min(most, top < 0 ? most : top + 1 + after));
  process.stdout.write(
    `${name}: AUC ${pairAuc(labelled(false), 'm').toFixed(3)} by readers' verdicts, ${pairAuc(labelled(true), 'm').toFixed(3)} with the labels' one-story pairs; ${top < 0 ? 'no two-story pair' : `${top} pairs above the highest two-story pair (${scored[top]!.m.toFixed(4)})`}\n` +
      shown.map(({ p, m }) => `  ${m.toFixed(4)}\t${p.set}\t${p.reading}\t${p.a[0]} | ${p.b[0]}\n`).join(''),
  );
}
