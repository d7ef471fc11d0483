import { ENGLISH_STOPWORDS } from '../text/stopwords';
import { meanWordVector, type WordVectors } from '../text/word-vectors';

/** Pooling of a text's word vectors: the weighted mean, or the mean then the per-dimension max. */
export type DensePooling = 'mean' | 'mean+max';

/**
 * The dense part of a category model: the idf-weighted mean of the pre-trained word vectors of a
 * text's words, standardised per dimension, with one weight per dimension and class. It carries
 * meaning that a few thousand labelled rows cannot teach ("Ebola" near "outbreak").
 */
export interface DenseModel {
  /** Integrity hash of the word vectors the weights were learnt on (their file header's). */
  vectors: string;
  /** idf of lower-cased words with a vector seen in at least two training texts. */
  idf: Record<string, number>;
  /** idf of any other word (that of a word seen once). */
  unseen_idf: number;
  /** Absent: mean. */
  pooling?: DensePooling;
  /** Per dimension: the value used is (x - center) x scale. */
  center: number[];
  scale: number[];
  /** weights[d][c]: the weight of dimension d for class c. */
  weights: number[][];
}

/** How a text's words are weighted in its mean vector. */
export interface DenseWeighting {
  /** A Map, not the stored record: "constructor" must not find Object's. */
  idf: ReadonlyMap<string, number>;
  unseenIdf: number;
  pooling?: DensePooling;
}

/**
 * The standardised dense features of a text's raw words (undefined when none has a vector):
 * the idf-weighted mean unit vector, then (x - center) x scale per dimension.
 */
export function denseFeaturesOfWords(
  rawWords: readonly string[],
  vectors: WordVectors,
  weighting: DenseWeighting,
  center?: ArrayLike<number>,
  scale?: ArrayLike<number>,
): Float64Array | undefined {
  const { idf, unseenIdf } = weighting;
  const lower = rawWords.map((w) => w.toLowerCase());
  const mean = meanWordVector(vectors, lower, (w) => idf.get(w) ?? unseenIdf);
  if (!mean) return undefined;
  const pooled = weighting.pooling === 'mean+max' ? [...mean, ...maxPool(vectors, lower, mean)] : mean;
  const out = new Float64Array(pooled.length);
  for (let d = 0; d < pooled.length; d++) out[d] = (pooled[d]! - (center?.[d] ?? 0)) * (scale?.[d] ?? 1);
  return out;
}

/** Per-dimension max over the vectors of the content words (stopwords would fill it), else `fallback`. */
function maxPool(vectors: WordVectors, lower: readonly string[], fallback: Float32Array): Float32Array {
  const max = new Float32Array(vectors.dimensions).fill(-Infinity);
  let found = false;
  for (const w of lower) {
    if (ENGLISH_STOPWORDS.has(w)) continue;
    const v = vectors.vector(w);
    if (!v) continue;
    found = true;
    for (let d = 0; d < max.length; d++) if (v[d]! > max[d]!) max[d] = v[d]!;
  }
  return found ? max : fallback;
}
