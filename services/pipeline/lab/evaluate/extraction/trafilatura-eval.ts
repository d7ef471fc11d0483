/**
 * trafilatura's multilingual evaluation set, development part (shared/corpus/trafilatura-eval-dev)
 * and its metric as PROVENANCE.md describes it: per page, every "with" segment found in the
 * whitespace-normalised output is a true positive (else a false negative), every "without"
 * segment found a false positive (else a true negative); sums over pages (micro averages).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { corpusPath } from '../../corpus/corpus-path';

/** One page of the evaluation set with its gold segments and metadata. */
export interface EvalPage {
  key: string;
  file: string;
  /** Absolute path of the gzip-compressed HTML. */
  gzPath: string;
  bytes: Buffer;
  with: string[];
  without: string[];
  title: string | null;
  author: string | null;
  date: string | null;
}

/** Segment counts and the figures derived from them. */
export interface SegmentScore {
  pages: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  accuracy: number;
  f1: number;
}

interface EvalEntry {
  file: string;
  with?: (string | null)[];
  without?: (string | null)[];
  title?: string;
  author?: string;
  date?: string;
}

/**
 * The held-out part, fixed before any tuning: pages whose file name's SHA-256 starts with a hex
 * digit 0-4 (5 of 16, about 31 %). Tuning looks at the other pages only.
 */
export function isValidationPage(page: Pick<EvalPage, 'file'>): boolean {
  return parseInt(createHash('sha256').update(page.file).digest('hex').charAt(0), 16) < 5;
}

/** Folds for cross-validation: the first byte of the SHA-256 of "fold:" + file name, modulo 5. */
export const FOLDS = 5;
export function foldOf(page: Pick<EvalPage, 'file'>): number {
  return (createHash('sha256').update(`fold:${page.file}`).digest()[0] ?? 0) % FOLDS;
}

/** All 378 pages in the order of evaldata.json. */
export function loadTrafilaturaEval(): EvalPage[] {
  const dir = corpusPath('trafilatura-eval-dev');
  const data = JSON.parse(readFileSync(path.join(dir, 'evaldata.json'), 'utf8')) as Record<string, EvalEntry>;
  return Object.entries(data).map(([key, entry]) => {
    const gzPath = path.join(dir, 'html', `${entry.file}.gz`);
    return {
      key,
      file: entry.file,
      gzPath,
      bytes: gunzipSync(readFileSync(gzPath)),
      with: (entry.with ?? []).filter((s): s is string => typeof s === 'string'),
      without: (entry.without ?? []).filter((s): s is string => typeof s === 'string'),
      title: entry.title || null,
      author: entry.author || null,
      date: entry.date || null,
    };
  });
}

/** Whitespace runs to one space, trimmed (trafilatura's evaluation does the same to outputs). */
export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Scores outputs (by page key; a missing one counts as no output) against the gold segments. */
export function scoreSegments(pages: EvalPage[], outputs: Record<string, string | null>): SegmentScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const page of pages) {
    const text = normaliseSpace(outputs[page.key] ?? '');
    for (const segment of page.with) {
      if (text.includes(segment)) tp += 1;
      else fn += 1;
    }
    for (const segment of page.without) {
      if (text.includes(segment)) fp += 1;
      else tn += 1;
    }
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  const total = tp + fp + fn + tn;
  return { pages: pages.length, tp, fp, fn, tn, precision, recall, accuracy: total > 0 ? (tp + tn) / total : 0, f1 };
}

/** Share of pages with a gold value whose extracted value matches it, per field. */
export interface MetadataScore {
  title: { pages: number; correct: number };
  author: { pages: number; correct: number };
  date: { pages: number; correct: number };
}

/** The metadata our extractor yields for a page (a subset of ExtractedArticle). */
export interface PageMetadataGuess {
  title: string | null;
  author: string | null;
  published_date: string | null;
}

function sameText(a: string | null, b: string): boolean {
  return a !== null && normaliseSpace(a).toLowerCase() === normaliseSpace(b).toLowerCase();
}

/**
 * Title and author match when equal after whitespace and case folding; the date when the day of
 * our published date (UTC) equals the gold day.
 */
export function scoreMetadata(pages: EvalPage[], guesses: Record<string, PageMetadataGuess>): MetadataScore {
  const score: MetadataScore = {
    title: { pages: 0, correct: 0 },
    author: { pages: 0, correct: 0 },
    date: { pages: 0, correct: 0 },
  };
  for (const page of pages) {
    const guess = guesses[page.key];
    if (page.title !== null) {
      score.title.pages += 1;
      if (sameText(guess?.title ?? null, page.title)) score.title.correct += 1;
    }
    if (page.author !== null) {
      score.author.pages += 1;
      if (sameText(guess?.author ?? null, page.author)) score.author.correct += 1;
    }
    if (page.date !== null) {
      score.date.pages += 1;
      if (guess?.published_date?.slice(0, 10) === page.date) score.date.correct += 1;
    }
  }
  return score;
}
