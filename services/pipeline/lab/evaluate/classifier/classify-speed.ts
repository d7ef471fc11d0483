/**
 * CPU per classification with the committed model: every AG News title + description (the shape
 * of a feed item), median of five passes, alternating with the committed model's main model alone
 * (without its corpus expert) as the in-run baseline. Figure in docs/quality.md. Run:
 * `node --import tsx lab/evaluate/classifier/classify-speed.ts`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../../command-line';
import { type Classifier, createClassifier, loadCategoryModelFile } from '../../../src/classify/classifier';
import { loadAgNews } from '../../corpus/ag-news.corpus';

readCommandLine('classify-speed.ts', {}, ({ positionals }) => atMost(0, positionals));

const PASSES = 5;

const texts = loadAgNews().map((row) => `${row.title}. ${row.description}`);
const { expert: _, ...main } = loadCategoryModelFile();
const classifiers: Record<string, Classifier> = {
  committed: createClassifier(loadCategoryModelFile()),
  'main model alone': createClassifier(main),
};
const perArticle = new Map<string, number[]>();
for (const c of Object.values(classifiers)) for (const t of texts.slice(0, 200)) c.classify(t);
for (let pass = 0; pass < PASSES; pass++) {
  for (const [name, classifier] of Object.entries(classifiers)) {
    const started = process.cpuUsage();
    for (const t of texts) classifier.classify(t);
    const used = process.cpuUsage(started);
    perArticle.set(name, [...(perArticle.get(name) ?? []), (used.user + used.system) / 1000 / texts.length]);
  }
}
for (const [name, ms] of perArticle) {
  ms.sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({ model: name, articles: texts.length, passes: PASSES, median_cpu_ms_per_article: round(ms[PASSES >> 1]!), all: ms.map(round) })}\n`,
  );
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
