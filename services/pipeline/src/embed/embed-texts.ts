import { existsSync } from 'node:fs';
import { activeEncoder, encoderFiles } from './encoder-files';
import { SentenceEncoder } from './sentence-encoder';

let loading: Promise<SentenceEncoder> | undefined;
/** The last load's error, until a later load succeeds. */
let lastLoadError: unknown;

/**
 * The process's one sentence encoder, loaded on first call (about 0.3 s; later calls share it).
 * PIPELINE_ENCODER_THREADS sets the threads of one inference (default 1).
 */
export function loadEncoder(): Promise<SentenceEncoder> {
  loading ??= SentenceEncoder.load(encoderFiles(), {
    threads: Number(process.env.PIPELINE_ENCODER_THREADS) || 1,
    pooling: activeEncoder().pooling,
    prefix: activeEncoder().prefix,
  }).then(
    (encoder) => {
      lastLoadError = undefined;
      return encoder;
    },
    (err: unknown) => {
      loading = undefined; // a later call may find the files
      lastLoadError = err;
      throw err;
    },
  );
  return loading;
}

/**
 * Whether this process can embed: false when its last load failed or the model files are missing.
 * Detection goes on without the encoder (no story rejoin, impact from text alone), so this is
 * what tells an operator (metrics, `trendscope status`) that it is running degraded.
 */
export function encoderAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  if (lastLoadError !== undefined) return false;
  const files = encoderFiles(env);
  return existsSync(files.model) && existsSync(files.tokenizer);
}

/**
 * Embeds texts with the process's encoder: one unit-length 384-dimension Float32Array per text, in
 * order (cosine similarity = dot product). Texts are read up to 2,000 characters / 128 word pieces.
 * English only: the model was trained on English text.
 */
export async function embedTexts(texts: readonly string[]): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  return (await loadEncoder()).embed(texts);
}

/**
 * Embeds the given texts once (duplicates once) and returns a synchronous lookup of them, for code
 * that runs synchronously (detection, the classifier); a text not embedded here gives undefined.
 */
export async function embeddingLookup(texts: Iterable<string>): Promise<(text: string) => Float32Array | undefined> {
  const distinct = [...new Set(texts)];
  const vectors = await embedTexts(distinct);
  const byText = new Map(distinct.map((t, i) => [t, vectors[i]!]));
  return (text) => byText.get(text);
}

/** Cosine similarity of two embeddings from here (unit length, so their dot product). */
export { dot as embeddingCosine } from '../text/word-vectors';
