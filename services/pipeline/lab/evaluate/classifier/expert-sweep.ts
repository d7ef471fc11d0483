/**
 * k-fold figures of corpus-expert variants at the cost of the expert alone: per fold the main model
 * and the gate (GATED_MODEL_SETTINGS') are trained once and kept in .cache/classifier-folds/, and
 * each variant trains only its expert (AG News rows, seconds) beside them. Every corpus is scored on
 * its held-out items, as cross-validate.ts does. Run: `node --import tsx
 * services/pipeline/lab/evaluate/classifier/expert-sweep.ts --folds 0,1,2,3,4 '{"weight":2,"expert":{...}}' ...` (each
 * argument: CorpusExpertOptions overriding the gated model's expert; `{}` is that model).
 * `--main '{"sentenceEmbedding":1}'` overrides the main model's trainer settings (its fold models are
 * kept under another key), so variants of the expert are measured beside another main model.
 */
import '@trendscope/core/require-project-node';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CategoryModel } from '../../../src/classify/category-model';
import { createClassifier } from '../../../src/classify/classifier';
import { type CorpusExpertOptions, trainCorpusExpert, trainCorpusGate } from '../../train/classifier/train-expert';
import { type SentenceLookup, trainCategoryModel, type TrainOptions } from '../../train/classifier/train-model';
import { REPO_ROOT } from '../../corpus/corpus-path';
import { foldOfGroup, score, summarise, validationItems } from './cross-validate';
import { GATED_MODEL_SETTINGS, trainingEmbeddings } from '../../train/classifier/model-settings';
import { buildTrainingSamples } from '../../train/classifier/training-samples';

const CACHE_DIR = path.join(REPO_ROOT, '.cache', 'classifier-folds');

/**
 * The main model (committed settings with `mainTrain` over them) and gate of one fold, trained once
 * and read back after.
 */
function foldParts(
  fold: number,
  train: ReturnType<typeof buildTrainingSamples>,
  mainTrain: Partial<TrainOptions>,
  sentences: SentenceLookup,
): { main: CategoryModel; gate: CategoryModel<string> } {
  const settings = { ...GATED_MODEL_SETTINGS, train: { ...GATED_MODEL_SETTINGS.train, ...mainTrain } };
  const key = createHash('sha1')
    .update(JSON.stringify([settings.samples, settings.train, settings.expert?.gate, train.length]))
    .digest('hex')
    .slice(0, 12);
  const file = path.join(CACHE_DIR, `fold-${fold}-${key}.json`);
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { main: CategoryModel; gate: CategoryModel<string> };
  const parts = {
    main: trainCategoryModel(train, settings.train, undefined, sentences),
    gate: trainCorpusGate(train, settings.expert!),
  };
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(parts));
  return parts;
}

const args = process.argv.slice(2);
const valueOf = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const folds = valueOf('--folds')?.split(',').map(Number) ?? [0, 1, 2, 3, 4];
const mainTrain = JSON.parse(valueOf('--main') ?? '{}') as Partial<TrainOptions>;
const variants = args
  .filter((a, i) => !a.startsWith('--') && !['--folds', '--main'].includes(args[i - 1] ?? ''))
  .map((a) => JSON.parse(a) as Partial<CorpusExpertOptions>);
const base = GATED_MODEL_SETTINGS.expert!;
const all = buildTrainingSamples(GATED_MODEL_SETTINGS.samples);
const items = validationItems();
const sentences = (await trainingEmbeddings(all, {
  ...GATED_MODEL_SETTINGS,
  train: { ...GATED_MODEL_SETTINGS.train, ...mainTrain },
  expert: { ...base, expert: { ...base.expert, sentenceEmbedding: 1 } },
}))!;
const tallies = variants.map(() => new Map<string, { n: number; ok: number }>());
for (const f of folds) {
  const started = Date.now();
  const train = all.filter((s) => foldOfGroup(s.group ?? s.text) !== f);
  const { main, gate } = foldParts(f, train, mainTrain, sentences);
  process.stderr.write(`fold ${f}: main model and gate in ${(Date.now() - started) / 1000} s\n`);
  for (const [v, variant] of variants.entries()) {
    const opts = { ...base, ...variant, expert: { ...base.expert, ...variant.expert } };
    const expert = trainCorpusExpert(train, opts, undefined, sentences, gate);
    const test = items.filter((i) => foldOfGroup(i.group) === f);
    await score(createClassifier({ ...main, expert }), test, tallies[v]!);
    // The folds so far after each fold: a long sweep is read as it goes.
    const s = summarise(tallies[v]!);
    const done = folds.slice(0, folds.indexOf(f) + 1);
    process.stdout.write(
      `${JSON.stringify({ main: mainTrain, variant, folds: done, corpus: s.corpus, ownClasses: s.ownClasses, cells: s.cells })}\n`,
    );
  }
}
