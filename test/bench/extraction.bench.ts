/**
 * Extraction quality and speed against trafilatura, side by side on the same pages in one run:
 * shared/corpus/trafilatura-eval-dev (378 multilingual pages: tuning part, held-out validation
 * part, all; then the held-out part and all pages per language of the gold text) and
 * shared/corpus/article-extraction-benchmark (181 English news pages, split the same
 * way: the block classifier is trained on the tuning parts only). Speed is
 * CPU time per page (bytes to body text) and the ratio of pages per second ours / trafilatura.
 * Run: node --import tsx test/bench/extraction.bench.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadExtractionBenchmark } from '@trendscope/pipeline/lab/corpus/extraction-benchmark';
import { scoreExtraction } from '@trendscope/pipeline/lab/metrics/extraction-metric';
import { runExtraction, type ExtractionRun } from '@trendscope/pipeline/lab/evaluate/extraction/extraction-runs';
import { byLanguage } from '@trendscope/pipeline/lab/evaluate/extraction/page-language';
import {
  isValidationPage,
  loadTrafilaturaEval,
  scoreMetadata,
  scoreSegments,
  type EvalPage,
} from '@trendscope/pipeline/lab/evaluate/extraction/trafilatura-eval';
import { runTrafilatura, type TrafilaturaRun } from '../support/trafilatura-runner';

const fmt = (v: number) => v.toFixed(3);

/** One line of figures for one extractor on one part of a set. */
function scoreRow(
  part: string,
  who: string,
  pages: number,
  s: { f1: number; precision: number; recall: number; accuracy: number },
): void {
  console.log(
    `  ${part.padEnd(16)} ${who.padEnd(11)} pages ${String(pages).padStart(3)}  F1 ${fmt(s.f1)}  precision ${fmt(s.precision)}  recall ${fmt(s.recall)}  accuracy ${fmt(s.accuracy)}`,
  );
}

function speedLine(label: string, pages: number, ours: ExtractionRun, theirs: TrafilaturaRun | null): void {
  const oursMs = ours.cpuMs / pages;
  const theirsMs = theirs ? theirs.cpuMs / pages : NaN;
  console.log(
    `${label}: ours ${oursMs.toFixed(1)} ms CPU/page, trafilatura ${theirs ? theirsMs.toFixed(1) : 'n/a'} ms CPU/page, ` +
      `speed ratio ours/trafilatura ${theirs ? (theirsMs / oursMs).toFixed(2) : 'n/a'}x`,
  );
}

const evalPages = loadTrafilaturaEval();
const evalRaw = evalPages.map((p) => ({ id: p.key, url: p.key, bytes: p.bytes }));
const oursEval = runExtraction(evalRaw);
const theirsEval = runTrafilatura(evalPages.map((p) => ({ id: p.key, gzPath: p.gzPath })));
if (!theirsEval) console.log('trafilatura not available (no python3): its columns are n/a');
console.log(
  `trafilatura-eval-dev (${evalPages.length} pages), segment metric; trafilatura ${theirsEval?.version ?? 'n/a'}`,
);
const evalParts = {
  tuning: evalPages.filter((p) => !isValidationPage(p)),
  validation: evalPages.filter(isValidationPage),
  all: evalPages,
};
const evalRows: [string, EvalPage[]][] = [
  ...Object.entries(evalParts),
  // "Better than trafilatura in every language": the held-out part and all pages per language of the gold text.
  ...(['validation', 'all'] as const).flatMap((part) =>
    byLanguage(evalParts[part]).map(([language, group]): [string, EvalPage[]] => [`${part} ${language}`, group]),
  ),
];
for (const [part, pages] of evalRows) {
  for (const [who, output] of [
    ['ours', oursEval.text],
    ['trafilatura', theirsEval?.output ?? null],
  ] as const) {
    if (output) scoreRow(part, who, pages.length, scoreSegments(pages, output));
  }
}
const meta = scoreMetadata(evalPages, oursEval.articles);
console.log(
  `  metadata (ours, all pages): ` +
    (['title', 'author', 'date'] as const)
      .map((f) => `${f} ${meta[f].correct}/${meta[f].pages} (${fmt(meta[f].correct / meta[f].pages)})`)
      .join('  '),
);
speedLine('  speed', evalPages.length, oursEval, theirsEval);

const bench = loadExtractionBenchmark();
const benchRaw = bench.map((p) => ({ id: p.id, url: p.url, bytes: Buffer.from(p.html) }));
const truth = Object.fromEntries(bench.map((p) => [p.id, p.truth]));
const oursBench = runExtraction(benchRaw);
const theirsBench = runTrafilatura(bench.map((p) => ({ id: p.id, gzPath: p.gzPath })));
console.log(`article-extraction-benchmark (${bench.length} pages), shingle metric`);
for (const [part, pages] of [
  ['tuning', bench.filter((p) => !isValidationPage({ file: p.id }))],
  ['validation', bench.filter((p) => isValidationPage({ file: p.id }))],
  ['all', bench],
] as const) {
  const partTruth = Object.fromEntries(pages.map((p) => [p.id, truth[p.id] ?? '']));
  for (const [who, output] of [
    ['ours', oursBench.text],
    ['trafilatura', theirsBench?.output ?? null],
  ] as const) {
    if (!output) continue;
    const s = scoreExtraction(partTruth, Object.fromEntries(pages.map((p) => [p.id, output[p.id] ?? ''])));
    scoreRow(part, who, pages.length, s);
  }
}
speedLine('  speed', bench.length, oursBench, theirsBench);
