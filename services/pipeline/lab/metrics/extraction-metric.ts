/**
 * The article-extraction-benchmark metric (shared/corpus/article-extraction-benchmark/PROVENANCE.md):
 * multisets of word 4-gram shingles, TP/FP/FN normalised per page, precision and recall averaged
 * over pages, F1 as the harmonic mean of the two averages.
 */

/** Python's `\w` in Unicode mode: letters, numbers and the underscore (no combining marks). */
const TOKEN_RE = /[\p{L}\p{N}_]+/gu;
const NGRAM = 4;

/** Normalised true positives, false positives and false negatives of one page. */
export interface PageScore {
  tp: number;
  fp: number;
  fn: number;
}

/** Aggregate figures over a set of pages. */
export interface ExtractionScore {
  pages: number;
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
}

function shingles(text: string): Map<string, number> {
  const tokens = text.match(TOKEN_RE) ?? [];
  const counts = new Map<string, number>();
  // Like the benchmark, a text shorter than one shingle still yields one (possibly empty) shingle.
  const last = Math.max(1, tokens.length - NGRAM + 1);
  for (let i = 0; i < last; i += 1) {
    const shingle = tokens.slice(i, i + NGRAM).join(' ');
    if (shingle) counts.set(shingle, (counts.get(shingle) ?? 0) + 1);
  }
  return counts;
}

/** Scores one prediction against its ground truth. */
export function scorePage(truth: string, prediction: string): PageScore {
  const t = shingles(truth);
  const p = shingles(prediction);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...t.keys(), ...p.keys()])) {
    const tc = t.get(key) ?? 0;
    const pc = p.get(key) ?? 0;
    tp += Math.min(tc, pc);
    fp += Math.max(0, pc - tc);
    fn += Math.max(0, tc - pc);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn };
}

/** Page precision as the benchmark defines it (1 for a perfect page, 0 when nothing matched). */
export function pagePrecision({ tp, fp, fn }: PageScore): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

/** Page recall as the benchmark defines it. */
export function pageRecall({ tp, fp, fn }: PageScore): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

function tokensEqual(a: string, b: string): boolean {
  const ta = a.match(TOKEN_RE) ?? [];
  const tb = b.match(TOKEN_RE) ?? [];
  return ta.length === tb.length && ta.every((token, i) => token === tb[i]);
}

/** Scores every page of the ground truth (a missing prediction counts as an empty body). */
export function scoreExtraction(truth: Record<string, string>, predictions: Record<string, string>): ExtractionScore {
  const ids = Object.keys(truth);
  let precision = 0;
  let recall = 0;
  let exact = 0;
  for (const id of ids) {
    const t = truth[id] ?? '';
    const p = predictions[id] ?? '';
    const score = scorePage(t, p);
    precision += pagePrecision(score);
    recall += pageRecall(score);
    if (tokensEqual(t, p)) exact += 1;
  }
  const n = Math.max(1, ids.length);
  const meanP = precision / n;
  const meanR = recall / n;
  const f1 = meanP + meanR > 0 ? (2 * meanP * meanR) / (meanP + meanR) : 0;
  return { pages: ids.length, precision: meanP, recall: meanR, f1, accuracy: exact / n };
}
