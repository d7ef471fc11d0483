/**
 * Extraction speed: pages per second for extractArticle + cleanBody over the 181 pages of
 * shared/corpus/article-extraction-benchmark, against a baseline measured in the same run
 * (parsing the page with linkedom only), plus the quality figures of the same run.
 * Run: node --import tsx test/bench/extraction.bench.ts [rounds]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { parseHTML } from 'linkedom';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { htmlToPlainText } from '@trendscope/pipeline/sanitise/sanitise-text';
import { loadExtractionBenchmark } from '../support/corpus';
import { scoreExtraction } from '../support/extraction-metric';

const rounds = Math.max(1, Number(process.argv[2] ?? 1));
const pages = loadExtractionBenchmark();
const megabytes = pages.reduce((sum, p) => sum + Buffer.byteLength(p.html), 0) / 1e6;

function time(label: string, run: () => void): number {
  run(); // warm-up round: JIT and module caches
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < rounds; i += 1) run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  // CPU time per page is steadier than wall time on a shared, noisy machine.
  const cpuMsPerPage = (cpu.user + cpu.system) / 1000 / (pages.length * rounds);
  const rate = (pages.length * rounds) / seconds;
  console.log(
    `${label.padEnd(34)} ${rate.toFixed(1).padStart(7)} pages/s  ${((megabytes * rounds) / seconds).toFixed(2)} MB/s  ${cpuMsPerPage.toFixed(1)} ms CPU/page`,
  );
  return rate;
}

const baseline = time('parse only (linkedom, baseline)', () => {
  for (const page of pages) parseHTML(page.html);
});
const full = time('extract + sanitise (stored body)', () => {
  for (const page of pages) cleanBody(extractArticle(page.html, { url: page.url }).body_html);
});
console.log(`ratio extract+sanitise / parse-only: ${(full / baseline).toFixed(2)}`);

const stored = Object.fromEntries(
  pages.map((p) => {
    const html = extractArticle(p.html, { url: p.url }).body_html;
    return [p.id, html ? htmlToPlainText(html) : ''];
  }),
);
const score = scoreExtraction(Object.fromEntries(pages.map((p) => [p.id, p.truth])), stored);
console.log(
  `quality: F1 ${score.f1.toFixed(3)}  precision ${score.precision.toFixed(3)}  recall ${score.recall.toFixed(3)}  accuracy ${score.accuracy.toFixed(3)}  (${pages.length} pages, ${megabytes.toFixed(1)} MB)`,
);
