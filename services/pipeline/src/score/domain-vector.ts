import { ENGLISH_STOPWORDS } from '../text/stopwords';
import { words } from '../text/tokenize';
import { meanWordVector, type WordVectors } from '../text/word-vectors';

/**
 * What a domain writes about, as meaning rather than words: the mean pre-trained vector of the
 * content words of its headlines (stopwords left out), or undefined when none has a vector.
 */
export function headlineVector(vectors: WordVectors, titles: readonly string[]): Float32Array | undefined {
  const content = function* (): Generator<string> {
    for (const t of titles) {
      for (const w of words(t)) {
        const lower = w.toLowerCase();
        if (!ENGLISH_STOPWORDS.has(lower)) yield lower;
      }
    }
  };
  return meanWordVector(vectors, content());
}
