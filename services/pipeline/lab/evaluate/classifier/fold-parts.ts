/**
 * The main model and expert gate of one cross-validation fold, trained once and kept in
 * .cache/classifier-folds/ (minutes of CPU per fold), so that sweeps over the AG News expert
 * (expert-sweep.ts, expert-answers.ts) train only the expert (seconds) beside them.
 */
import { createHash } from 'node:crypto';
import type { ParseArgsOptionsConfig } from 'node:util';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CategoryModel } from '../../../src/classify/category-model';
import { type CorpusExpertOptions, trainCorpusGate } from '../../train/classifier/train-expert';
import {
  type SentenceLookup,
  trainCategoryModel,
  type TrainingSample,
  type TrainOptions,
} from '../../train/classifier/train-model';
import { REPO_ROOT } from '../../corpus/corpus-path';
import { activeEncoder } from '../../../src/embed/encoder-files';
import { GATED_MODEL_SETTINGS, trainingEmbeddings } from '../../train/classifier/model-settings';
import { buildTrainingSamples } from '../../train/classifier/training-samples';
import { jsonOptions, numberList } from '../../command-line';

const CACHE_DIR = path.join(REPO_ROOT, '.cache', 'classifier-folds');

/** A fold's main model and gate. */
export interface FoldParts {
  main: CategoryModel;
  gate: CategoryModel<string>;
}

/**
 * The main model (GATED_MODEL_SETTINGS' trainer settings with `mainTrain` over them) and gate of
 * fold `fold`, trained on `train` (the other folds' samples) once and read back after (per
 * encoder: PIPELINE_ENCODER's embeddings train other models).
 */
export function foldParts(
  fold: number,
  train: readonly TrainingSample[],
  mainTrain: Partial<TrainOptions>,
  sentences: SentenceLookup,
): FoldParts {
  const settings = { ...GATED_MODEL_SETTINGS, train: { ...GATED_MODEL_SETTINGS.train, ...mainTrain } };
  // Another encoder than the service's (PIPELINE_ENCODER) fits other models: keyed apart.
  const encoder = activeEncoder().name;
  const keyed = [settings.samples, settings.train, settings.expert?.gate, train.length];
  const key = createHash('sha1')
    .update(JSON.stringify(encoder === 'all-minilm-l6-v2-q' ? keyed : [...keyed, encoder]))
    .digest('hex')
    .slice(0, 12);
  const file = path.join(CACHE_DIR, `fold-${fold}-${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as FoldParts;
  const parts = {
    main: trainCategoryModel(train, settings.train, undefined, sentences),
    gate: trainCorpusGate(train, settings.expert!),
  };
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(parts));
  return parts;
}

/**
 * The gated model's training samples and their sentence embeddings: those the main model's block
 * reads (with `mainTrain` over its trainer settings) and always the AG News rows, which an expert
 * variant's block may read.
 */
export async function gatedTrainingSamples(
  mainTrain: Partial<TrainOptions>,
): Promise<{ all: TrainingSample[]; sentences: SentenceLookup }> {
  const base = GATED_MODEL_SETTINGS.expert!;
  const all = buildTrainingSamples(GATED_MODEL_SETTINGS.samples);
  const sentences = (await trainingEmbeddings(all, {
    ...GATED_MODEL_SETTINGS,
    train: { ...GATED_MODEL_SETTINGS.train, ...mainTrain },
    expert: { ...base, expert: { ...base.expert, sentenceEmbedding: 1 } },
  }))!;
  return { all, sentences };
}

/** The gated model's expert with `variant` over it (its trainer settings merged into the expert's). */
export function expertVariant(variant: Partial<CorpusExpertOptions>): CorpusExpertOptions {
  const base = GATED_MODEL_SETTINGS.expert!;
  return { ...base, ...variant, expert: { ...base.expert, ...variant.expert } };
}

/** The flags of both expert sweeps: trainer settings over the gated main model's, and the folds. */
export const EXPERT_SWEEP_FLAGS = {
  main: { type: 'string', default: '{}' },
  folds: { type: 'string', default: '0,1,2,3,4' },
} as const satisfies ParseArgsOptionsConfig;

/** What an expert sweep runs on: its folds, the main model's settings, an expert variant per argument. */
export interface ExpertSweep {
  folds: number[];
  mainTrain: Partial<TrainOptions>;
  variants: Partial<CorpusExpertOptions>[];
}

/** An expert sweep's command line read (EXPERT_SWEEP_FLAGS' values and the variants as JSON). */
export function expertSweep(values: { main: string; folds: string }, positionals: string[]): ExpertSweep {
  return {
    folds: numberList(values.folds),
    mainTrain: jsonOptions<TrainOptions>(values.main),
    variants: positionals.map((a) => jsonOptions<CorpusExpertOptions>(a)),
  };
}
