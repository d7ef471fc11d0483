import { contentTerms } from '../text/tokenize';
import { isFurniture } from './topic';

/** Sparse term weights (term -> weight). */
export type TermVector = Map<string, number>;

/** Words of the body lead used besides the title: the lead carries the who/what of a report. */
export const LEAD_WORDS = 120;

/** Weighting of title terms relative to lead terms (headlines name the story). */
const TITLE_WEIGHT = 2;

/**
 * Calendar words, as contentTerms stems them: they date a report but never name its story, and in
 * a stream of one month they are everywhere ("March 11, 2014, 2:02 am" headlines of unrelated
 * pages, or "... factors to watch on Tuesday" columns, otherwise meet on them). Numbers are
 * already left out by contentTerms.
 */
export const CALENDAR_TERMS: ReadonlySet<string> = new Set([
  ...['january', 'february', 'march', 'april', 'june', 'july', 'august', 'september', 'october'],
  ...['november', 'december', 'jan', 'feb', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'],
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  ...['pm', 'gmt', 'utc', 'bst', 'cet', 'edt', 'pdt', 'pst'],
]);

/**
 * TF-IDF vector of an article (title terms weighted double, plus the first LEAD_WORDS words of its
 * text, calendar words left out), L2-normalised; `idf` gives the inverse document frequency of a
 * term.
 */
export function articleVector(title: string, text: string, idf: (term: string) => number): TermVector {
  const tf = new Map<string, number>();
  // A page's furniture in place of a headline ("(click the phrases to see a list)") says nothing of
  // the story: items sharing only it are not one story (a demo once listed three as a trend).
  for (const t of contentTerms(isFurniture(title) ? '' : title))
    if (!CALENDAR_TERMS.has(t)) tf.set(t, (tf.get(t) ?? 0) + TITLE_WEIGHT);
  const lead = text.split(/\s+/).slice(0, LEAD_WORDS).join(' ');
  for (const t of contentTerms(lead)) if (!CALENDAR_TERMS.has(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
  const vec: TermVector = new Map();
  let norm = 0;
  for (const [t, n] of tf) {
    const w = (1 + Math.log(n)) * idf(t);
    vec.set(t, w);
    norm += w * w;
  }
  return normalise(vec, norm);
}

/** Scales a vector to unit length (given its squared norm, or computing it). */
export function normalise(vec: TermVector, squaredNorm?: number): TermVector {
  let norm = squaredNorm;
  if (norm === undefined) {
    norm = 0;
    for (const w of vec.values()) norm += w * w;
  }
  if (norm <= 0) return vec;
  const scale = 1 / Math.sqrt(norm);
  for (const [t, w] of vec) vec.set(t, w * scale);
  return vec;
}

/** Dot product of two sparse vectors (iterates the smaller one). */
export function dot(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [t, w] of small) {
    const v = large.get(t);
    if (v !== undefined) sum += w * v;
  }
  return sum;
}

/** Number of terms two sparse vectors share (iterates the smaller one). */
export function sharedTerms(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let n = 0;
  for (const t of small.keys()) if (large.has(t)) n++;
  return n;
}

/** The `n` heaviest terms of a vector (ties by term), as a new vector. */
export function topTerms(vec: TermVector, n: number): TermVector {
  return new Map([...vec.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n));
}
