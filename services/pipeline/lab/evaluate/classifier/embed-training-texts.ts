/**
 * Fills the embedding cache (sentence-embeddings.ts) with every training text of the main model;
 * the validation items are among them. About 15 CPU-minutes the first time, resumable. Run:
 * `nice -n 10 node --import tsx services/pipeline/lab/evaluate/classifier/embed-training-texts.ts`.
 */
import '@trendscope/core/require-project-node';
import { COMMITTED_MODEL_SETTINGS } from '../../train/classifier/model-settings';
import { cachedEmbeddings } from './sentence-embeddings';
import { buildTrainingSamples } from '../../train/classifier/training-samples';

const started = Date.now();
const texts = buildTrainingSamples(COMMITTED_MODEL_SETTINGS.samples).map((s) => s.text);
await cachedEmbeddings(texts);
process.stdout.write(`${new Set(texts).size} texts embedded or cached in ${(Date.now() - started) / 1000} s\n`);
