/**
 * Category accuracy on trends (the label an agent sees), not only single articles, per evaluation
 * set (cluster-sets.ts: UCI slices and Giveme5W1H; trend-category.ts says how). `--held-out`
 * scores a model trained without fold 0 of the classifier's 5-fold split (by story / event) on the
 * trends whose majority story is in fold 0, so no trend is scored by a model that saw its story.
 * The members' embeddings come from the lab's cache (.cache/embeddings/, where the UCI headlines
 * already are after `make model`), the missing ones embedded and added to it.
 * `--read-labels` scores against the corpus labels with the readings of category-readings.ts in
 * place of the stories and events read (UCI's car and fuel-price stories read as business, and the UCI stories and Giveme5W1H events read as politics, among them). `-v` lists each wrong trend (gold -> served, size, majority story or event, topic) under its set.
 * Run: node --import tsx services/pipeline/lab/diagnose/trend-category-figures.ts [set keys, comma-separated] [--held-out] [--read-labels] [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CategoryModel } from '../../src/classify/category-model';
import { createClassifier, loadClassifier, type Classifier } from '../../src/classify/classifier';
import { foldOfGroup } from '../evaluate/classifier/cross-validate';
import { COMMITTED_MODEL_SETTINGS, trainingEmbeddings, trainModel } from '../train/classifier/model-settings';
import { buildTrainingSamples } from '../train/classifier/training-samples';
import { CLUSTER_SETS } from '../corpus/cluster-sets';
import { REPO_ROOT } from '../corpus/corpus-path';
import { setEmbeddings, trendCategoryFigures } from '../evaluate/trends/trend-category';
import { cachedEmbeddings } from '../evaluate/classifier/sentence-embeddings';
import { categoryReadings } from '../metrics/category-readings';
import { atMost, readCommandLine } from '../command-line';
import type { Category } from '@trendscope/core';

const { values, positionals } = readCommandLine(
  'trend-category-figures.ts [set keys, comma-separated] [--held-out] [--read-labels] [-v]',
  {
    'held-out': { type: 'boolean', default: false },
    'read-labels': { type: 'boolean', default: false },
    verbose: { type: 'boolean', short: 'v', default: false },
  },
  (line) => ({ ...line, positionals: atMost(1, line.positionals) }),
);
const heldOut = values['held-out'];
const verbose = values.verbose;
const readings = values['read-labels'] ? categoryReadings() : new Map<string, Category>();
const wanted = positionals[0]?.split(',');

/**
 * The committed model, or one trained without fold 0 (cached in .cache under a key of the committed
 * settings, so a change of settings trains afresh: training takes minutes).
 */
async function classifier(): Promise<Classifier> {
  if (!heldOut) return loadClassifier();
  const key = createHash('sha1').update(JSON.stringify(COMMITTED_MODEL_SETTINGS)).digest('hex').slice(0, 12);
  const file = path.join(REPO_ROOT, '.cache', `category-model-without-fold-0-${key}.json`);
  if (!existsSync(file)) {
    const samples = buildTrainingSamples(COMMITTED_MODEL_SETTINGS.samples).filter(
      (s) => foldOfGroup(s.group ?? s.text) !== 0,
    );
    mkdirSync(path.dirname(file), { recursive: true });
    const sentences = await trainingEmbeddings(samples, COMMITTED_MODEL_SETTINGS);
    writeFileSync(file, JSON.stringify(trainModel(samples, COMMITTED_MODEL_SETTINGS, sentences)));
  }
  return createClassifier(JSON.parse(readFileSync(file, 'utf8')) as CategoryModel);
}

const c = await classifier();
const share = (right: number, n: number): string => (right / Math.max(n, 1)).toFixed(3);
process.stdout.write(
  `model: ${heldOut ? 'trained without fold 0, scored on fold-0 stories' : 'committed'}; labels: ` +
    `${readings.size > 0 ? `corpus, ${readings.size} stories or events read` : 'corpus'}\n`,
);
const total = { trends: 0, trendsRight: 0, articles: 0, articlesRight: 0, errors: new Map<string, number>() };
for (const set of CLUSTER_SETS) {
  if (wanted && !wanted.includes(set.key) && !wanted.includes(set.role)) continue;
  const embeddings = await setEmbeddings(set, c, cachedEmbeddings);
  const f = trendCategoryFigures(set, c, heldOut ? 0 : undefined, embeddings, readings);
  total.trends += f.trends;
  total.trendsRight += f.trendsRight;
  total.articles += f.articles;
  total.articlesRight += f.articlesRight;
  for (const [k, v] of f.errors) total.errors.set(k, (total.errors.get(k) ?? 0) + v);
  process.stdout.write(
    `  ${set.role.padEnd(8)}  ${set.label.padEnd(34)} trends ${String(f.trends).padStart(4)}  accuracy ` +
      `${share(f.trendsRight, f.trends)}  articles ${String(f.articles).padStart(5)}  accuracy ` +
      `${share(f.articlesRight, f.articles)}\n`,
  );
  if (verbose) {
    for (const w of f.wrong) {
      process.stdout.write(`      ${w.gold}->${w.served}  ${String(w.articles).padStart(3)}  ${w.group}  ${w.topic}\n`);
    }
  }
}
const errors = [...total.errors].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`);
process.stdout.write(
  `  all: trends ${total.trends} accuracy ${share(total.trendsRight, total.trends)}; articles ` +
    `${total.articles} accuracy ${share(total.articlesRight, total.articles)}\n` +
    `  trend errors (gold->served): ${errors.join(', ')}\n`,
);
