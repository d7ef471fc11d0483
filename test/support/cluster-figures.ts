/**
 * Prints clustering B-cubed P/R/F1 with the production defaults (or with options given as JSON) on
 * the tuning sets (Giveme5W1H `training` split, first 10,000 April UCI rows) and the reported sets
 * (all of Giveme5W1H, the Giveme5W1H articles outside `training`, first 10,000 March UCI rows).
 * Run: node --import tsx test/support/cluster-figures.ts ['{"threshold":0.25}'] [train,april,all,held,march]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { clusterArticles, type ClusterOptions, type DetectArticle } from '../../services/pipeline/src/detect/cluster';
import { backgroundIdf } from '../../services/pipeline/src/detect/idf';
import {
  loadGiveme,
  loadGivemeSampling,
  type GivemeArticle,
} from '../../services/pipeline/scripts/corpus/giveme.corpus';
import { bcubed } from './bcubed';
import { givemeDetectArticles, uciDetectArticles, uciSlice } from './detect-corpus';

type Labelled = { articles: DetectArticle[]; gold: Map<string, string> };

const NOW = new Date('2030-01-01T00:00:00Z');
const overrides = JSON.parse(process.argv[2] ?? '{}') as Partial<ClusterOptions>;
const wanted = new Set((process.argv[3] ?? 'train,april,all,held,march').split(','));
const idf = backgroundIdf();
const training = new Set(loadGivemeSampling().training);
const giveme = (keep: (r: GivemeArticle) => boolean) => (): Labelled => givemeDetectArticles(loadGiveme().filter(keep));
const uci = (file: string) => (): Labelled => uciDetectArticles(uciSlice(file, 0, 10_000));

const SETS: [key: string, label: string, load: () => Labelled][] = [
  ['train', 'tuning: Giveme5W1H training split', giveme((r) => training.has(r.file))],
  ['april', 'tuning: UCI April, first 10,000', uci('newsCorpora.2014-04-01-15.tsv.gz')],
  ['all', 'report: Giveme5W1H all 419', giveme(() => true)],
  ['held', 'report: Giveme5W1H outside training', giveme((r) => !training.has(r.file))],
  ['march', 'report: UCI March, first 10,000', uci('newsCorpora.2014-03-01-15.tsv.gz')],
];

process.stdout.write(`options: ${JSON.stringify(overrides)}\n`);
for (const [key, label, load] of SETS) {
  if (!wanted.has(key)) continue;
  const { articles, gold } = load();
  const m = bcubed(clusterArticles(articles, [], { now: NOW, idf, ...overrides }).assignments, gold);
  process.stdout.write(
    `  ${label.padEnd(40)} n ${String(articles.length).padStart(6)}  P ${m.precision.toFixed(4)}  ` +
      `R ${m.recall.toFixed(4)}  F1 ${m.f1.toFixed(4)}\n`,
  );
}
