import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../corpus/corpus-path';

/** Folder of the pairs of trends read by hand (docs/lab-notes/trends.md, "Labels corrected by reading"). */
const JOINS_DIR = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'story-joins');

/**
 * Readings of UCI story pairs: read-pairs.tsv (every third pair of the entity-gated pool over the
 * demo's, the tuning and the held-out slices), held-out-pairs.tsv (every pair of the pool with
 * no entity gate on the five held-out UCI slices, and small trends' pairs the pool's size or
 * centroid gate keeps out, small-trend-pairs.ts) and tuning-pairs.tsv (tuning-slice pairs a
 * rejoin test joined, read one story, kept apart from read-pairs.tsv so its sample, which
 * read-joins.ts measures the rejoin on, stays the every-third draw). Each file has a header
 * naming its columns.
 */
export const READING_FILES = [
  path.join(JOINS_DIR, 'read-pairs.tsv'),
  path.join(JOINS_DIR, 'held-out-pairs.tsv'),
  path.join(JOINS_DIR, 'tuning-pairs.tsv'),
];

/**
 * Pairs of trends founded at once that the rejoin leaves apart, read (at-once-pairs.ts). Apart from
 * READING_FILES: read to measure a rule for such pairs, not drawn from the rejoin's pool, so the
 * corrected labels do not take them.
 */
export const AT_ONCE_READINGS = path.join(JOINS_DIR, 'at-once-pairs.tsv');

/**
 * Every join of the story rejoin over the whole UCI month in one detection run, read by hand
 * (month-pairs.tsv, lab/diagnose/month-joins.ts; docs/lab-notes/trends.md, "The story rejoin over
 * the whole month"). Apart from READING_FILES: it covers the month's joins, not the held-out slices'
 * pools, so the held-out figures keep their labels.
 */
export const MONTH_READING_FILE = path.join(JOINS_DIR, 'month-pairs.tsv');

/** One read pair of UCI stories (ids without the demo's "uci:" prefix) and its verdict. */
export interface StoryReading {
  oneStory: boolean;
  a: string;
  b: string;
}

/**
 * The readings of one file (columns `verdict`, `gold_a`, `gold_b` found by the header); a pair a
 * reader left "unsettled" (at-once-pairs.tsv) is no reading either way.
 */
export function loadReadings(file: string): StoryReading[] {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = header!.split('\t');
  const [v, a, b] = ['verdict', 'gold_a', 'gold_b'].map((c) => cols.indexOf(c));
  if (v! < 0 || a! < 0 || b! < 0) throw new Error(`${file}: no verdict / gold_a / gold_b columns`);
  const bare = (id: string): string => id.replace(/^uci:/, '');
  return lines
    .map((line) => line.split('\t'))
    .filter((f) => f[v!] !== 'unsettled')
    .map((f) => ({ oneStory: f[v!] === 'one story', a: bare(f[a!]!), b: bare(f[b!]!) }));
}

/**
 * How a reader filed two UCI story ids (a "uci:" prefix ignored): "same UCI story", "one story" or
 * "two stories" by the reading files (READING_FILES, or `files`), else "unread". For lab tools that list the
 * pairs a rule joins beside their reading.
 */
export function pairReadings(files: readonly string[] = READING_FILES): (a: string, b: string) => string {
  const verdicts = new Map<string, string>();
  for (const r of files.flatMap(loadReadings)) {
    const v = r.oneStory ? 'one story' : 'two stories';
    verdicts.set(`${r.a} ${r.b}`, v);
    verdicts.set(`${r.b} ${r.a}`, v);
  }
  const bare = (id: string): string => id.replace(/^uci:/, '');
  return (a, b) => {
    const [ga, gb] = [bare(a), bare(b)];
    return ga === gb ? 'same UCI story' : (verdicts.get(`${ga} ${gb}`) ?? 'unread');
  };
}

/**
 * Gold labels corrected by reading: UCI story ids a reader called one story (transitively) map to
 * one id (the smallest), every other id to itself; a pair read as two stories is never merged by
 * this step. A "uci:" prefix (the demo's labels) is kept. Only pairs the rejoin's cheap gates
 * proposed were read, so a split the detector never proposes stays a split: the correction can
 * raise precision for joins a reader accepts, never credit a join no one read.
 */
export function correctedGold(
  readings: readonly StoryReading[] = READING_FILES.flatMap(loadReadings),
): (gold: string) => string {
  const parent = new Map<string, string>();
  const root = (id: string): string => {
    let r = id;
    while (parent.has(r)) r = parent.get(r)!;
    return r;
  };
  for (const r of readings) {
    if (!r.oneStory) continue;
    const [x, y] = [root(r.a), root(r.b)];
    if (x === y) continue;
    if (x < y) parent.set(y, x);
    else parent.set(x, y);
  }
  return (gold) => {
    const prefix = gold.startsWith('uci:') ? 'uci:' : '';
    if (!prefix && gold.includes(':')) return gold;
    return prefix + root(gold.slice(prefix.length));
  };
}

/**
 * Articles read apart from the rest of their gold story (split-stories.tsv): UCI (or Giveme5W1H)
 * files two stories under one id, e.g. a daily roundup column or a lone report of another event
 * under a large story. Each row is one story read apart: its gold id as the set labels it, and its
 * article ids (comma-separated).
 */
export const SPLITS_FILE = path.join(JOINS_DIR, 'split-stories.tsv');

/** One story read apart from the gold story it is filed under. */
export interface StorySplit {
  /** The gold id without a corpus prefix ("uci:", "giveme:"). */
  gold: string;
  articles: string[];
}

/** The splits of one file (columns `verdict` = "two stories", `gold`, `articles` found by the header). */
export function loadSplits(file = SPLITS_FILE): StorySplit[] {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const cols = header!.split('\t');
  const [v, g, a] = ['verdict', 'gold', 'articles'].map((c) => cols.indexOf(c));
  if (v! < 0 || g! < 0 || a! < 0) throw new Error(`${file}: no verdict / gold / articles columns`);
  return lines.map((line) => {
    const f = line.split('\t');
    if (f[v!] !== 'two stories') throw new Error(`${file}: verdict "${f[v!]}" is not "two stories"`);
    return { gold: f[g!]!.replace(/^(?:uci|giveme):/, ''), articles: f[a!]!.split(',').map((x) => x.trim()) };
  });
}

/**
 * An article's label corrected by reading: its own story when a split reads it apart from the gold
 * story it is filed under (the gold id and the first article id of the split, so the split is one
 * story of its own), else its gold id corrected by `correct`. A split applies only to an article
 * filed under the split's gold id; merges never reach a split-off story.
 */
export function articleLabeller(
  correct: (gold: string) => string = correctedGold(),
  splits: readonly StorySplit[] = loadSplits(),
): (article: string | undefined, gold: string) => string {
  const apart = new Map<string, StorySplit>();
  for (const s of splits) for (const a of s.articles) apart.set(a, s);
  return (article, gold) => {
    const split = article === undefined ? undefined : apart.get(article);
    const prefix = /^(?:uci|giveme):/.exec(gold)?.[0] ?? '';
    if (split && split.gold === gold.slice(prefix.length)) return `${gold}~${split.articles[0]}`;
    return correct(gold);
  };
}

/** A gold map (article -> gold) with each label corrected by `correct` and the splits read apart. */
export function correctLabels(
  gold: ReadonlyMap<string, string>,
  correct = correctedGold(),
  splits: readonly StorySplit[] = loadSplits(),
): Map<string, string> {
  const label = articleLabeller(correct, splits);
  return new Map([...gold].map(([id, g]) => [id, label(id, g)]));
}
