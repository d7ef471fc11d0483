import { normaliseText } from './normalise-text';
import { ENGLISH_STOPWORDS } from './stopwords';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’]*/gu;

/** The raw words of a text (letters and digits, apostrophes kept inside words), in order. */
export function words(text: string): string[] {
  return normaliseText(text).match(WORD) ?? [];
}

/** Number of words of a text, as stored in `word_count`. */
export function countWords(text: string): number {
  return words(text).length;
}

/**
 * A light English stemmer: folds possessives and regular plurals so "launches", "launch" and
 * "launch's" meet; deliberately conservative (no Porter rules) to keep names intact.
 */
export function stem(word: string): string {
  let w = word.replace(/['’]s$/, '').replace(/['’]/g, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ches|shes|sses|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Lower-cased, stemmed content terms of a text (stopwords, 1-letter words and pure numbers out). */
export function contentTerms(text: string): string[] {
  return contentTermsOfWords(words(text));
}

/** Whether a lower-cased word can carry content: not a stopword, a single letter or a pure number. */
export function isContentWord(lower: string): boolean {
  return lower.length >= 2 && !ENGLISH_STOPWORDS.has(lower) && !/^\d+$/.test(lower);
}

/** contentTerms of words already split by `words` (callers that need both split once). */
export function contentTermsOfWords(rawWords: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of rawWords) {
    const lower = raw.toLowerCase();
    if (!isContentWord(lower)) continue;
    const s = stem(lower);
    if (s.length >= 2 && !ENGLISH_STOPWORDS.has(s)) out.push(s);
  }
  return out;
}
