import type { DetectArticle } from '../../src/detect/cluster';
import { loadGiveme, loadGivemeSampling } from './giveme.corpus';
import type { UciRow } from './uci.corpus';
import { givemeDetectArticles, uciDetectArticles, uciSlice } from './detect-articles';

/**
 * Clock of the lab's clustering figures: after every corpus article, so no corpus article lies in
 * the future or has aged out of a window.
 */
export const FIGURES_NOW = new Date('2030-01-01T00:00:00Z');

/** Articles with their gold story or event (and a UCI set's rows: their publishers). */
export type LabelledSet = { articles: DetectArticle[]; gold: Map<string, string>; uciRows?: UciRow[] };

/** Whether the defaults were fitted on a set or it is only reported. */
export type SetRole = 'tuning' | 'held out';

/** A named evaluation set of the clustering figures (docs/quality.md). */
export interface ClusterSet {
  key: string;
  label: string;
  role: SetRole;
  load: () => LabelledSet;
}

const MARCH_1 = 'newsCorpora.2014-03-01-15.tsv.gz';
const MARCH_2 = 'newsCorpora.2014-03-16-31.tsv.gz';
const APRIL = 'newsCorpora.2014-04-01-15.tsv.gz';

function giveme(training: boolean): () => LabelledSet {
  return () => {
    const split = new Set(loadGivemeSampling().training);
    return givemeDetectArticles(loadGiveme().filter((r) => split.has(r.file) === training));
  };
}

function uci(file: string, from: number): () => LabelledSet {
  return () => {
    const uciRows = uciSlice(file, from, 10_000);
    return { ...uciDetectArticles(uciRows), uciRows };
  };
}

/**
 * The sets, fixed before the fragment merge was tuned: defaults are fitted on the `tuning` sets
 * only; the `held out` ones are reported and carry the quality floors. Row ranges are 0-based
 * offsets into one half-month UCI file, 10,000 rows each.
 */
export const CLUSTER_SETS: readonly ClusterSet[] = [
  { key: 'giveme-train', label: 'Giveme5W1H training split (242)', role: 'tuning', load: giveme(true) },
  { key: 'apr-0', label: 'UCI April rows 0-10k', role: 'tuning', load: uci(APRIL, 0) },
  { key: 'apr-10', label: 'UCI April rows 10-20k', role: 'tuning', load: uci(APRIL, 10_000) },
  { key: 'giveme-held', label: 'Giveme5W1H outside training (177)', role: 'held out', load: giveme(false) },
  { key: 'mar1-0', label: 'UCI March 1-15 rows 0-10k', role: 'held out', load: uci(MARCH_1, 0) },
  { key: 'mar2-0', label: 'UCI March 16-31 rows 0-10k', role: 'held out', load: uci(MARCH_2, 0) },
  { key: 'mar2-20', label: 'UCI March 16-31 rows 20-30k', role: 'held out', load: uci(MARCH_2, 20_000) },
  { key: 'mar2-40', label: 'UCI March 16-31 rows 40-50k', role: 'held out', load: uci(MARCH_2, 40_000) },
  { key: 'apr-30', label: 'UCI April rows 30-40k', role: 'held out', load: uci(APRIL, 30_000) },
];

/** The keys of the sets above. */
export const CLUSTER_SET_KEYS: readonly string[] = CLUSTER_SETS.map((s) => s.key);

/** The set keys the lab tools take: `demo` (the articles make demo replays, demo-trends.ts) and each set above. */
export const DEMO_AND_CLUSTER_SET_KEYS: readonly string[] = ['demo', ...CLUSTER_SET_KEYS];

/**
 * UCI rows in no set above and outside the demo's (its first 12,000 March 1-15 rows), clustered only
 * to read more pairs of trends for the story rejoin (data/story-joins/pair-readings.tsv): tuning
 * material for the rejoin, never reported as a clustering figure (cluster-figures.ts runs one named by
 * its key; story-figures.ts lists mar2-10 and apr-20, to judge a rule read off the held-out lists on
 * lists no one had read). April holds 47,100 rows, so its last slice is 7,100; March 16-31's last 916
 * rows (60,000-60,916) are left out.
 */
export const PAIR_READING_SETS: readonly ClusterSet[] = [
  { key: 'mar2-10', label: 'UCI March 16-31 rows 10-20k', role: 'tuning', load: uci(MARCH_2, 10_000) },
  { key: 'mar2-30', label: 'UCI March 16-31 rows 30-40k', role: 'tuning', load: uci(MARCH_2, 30_000) },
  { key: 'mar2-50', label: 'UCI March 16-31 rows 50-60k', role: 'tuning', load: uci(MARCH_2, 50_000) },
  { key: 'apr-20', label: 'UCI April rows 20-30k', role: 'tuning', load: uci(APRIL, 20_000) },
  { key: 'apr-40', label: 'UCI April rows 40-47.1k', role: 'tuning', load: uci(APRIL, 40_000) },
];

/** The sets of the figures and the pair-reading sets, in that order. */
export const FIGURE_AND_PAIR_READING_SETS: readonly ClusterSet[] = [...CLUSTER_SETS, ...PAIR_READING_SETS];

/** The set keys the pair-reading tools take: `demo`, each set of the figures and each pair-reading set. */
export const DEMO_AND_PAIR_READING_SET_KEYS: readonly string[] = [
  'demo',
  ...FIGURE_AND_PAIR_READING_SETS.map((s) => s.key),
];

/** A set of CLUSTER_SETS or PAIR_READING_SETS by key. */
export function clusterSet(key: string): ClusterSet | undefined {
  return FIGURE_AND_PAIR_READING_SETS.find((s) => s.key === key);
}
