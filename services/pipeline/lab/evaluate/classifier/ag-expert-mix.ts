/**
 * What knowing the feed would be worth on AG News: per fold, the committed settings' main model (G) and
 * a model of the AG News training rows alone (E, NB-weighted), scored on held-out AG News rows as
 * G, G over AG News's own four classes, E, and G + lambda E (log-probabilities added). The mixes
 * need the item's feed at classification time, so they are diagnostics, not the service's model.
 * Run: `node --import tsx lab/evaluate/classifier/ag-expert-mix.ts [--folds 0,1]`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import type { Category } from '@trendscope/core';
import { createClassifier } from '../../../src/classify/classifier';
import { trainCategoryModel } from '../../train/classifier/train-model';
import { foldOf } from '../../corpus/fold-of';
import { FOLDS_OPTION, foldsOnly, readCommandLine } from '../../command-line';
import { validationItems } from './cross-validate';
import { COMMITTED_MODEL_SETTINGS } from '../../train/classifier/model-settings';
import { buildTrainingSamples, LABEL_MAPPING } from '../../train/classifier/training-samples';

/** Trainer settings of the AG News expert (best of ag-learning-curve.ts on AG News alone). */
const EXPERT = { rawWords: true, geo: true, minDf: 1, l2: 1e-4, nbSmoothing: 1 };
const LAMBDAS = [0.5, 1, 2, 4];

const folds = readCommandLine('ag-expert-mix.ts [--folds 0,1,2,3,4]', FOLDS_OPTION, foldsOnly);
const agClasses = new Set<Category>(Object.values(LABEL_MAPPING.ag));
const all = buildTrainingSamples(COMMITTED_MODEL_SETTINGS.samples);
const items = validationItems().filter((i) => i.corpus === 'ag');
const tally = new Map<string, number>();
let n = 0;
for (const f of folds) {
  const train = all.filter((s) => foldOf(s.group ?? s.text, 5) !== f);
  const g = createClassifier(trainCategoryModel(train, COMMITTED_MODEL_SETTINGS.train));
  const e = createClassifier(
    trainCategoryModel(
      train.filter((s) => s.source === 'ag'),
      EXPERT,
    ),
  );
  for (const item of items.filter((i) => foldOf(i.group, 5) === f)) {
    n++;
    const gp = new Map(g.probabilities(item.text).map((x) => [x.category, x.p]));
    const ep = new Map(e.probabilities(item.text).map((x) => [x.category, x.p]));
    const argmax = (score: (c: Category) => number, among: Iterable<Category>): Category => {
      let best: Category = 'other';
      let top = -Infinity;
      for (const c of among) if (score(c) > top) [best, top] = [c, score(c)];
      return best;
    };
    const hit = (name: string, c: Category): void => {
      if (c === item.category) tally.set(name, (tally.get(name) ?? 0) + 1);
    };
    hit('G', g.classify(item.text).category);
    hit(
      'G, AG classes',
      argmax((c) => gp.get(c) ?? 0, agClasses),
    );
    hit('E', e.classify(item.text).category);
    for (const l of LAMBDAS) {
      hit(
        `G + ${l} E`,
        argmax((c) => Math.log(gp.get(c)!) + l * Math.log(ep.get(c)!), agClasses),
      );
    }
  }
}
const out = Object.fromEntries([...tally].map(([k, v]) => [k, Math.round((v / n) * 1000) / 1000]));
process.stdout.write(`${JSON.stringify({ folds, items: n, accuracy: out })}\n`);
