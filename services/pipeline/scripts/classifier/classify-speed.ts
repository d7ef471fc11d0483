/**
 * CPU per classification with the committed model: every AG News title + description (the shape
 * of a feed item), median of five passes. Figure in docs/quality.md. Run:
 * `node --import tsx scripts/classifier/classify-speed.ts`.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadClassifier } from '../../src/classify/classifier';
import { loadAgNews } from '../corpus/ag-news.corpus';

const PASSES = 5;

const texts = loadAgNews().map((row) => `${row.title}. ${row.description}`);
const classifier = loadClassifier();
for (const t of texts.slice(0, 200)) classifier.classify(t);
const perArticle: number[] = [];
for (let pass = 0; pass < PASSES; pass++) {
  const started = process.cpuUsage();
  for (const t of texts) classifier.classify(t);
  const used = process.cpuUsage(started);
  perArticle.push((used.user + used.system) / 1000 / texts.length);
}
perArticle.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({ articles: texts.length, passes: PASSES, median_cpu_ms_per_article: round(perArticle[PASSES >> 1]!), all: perArticle.map(round) })}\n`,
);

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
