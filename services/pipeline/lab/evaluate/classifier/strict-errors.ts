/**
 * Where the committed model's strict errors on held-out items come from: per corpus, each
 * (label -> answer) pair of the errors with its count, split into answers among the corpus's own
 * classes (a topic error) and answers in a class the corpus does not label with (a taxonomy
 * error: AG News World filed as politics), with a few example texts per pair. Reads the out-of-fold
 * answers of held-out-scores.ts. Run: `node --import tsx
 * services/pipeline/lab/evaluate/classifier/strict-errors.ts [corpus] [--examples 5]`.
 */
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import { atMost, oneNumber, readCommandLine } from '../../command-line';
import { FOLDS, validationItems } from './cross-validate';
import { type HeldOutFold, heldOutFile } from './held-out-scores';
import { LABEL_MAPPING } from '../../train/classifier/training-samples';

const [only, examples] = readCommandLine(
  'strict-errors.ts [corpus] [--examples 5]',
  { examples: { type: 'string', default: '5' } },
  ({ values, positionals }) => [atMost(1, positionals)[0], oneNumber(values.examples)] as const,
);
const items = validationItems();
const ownClasses: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(LABEL_MAPPING).map(([corpus, mapping]) => [corpus, new Set<string>(Object.values(mapping))]),
);

const pairs = new Map<string, { n: number; texts: string[] }>();
const totals = new Map<string, { n: number; errors: number; taxonomy: number }>();
for (let f = 0; f < FOLDS; f++) {
  const fold = JSON.parse(readFileSync(heldOutFile(f), 'utf8')) as HeldOutFold;
  for (const a of fold.answers) {
    const item = items[a.item]!;
    if (only && item.corpus !== only) continue;
    const t = totals.get(item.corpus) ?? { n: 0, errors: 0, taxonomy: 0 };
    totals.set(item.corpus, t);
    t.n++;
    if (a.answer === item.category) continue;
    t.errors++;
    if (!ownClasses[item.corpus]!.has(a.answer)) t.taxonomy++;
    const key = `${item.corpus}: ${item.category} -> ${a.answer}`;
    const pair = pairs.get(key) ?? { n: 0, texts: [] };
    pairs.set(key, pair);
    pair.n++;
    if (pair.texts.length < examples) pair.texts.push(item.text.slice(0, 160));
  }
}
for (const [corpus, t] of totals)
  process.stdout.write(
    `${corpus}: ${t.n} items, ${t.errors} strict errors (${(t.errors / t.n).toFixed(3)}), ` +
      `${t.taxonomy} of them answered outside the corpus's classes\n`,
  );
for (const [key, pair] of [...pairs.entries()].sort((a, b) => b[1].n - a[1].n)) {
  // Every pair of one corpus; over all of them, the pairs of 3 rows or more.
  if (pair.n < 3 && !only) continue;
  process.stdout.write(`\n${key}: ${pair.n}\n${pair.texts.map((t) => `  - ${t}`).join('\n')}\n`);
}
