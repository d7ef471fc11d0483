/**
 * Fills the embedding cache (sentence-embeddings.ts) with the training texts a sentence block reads
 * (`lead`: headlines, AG News rows, each article's first chunk); the validation items are among them.
 * About 10 CPU-minutes the first time, resumable. Run:
 * `nice -n 10 node --import tsx services/pipeline/lab/evaluate/classifier/embed-training-texts.ts`.
 */
import '@trendscope/core/require-project-node';
import { COMMITTED_MODEL_SETTINGS } from '../../train/classifier/model-settings';
import { cachedEmbeddings } from './sentence-embeddings';
import { buildTrainingSamples } from '../../train/classifier/training-samples';

const started = Date.now();
const texts = buildTrainingSamples(COMMITTED_MODEL_SETTINGS.samples)
  .filter((s) => s.lead)
  .map((s) => s.text);
await cachedEmbeddings(texts);
process.stdout.write(`${new Set(texts).size} texts embedded or cached in ${(Date.now() - started) / 1000} s\n`);
