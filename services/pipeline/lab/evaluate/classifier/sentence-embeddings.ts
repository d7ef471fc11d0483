/**
 * Sentence embeddings of the classifier's training and validation texts, computed once and kept in
 * .cache/embeddings (embedding ~130,000 texts takes minutes of CPU; `make model` and the
 * cross-validation then read them back). The cache is keyed by the encoder version and each text's
 * SHA-1, so a new encoder or a new text is embedded afresh. Run alone to fill the cache:
 * `node --import tsx services/pipeline/lab/evaluate/classifier/sentence-embeddings.ts`.
 */
import '@trendscope/core/require-project-node';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { embedTexts } from '../../../src/embed/embed-texts';
import { ENCODER_VERSION } from '../../../src/embed/encoder-files';
import { EMBEDDING_DIMENSIONS } from '../../../src/embed/sentence-encoder';
import { REPO_ROOT } from '../../../src/repo-root';

const CACHE_FILE = path.join(
  process.env.TRENDSCOPE_CACHE ? path.resolve(process.env.TRENDSCOPE_CACHE) : path.join(REPO_ROOT, '.cache'),
  'embeddings',
  `classifier-texts-${ENCODER_VERSION}.bin`,
);
const KEY_BYTES = 20;
const ROW_BYTES = KEY_BYTES + 4 * EMBEDDING_DIMENSIONS;

const keyOf = (text: string): string => createHash('sha1').update(text).digest('hex');

/** The cached rows: SHA-1 of the text (20 bytes) then its embedding (float32), one after another. */
function readCache(): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  if (!existsSync(CACHE_FILE)) return out;
  const bytes = readFileSync(CACHE_FILE);
  for (let at = 0; at + ROW_BYTES <= bytes.length; at += ROW_BYTES) {
    const key = bytes.toString('hex', at, at + KEY_BYTES);
    const row = new Float32Array(EMBEDDING_DIMENSIONS);
    for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) row[d] = bytes.readFloatLE(at + KEY_BYTES + 4 * d);
    out.set(key, row);
  }
  return out;
}

function writeCache(rows: ReadonlyMap<string, Float32Array>): void {
  mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
  const bytes = Buffer.alloc(rows.size * ROW_BYTES);
  let at = 0;
  for (const [key, row] of rows) {
    bytes.write(key, at, 'hex');
    for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) bytes.writeFloatLE(row[d]!, at + KEY_BYTES + 4 * d);
    at += ROW_BYTES;
  }
  writeFileSync(`${CACHE_FILE}.tmp`, bytes);
  renameSync(`${CACHE_FILE}.tmp`, CACHE_FILE);
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
    batch.forEach((t, i) => rows.set(keyOf(t), vectors[i]!));
    process.stderr.write(`embedded ${Math.min(start + step, missing.length)}/${missing.length}\n`);
    // Saved as it goes: an interrupted run resumes where it stopped.
    writeCache(rows);
  }
  return (text) => rows.get(keyOf(text));
}

if (import.meta.filename === process.argv[1]) {
  // Alone: the AG News rows, which the AG News expert's sentence block is trained on.
  const { loadAgNews } = await import('../../corpus/ag-news.corpus');
  const started = Date.now();
  const texts = loadAgNews().map((row) => `${row.title}. ${row.description}`);
  await cachedEmbeddings(texts);
  process.stdout.write(`${new Set(texts).size} texts embedded or cached in ${(Date.now() - started) / 1000} s\n`);
}
