/**
 * Rebuilds services/pipeline/models/merge-model.json (the learned fragment merge) from the tuning
 * sets' gold stories and prints the fold figures that chose its threshold. `make merge-model`.
 * Lab variants: `--meaning encoder` fits on the sentence encoder's headline meanings
 * (encoder-meaning.ts), `--options '<clustering options as JSON>'` sets what the folds run with
 * (e.g. that source's meaningThreshold and meaningFloor), `--out <file>` writes elsewhere than the
 * committed model (cluster-figures.ts reads it with "mergeModelPath").
 */
import '@trendscope/core/require-project-node';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HeadlineMeaning } from '../../src/detect/headline-meaning';
import { DEFAULT_MERGE_MODEL_PATH } from '../../src/detect/merge-model';
import { backgroundIdf } from '../../src/detect/idf';
import { CLUSTER_SETS, FIGURES_NOW } from '../corpus/cluster-sets';
import { meaningFor, type MeaningSource } from '../evaluate/trends/encoder-meaning';
import { mergeModelFileText } from './merge-model/merge-model-file';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';

const { source, out, options } = readCommandLine(
  "fit-merge-model.ts [--meaning glove|encoder] [--options '<json>'] [--out <file>]",
  {
    meaning: { type: 'string', default: 'glove' },
    options: { type: 'string', default: '{}' },
    out: { type: 'string' },
  },
  ({ values, positionals }) => {
    atMost(0, positionals);
    knownNames(values.meaning, ['glove', 'encoder']);
    return {
      source: values.meaning as MeaningSource,
      out: values.out ? path.resolve(values.out) : DEFAULT_MERGE_MODEL_PATH,
      options: jsonOptions(values.options),
    };
  },
);

const meanings = new Map<string, HeadlineMeaning>();
// GloVe (the default) needs nothing read ahead: clusterArticles computes it.
for (const set of source && source !== 'glove' ? CLUSTER_SETS.filter((s) => s.role === 'tuning') : []) {
  const meaning = await meaningFor(source, set.load().articles, { now: FIGURES_NOW, idf: backgroundIdf(), ...options });
  if (meaning) meanings.set(set.key, meaning);
}
const { model, json, folds, pairs } = mergeModelFileText(meanings, options);
writeFileSync(out, json);
const f = (v: number): string => v.toFixed(3);
process.stdout.write(`meaning ${source ?? 'glove'}, options ${JSON.stringify(options)}\n`);
process.stdout.write(`pairs ${pairs}; threshold kept ${model.threshold}\n`);
for (const row of folds) {
  process.stdout.write(
    `  ${row.fold.padEnd(13)} p >= ${String(row.threshold).padEnd(4)}  rules P ${f(row.rules.precision)} F1 ` +
      `${f(row.rules.f1)}  learned P ${f(row.learned.precision)} R ${f(row.learned.recall)} F1 ${f(row.learned.f1)}\n`,
  );
}
model.features.forEach((name, i) => process.stdout.write(`  ${name.padEnd(18)} ${model.weights[i]}\n`));
process.stdout.write(`wrote ${out}\n`);
