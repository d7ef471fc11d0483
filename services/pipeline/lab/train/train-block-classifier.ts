/**
 * Rebuilds services/pipeline/models/block-classifier.json from the tuning parts (isValidationPage
 * false) of shared/corpus/trafilatura-eval-dev and shared/corpus/article-extraction-benchmark,
 * and prints five-fold figures over all their pages: for each fold, the
 * model fitted (thresholds chosen) on the other four folds of both sets, applied to that fold
 * through the extractor beside the extractor without a model.
 * Run: `npm run train:block-classifier -w services/pipeline` (a few minutes).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { writeFileSync } from 'node:fs';
import { isValidationPage } from '../evaluate/extraction/trafilatura-eval';
import { BLOCK_MODEL_PATH } from '../../src/extract/block-classifier';
import { collectTrainingPages, crossValidate, fitWithThresholds } from '../evaluate/block-classifier/block-folds';

readCommandLine(
  'train-block-classifier.ts (writes models/block-classifier.json; SKIP_FOLDS=1: no cross-validation)',
  {},
  ({ positionals }) => atMost(0, positionals),
);

const started = Date.now();
const pages = collectTrainingPages();
const folds = process.env.SKIP_FOLDS ? [] : crossValidate(pages);
// The committed model never sees the validation parts, so the bench's held-out rows stay held out.
const tuning = {
  dev: pages.dev.filter((p) => !isValidationPage(p.page)),
  english: pages.english.filter((p) => !isValidationPage({ file: p.raw.id })),
};
const { model, samples } = fitWithThresholds(tuning);
model.meta = {
  trained_on: `tuning parts: trafilatura-eval-dev ${tuning.dev.length} pages, article-extraction-benchmark ${tuning.english.length} pages`,
  samples,
  folds,
};
writeFileSync(BLOCK_MODEL_PATH, `${JSON.stringify(model)}\n`);
process.stdout.write(
  `${JSON.stringify({ keep_below: model.keep_below, rescue_at: model.rescue_at, samples, seconds: (Date.now() - started) / 1000 })}\n`,
);
