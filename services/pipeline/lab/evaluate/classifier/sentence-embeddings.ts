/**
 * Sentence embeddings of the classifier's training and validation texts, computed once and kept in
 * .cache/embeddings (embedding ~130,000 texts takes minutes of CPU; `make model` and the
 * cross-validation then read them back). The cache is keyed by the encoder version and each text's
 * SHA-1, so a new encoder or a new text is embedded afresh. embed-training-texts.ts fills it.
 */
import '@trendscope/core/require-project-node';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { embedTexts } from '../../../src/embed/embed-texts';
import { activeEncoder, ENCODER_VERSION } from '../../../src/embed/encoder-files';
import { EMBEDDING_DIMENSIONS } from '../../../src/embed/sentence-encoder';
import { REPO_ROOT } from '../../../src/repo-root';

const CACHE_FILE = path.join(
  process.env.TRENDSCOPE_CACHE ? path.resolve(process.env.TRENDSCOPE_CACHE) : path.join(REPO_ROOT, '.cache'),
  'embeddings',
  // MiniLM's file keeps its first name; another encoder's is named after it.
  activeEncoder().name === 'all-minilm-l6-v2-q'
    ? `classifier-texts-${ENCODER_VERSION}.bin`
    : `classifier-texts-${activeEncoder().name}-${ENCODER_VERSION}.bin`,
);
const KEY_BYTES = 20;
const ROW_BYTES = KEY_BYTES + 4 * EMBEDDING_DIMENSIONS;

const keyOf = (text: string): string => createHash('sha1').update(text).digest('hex');

/**
 * The cached rows: SHA-1 of the text (20 bytes) then its embedding (float32, little-endian), one
 * after another. A row cut short by an interrupted write is left out (appendCache cuts it off).
 */
function readCache(): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  if (!existsSync(CACHE_FILE)) return out;
  const bytes = readFileSync(CACHE_FILE);
  const whole = bytes.length - (bytes.length % ROW_BYTES);
  for (let at = 0; at < whole; at += ROW_BYTES) {
    const row = new Float32Array(EMBEDDING_DIMENSIONS);
    for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) row[d] = bytes.readFloatLE(at + KEY_BYTES + 4 * d);
    out.set(bytes.toString('hex', at, at + KEY_BYTES), row);
  }
  return out;
}

/** Appends rows to the cache: a long run costs one write per batch, not a rewrite of the file. */
function appendCache(rows: readonly (readonly [string, Float32Array])[]): void {
  mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
  const bytes = Buffer.alloc(rows.length * ROW_BYTES);
  rows.forEach(([key, row], i) => {
    const at = i * ROW_BYTES;
    bytes.write(key, at, 'hex');
    for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) bytes.writeFloatLE(row[d]!, at + KEY_BYTES + 4 * d);
  });
  // A row cut short by an interrupted run goes, so the rows appended now stay aligned.
  const size = existsSync(CACHE_FILE) ? statSync(CACHE_FILE).size : 0;
  if (size % ROW_BYTES !== 0) truncateSync(CACHE_FILE, size - (size % ROW_BYTES));
  appendFileSync(CACHE_FILE, bytes);
}

/**
 * The embeddings of `texts` (from the cache, the missing ones embedded and added to it) as a
 * synchronous lookup; progress goes to stderr.
 */
export async function cachedEmbeddings(texts: Iterable<string>): Promise<(text: string) => Float32Array | undefined> {
  const rows = readCache();
  const missing = [...new Set(texts)].filter((t) => !rows.has(keyOf(t)));
  const step = 512;
  for (let start = 0; start < missing.length; start += step) {
    const batch = missing.slice(start, start + step);
    const vectors = await embedTexts(batch);
    const added = batch.map((t, i) => [keyOf(t), vectors[i]!] as const);
    for (const [key, row] of added) rows.set(key, row);
    process.stderr.write(`embedded ${Math.min(start + step, missing.length)}/${missing.length}\n`);
    // Saved as it goes: an interrupted run resumes where it stopped.
    appendCache(added);
  }
  return (text) => rows.get(keyOf(text));
}
