/**
 * The committed settings' held-out answers on every validation item: per fold the model is trained
 * without the fold (kept in .cache/classifier-folds/) and each of the fold's items gets its class
 * probabilities and the expert gate's p(AG News), written to
 * .cache/classifier-held-out/fold-N-<key>.json. A second-stage head (head-sweep.ts) learns from
 * these out-of-fold answers and the error tables read them. Run: `node --import tsx
 * services/pipeline/lab/evaluate/classifier/held-out-scores.ts --folds 0,1` (one process per few folds).
 */
import '@trendscope/core/require-project-node';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CategoryModel } from '../../../src/classify/category-model';
import { createClassifier } from '../../../src/classify/classifier';
import { REPO_ROOT } from '../../corpus/corpus-path';
import { FOLDS_OPTION, foldsOnly, readCommandLine } from '../../command-line';
import { COMMITTED_MODEL_SETTINGS, trainingEmbeddings, trainModel } from '../../train/classifier/model-settings';
import { buildTrainingSamples } from '../../train/classifier/training-samples';
import { foldOfGroup, validationItems } from './cross-validate';
import { cachedEmbeddings } from './sentence-embeddings';

/**
 * One held-out item's answer: its index in validationItems(), the classifier's answer, the class
 * probabilities and the gate.
 */
export interface HeldOutAnswer {
  item: number;
  answer: string;
  p: number[];
  gate: number;
}

/** The held-out answers of one fold, with the class order of the model. */
export interface HeldOutFold {
  fold: number;
  classes: string[];
  answers: HeldOutAnswer[];
}

const KEY = createHash('sha1').update(JSON.stringify(COMMITTED_MODEL_SETTINGS)).digest('hex').slice(0, 12);

/** Where one fold's held-out answers are kept. */
export function heldOutFile(fold: number): string {
  return path.join(REPO_ROOT, '.cache', 'classifier-held-out', `fold-${fold}-${KEY}.json`);
}

async function main(): Promise<void> {
  const folds = readCommandLine('held-out-scores.ts [--folds 0,1,2,3,4]', FOLDS_OPTION, foldsOnly);
  const all = buildTrainingSamples(COMMITTED_MODEL_SETTINGS.samples);
  const sentences = await trainingEmbeddings(all, COMMITTED_MODEL_SETTINGS);
  const items = validationItems();
  const embeddingOf = await cachedEmbeddings(items.map((i) => i.text));
  for (const f of folds) {
    const started = Date.now();
    const modelFile = path.join(REPO_ROOT, '.cache', 'classifier-folds', `committed-fold-${f}-${KEY}.json`);
    let model: CategoryModel;
    if (existsSync(modelFile)) model = JSON.parse(readFileSync(modelFile, 'utf8')) as CategoryModel;
    else {
      model = trainModel(
        all.filter((s) => foldOfGroup(s.group ?? s.text) !== f),
        COMMITTED_MODEL_SETTINGS,
        sentences,
      );
      mkdirSync(path.dirname(modelFile), { recursive: true });
      writeFileSync(modelFile, JSON.stringify(model));
    }
    const classifier = createClassifier(model);
    const gate = createClassifier(model.expert!.gate as CategoryModel);
    const answers: HeldOutAnswer[] = [];
    items.forEach((item, i) => {
      if (foldOfGroup(item.group) !== f) return;
      const embedding = embeddingOf(item.text);
      const p = classifier.probabilities(item.text, embedding).map((e) => e.p);
      const g = gate.probabilities(item.text).find((e) => (e.category as string) === 'ag')?.p ?? 0;
      answers.push({ item: i, answer: classifier.classify(item.text, embedding).category, p, gate: g });
    });
    const out: HeldOutFold = { fold: f, classes: model.classes, answers };
    mkdirSync(path.dirname(heldOutFile(f)), { recursive: true });
    writeFileSync(heldOutFile(f), JSON.stringify(out));
    process.stderr.write(`fold ${f}: ${answers.length} answers in ${(Date.now() - started) / 1000} s\n`);
  }
}

if (process.argv[1]?.endsWith('held-out-scores.ts')) await main();
