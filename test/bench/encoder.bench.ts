/**
 * The sentence encoder's cost per article (src/embed/): title + lead of AG News rows, the shape of a
 * feed item, embedded in batches of 32 (as the pipeline does) and one at a time; CPU of the whole
 * process per text, so every thread onnxruntime uses is counted. Needs no services:
 * `node --import tsx test/bench/encoder.bench.ts` (or `make bench BENCH=encoder`);
 * BENCH_ENCODER_ARTICLES rows (default 1,000), PIPELINE_ENCODER_THREADS threads (default 1).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadavg } from 'node:os';
import { loadEncoder } from '@trendscope/pipeline/embed/embed-texts';
import { MAX_TOKENS } from '@trendscope/pipeline/embed/sentence-encoder';
import { loadAgNews } from '@trendscope/pipeline/lab/corpus/ag-news.corpus';

const ARTICLES = Number(process.env.BENCH_ENCODER_ARTICLES ?? 1000);

const texts = loadAgNews()
  .slice(0, ARTICLES)
  .map((row) => `${row.title}. ${row.description}`);
const loadStarted = performance.now();
const encoder = await loadEncoder();
const loadMs = performance.now() - loadStarted;
const tokens = texts.reduce((n, t) => n + encoder.tokenIds(t).length, 0) / texts.length;
process.stdout.write(
  `sentence encoder bench: ${texts.length} AG News rows, ${tokens.toFixed(0)} word pieces on average ` +
    `(at most ${MAX_TOKENS}), session loaded in ${loadMs.toFixed(0)} ms, load average ${loadavg()[0]!.toFixed(1)}\n`,
);
await encoder.embed(texts.slice(0, 32)); // warm-up
for (const [label, batchSize] of [
  ['batches of 32', 32],
  ['one at a time', 1],
] as const) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  if (batchSize === 1) for (const t of texts) await encoder.embed([t]);
  else await encoder.embed(texts);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    `  ${label.padEnd(14)} ${((used.user + used.system) / 1000 / texts.length).toFixed(2).padStart(6)} ms CPU per article` +
      `   ${(texts.length / seconds).toFixed(0).padStart(5)} articles/s wall\n`,
  );
}
