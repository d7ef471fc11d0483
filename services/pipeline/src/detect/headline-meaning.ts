import { isContentWord, stem, words } from '../text/tokenize';
import { loadWordVectors, unit, type WordVectors } from '../text/word-vectors';
import { backgroundIdf, backgroundIdfTerms } from './idf';

/** Maps a headline to its meaning vector (unit length), or undefined when no word has a vector. */
export type HeadlineMeaning = (title: string) => Float32Array | undefined;

/**
 * Headline meaning from pre-trained word vectors: the idf-weighted sum of the headline's content
 * words' vectors, each less the background corpus's mean word vector, made unit length. Means of
 * plain word vectors are all alike (unrelated headlines ~0.4); removing the shared direction and
 * weighing rare words up leaves what a headline is about, so "AIDS walk" and "HIV" still meet.
 * The corpus mean is the document-frequency-weighted mean over the idf table's terms (df follows
 * from idf), so it is fixed with the committed tables.
 */
export function headlineMeaning(
  idf: (term: string) => number,
  idfTerms: ReadonlyMap<string, number>,
  vectors: WordVectors = loadWordVectors(),
): HeadlineMeaning {
  const d = vectors.dimensions;
  const mean = corpusMean(vectors, idfTerms);
  return (title) => {
    const sum = new Float32Array(d);
    let found = false;
    for (const raw of words(title)) {
      const lower = raw.toLowerCase();
      if (!isContentWord(lower)) continue;
      const v = vectors.vector(lower);
      if (!v) continue;
      const w = idf(stem(lower));
      for (let i = 0; i < d; i++) sum[i]! += w * (v[i]! - mean[i]!);
      found = true;
    }
    return found ? unit(sum) : undefined;
  };
}

let committed: HeadlineMeaning | undefined;

/** The headline meaning of the committed word vectors and idf table (built once per process). */
export function defaultHeadlineMeaning(): HeadlineMeaning {
  return (committed ??= headlineMeaning(backgroundIdf(), backgroundIdfTerms()));
}

/** Mean word vector of the background texts: each term's vector weighted by its document frequency. */
function corpusMean(vectors: WordVectors, idfTerms: ReadonlyMap<string, number>): Float32Array {
  const mean = new Float32Array(vectors.dimensions);
  let total = 0;
  for (const [term, idf] of idfTerms) {
    const v = vectors.vector(term);
    if (!v) continue;
    // idf = ln(n / df) + 1 up to the +1 smoothing: df is proportional to exp(1 - idf).
    const df = Math.exp(1 - idf);
    for (let i = 0; i < mean.length; i++) mean[i]! += df * v[i]!;
    total += df;
  }
  if (total > 0) for (let i = 0; i < mean.length; i++) mean[i]! /= total;
  return mean;
}
