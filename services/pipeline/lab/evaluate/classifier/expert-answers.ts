/**
 * The parts of each held-out answer of the gated model, kept apart so that how they are combined
 * can be swept without training (combine-sweep.ts): per fold and held-out item, the main model's
 * class log-probabilities (without the expert), the gate's p(AG News), and the log-probabilities of
 * one or more AG News experts (each trained beside the fold's main model and gate, as
 * expert-sweep.ts trains them). The main model and gate come from .cache/classifier-folds/
 * (fold-parts.ts); the answers go to .cache/classifier-expert-answers/fold-N-<key>.json. Run:
 * `node --import tsx services/pipeline/lab/evaluate/classifier/expert-answers.ts --main
 * '{"sentenceEmbedding":1}' --folds 0,1,2,3,4 '{"expert":{"sentenceEmbedding":1},"sentenceGate":0.2}' ...`
 * (each argument: CorpusExpertOptions over the gated model's expert, as in expert-sweep.ts).
 */
import '@trendscope/core/require-project-node';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CategoryModel } from '../../../src/classify/category-model';
import { createClassifier } from '../../../src/classify/classifier';
import { type CorpusExpertOptions, trainCorpusExpert } from '../../train/classifier/train-expert';
import { REPO_ROOT } from '../../corpus/corpus-path';
import { readCommandLine } from '../../command-line';
import { activeEncoder } from '../../../src/embed/encoder-files';
import { GATED_MODEL_SETTINGS } from '../../train/classifier/model-settings';
import { foldOfGroup, validationItems } from './cross-validate';
import { EXPERT_SWEEP_FLAGS, expertSweep, expertVariant, foldParts, gatedTrainingSamples } from './fold-parts';
import { cachedEmbeddings } from './sentence-embeddings';

/** One held-out item's parts; log-probabilities in the main model's class order. */
export interface ItemParts {
  /** Index in validationItems(). */
  item: number;
  /** The main model knows none of the text's features (the classifier answers `other`, 0). */
  unknown: boolean;
  gate: number;
  main: number[];
  /** Per expert variant: its log-probability per main class (null where the expert lacks the class). */
  experts: (number | null)[][];
}

/** The parts of one fold's held-out items. */
export interface FoldAnswers {
  fold: number;
  classes: string[];
  otherThreshold: number;
  variants: Partial<CorpusExpertOptions>[];
  items: ItemParts[];
}

/** Where the parts of one fold are kept: per main-model setting, expert variants and PIPELINE_ENCODER. */
export function expertAnswersFile(fold: number, mainTrain: unknown, variants: unknown): string {
  const encoder = activeEncoder().name;
  const key = createHash('sha1')
    .update(JSON.stringify(encoder === 'all-minilm-l6-v2-q' ? [mainTrain, variants] : [mainTrain, variants, encoder]))
    .digest('hex')
    .slice(0, 12);
  return path.join(REPO_ROOT, '.cache', 'classifier-expert-answers', `fold-${fold}-${key}.json`);
}

/** A log-probability kept finite (JSON has no -Infinity). */
const logOf = (p: number): number => Math.max(Math.log(p), -100);

async function main(): Promise<void> {
  const { folds, mainTrain, variants } = readCommandLine(
    "expert-answers.ts [--main '<json>'] [--folds 0,1,2,3,4] '<expert variant json>'...",
    EXPERT_SWEEP_FLAGS,
    ({ values, positionals }) => expertSweep(values, positionals),
  );
  const base = GATED_MODEL_SETTINGS.expert!;
  const { all, sentences } = await gatedTrainingSamples(mainTrain);
  const items = validationItems();
  const embeddingOf = await cachedEmbeddings(items.map((i) => i.text));
  for (const f of folds) {
    const started = Date.now();
    const train = all.filter((s) => foldOfGroup(s.group ?? s.text) !== f);
    const { main: mainModel, gate } = foldParts(f, train, mainTrain, sentences);
    const mainOnly = createClassifier(mainModel);
    const gateOnly = createClassifier(gate as CategoryModel);
    const experts = variants.map((variant) => {
      const expert = trainCorpusExpert(train, expertVariant(variant), undefined, sentences, gate);
      return { classifier: createClassifier(expert.model), sentenceGate: expert.sentence_gate ?? 0 };
    });
    const out: ItemParts[] = [];
    items.forEach((item, i) => {
      if (foldOfGroup(item.group) !== f) return;
      const embedding = embeddingOf(item.text);
      const g = gateOnly.probabilities(item.text).find((e) => (e.category as string) === base.corpus)?.p ?? 0;
      const answer = mainOnly.classify(item.text, embedding);
      out.push({
        item: i,
        unknown: answer.category === 'other' && answer.confidence === 0,
        gate: g,
        main: mainOnly.probabilities(item.text, embedding).map((e) => logOf(e.p)),
        experts: experts.map(({ classifier, sentenceGate }) => {
          const own = classifier.probabilities(item.text, g >= sentenceGate ? embedding : undefined);
          return mainModel.classes.map((c) => {
            const e = own.find((o) => o.category === c);
            return e ? logOf(e.p) : null;
          });
        }),
      });
    });
    const answers: FoldAnswers = {
      fold: f,
      classes: mainModel.classes,
      otherThreshold: mainModel.other_threshold,
      variants,
      items: out,
    };
    const file = expertAnswersFile(f, mainTrain, variants);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(answers));
    process.stderr.write(`fold ${f}: ${out.length} items in ${(Date.now() - started) / 1000} s\n`);
  }
}

if (process.argv[1]?.endsWith('expert-answers.ts')) await main();
