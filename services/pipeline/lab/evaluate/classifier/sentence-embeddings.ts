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
import { activeEncoder, type EncoderSpec, encoderFiles } from '../../../src/embed/encoder-files';
import { EMBEDDING_DIMENSIONS, SentenceEncoder } from '../../../src/embed/sentence-encoder';
import { REPO_ROOT } from '../../../src/repo-root';

/** The cache file of an encoder's embeddings of one kind of text (MiniLM's keeps its first name). */
function cacheFile(spec: EncoderSpec, kind: string): string {
  const dir = process.env.TRENDSCOPE_CACHE
    ? path.resolve(process.env.TRENDSCOPE_CACHE)
    : path.join(REPO_ROOT, '.cache');
  const name =
    spec.name === 'all-minilm-l6-v2-q' ? `${kind}-${spec.version}.bin` : `${kind}-${spec.name}-${spec.version}.bin`;
  return path.join(dir, 'embeddings', name);
}

const KEY_BYTES = 20;
const ROW_BYTES = KEY_BYTES + 4 * EMBEDDING_DIMENSIONS;

const keyOf = (text: string): string => createHash('sha1').update(text).digest('hex');

/**
 * The cached rows: SHA-1 of the text (20 bytes) then its embedding (float32, little-endian), one
 * after another. A row cut short by an interrupted write is left out (appendCache cuts it off).
 */
function readCache(file: string): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  if (!existsSync(file)) return out;
  const bytes = readFileSync(file);
  const whole = bytes.length - (bytes.length % ROW_BYTES);
  for (let at = 0; at < whole; at += ROW_BYTES) {
    const row = new Float32Array(EMBEDDING_DIMENSIONS);
    for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) row[d] = bytes.readFloatLE(at + KEY_BYTES + 4 * d);
    out.set(bytes.toString('hex', at, at + KEY_BYTES), row);
  }
  return out;
}

/** Appends rows to the cache: a long run costs one write per batch, not a rewrite of the file. */
function appendCache(file: string, rows: readonly (readonly [string, Float32Array])[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.alloc(rows.length * ROW_BYTES);
  rows.forEach(([key, row], i) => {
    const at = i * ROW_BYTES;
    bytes.write(key, at, 'hex');
    for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) bytes.writeFloatLE(row[d]!, at + KEY_BYTES + 4 * d);
  });
  // A row cut short by an interrupted run goes, so the rows appended now stay aligned.
  const size = existsSync(file) ? statSync(file).size : 0;
  if (size % ROW_BYTES !== 0) truncateSync(file, size - (size % ROW_BYTES));
  appendFileSync(file, bytes);
}

const encoders = new Map<string, Promise<SentenceEncoder>>();

/** One loaded encoder per spec in this process (the lab may read two side by side). */
function encoderOf(spec: EncoderSpec): Promise<SentenceEncoder> {
  let loading = encoders.get(spec.name);
  if (!loading) {
    const files = encoderFiles({ ...process.env, PIPELINE_ENCODER: spec.name });
    loading = SentenceEncoder.load(files, { pooling: spec.pooling, prefix: spec.prefix });
    encoders.set(spec.name, loading);
  }
  return loading;
}

/**
 * The embeddings of `texts` by `spec`'s encoder (default: PIPELINE_ENCODER's) from the cache, the
 * missing ones embedded and added to it, as a synchronous lookup; progress goes to stderr. `kind`
 * names the cache file (the classifier's texts by default; the clustering lab keeps headlines apart).
 */
export async function cachedEmbeddings(
  texts: Iterable<string>,
  spec: EncoderSpec = activeEncoder(),
  kind = 'classifier-texts',
): Promise<(text: string) => Float32Array | undefined> {
  const file = cacheFile(spec, kind);
  const rows = readCache(file);
  const missing = [...new Set(texts)].filter((t) => !rows.has(keyOf(t)));
  const step = 512;
  const started = Date.now();
  if (missing.length > 0) {
    process.stderr.write(
      `${spec.name}: ${missing.length} of ${rows.size + missing.length} texts are not in ${file} yet; embedding them ` +
        `(the 121,655 texts of \`make model\` take 10-15 minutes of CPU on a quiet core)\n`,
    );
  }
  for (let start = 0; start < missing.length; start += step) {
    const batch = missing.slice(start, start + step);
    const vectors = await (await encoderOf(spec)).embed(batch);
    const added = batch.map((t, i) => [keyOf(t), vectors[i]!] as const);
    for (const [key, row] of added) rows.set(key, row);
    process.stderr.write(`${progress(spec.name, Math.min(start + step, missing.length), missing.length, started)}\n`);
    // Saved as it goes: an interrupted run resumes where it stopped.
    appendCache(file, added);
  }
  return (text) => rows.get(keyOf(text));
}

/** A progress line of a long fill: a bar, the count, and the time left at the rate so far. */
export function progress(name: string, done: number, total: number, started: number, now = Date.now()): string {
  const width = 30;
  const filled = Math.round((width * done) / Math.max(total, 1));
  const seconds = (now - started) / 1000;
  const left = done > 0 ? (seconds * (total - done)) / done : NaN;
  const eta = Number.isFinite(left) ? `, about ${Math.ceil(left / 60)} min left` : '';
  return `${name}: [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} embedded in ${Math.round(seconds)} s${eta}`;
}
