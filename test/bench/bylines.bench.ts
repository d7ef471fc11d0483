/**
 * Author and title accuracy on the Giveme5W1H demo pages (test/support/byline-accuracy.ts), and
 * on trafilatura-eval-dev's hand-checked metadata (the headline and author the annotators read).
 * Run: node --import tsx test/bench/bylines.bench.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { measureBylines } from '../support/byline-accuracy';
import { extractPage } from '@trendscope/pipeline/lab/evaluate/extraction/extraction-runs';
import { loadTrafilaturaEval, scoreMetadata } from '@trendscope/pipeline/lab/evaluate/extraction/trafilatura-eval';

const acc = await measureBylines();
console.log(`giveme5w1h demo pages (${acc.pages})`);
console.log(`  title as the record gives it: ${acc.title.correct}/${acc.title.gold}`);
console.log(
  `  author, first clean gold name: ${acc.author.correct}/${acc.author.gold} (no author ${acc.author.none}, other ${acc.author.wrong.length})`,
);
console.log(`  junk authors: gold ${acc.junk.gold}, ours ${acc.junk.ours}`);
for (const w of acc.author.wrong) console.log(`    other: ${w.slice(0, 160)}`);

const pages = loadTrafilaturaEval();
const guesses = Object.fromEntries(
  pages.map((p) => [p.key, extractPage({ id: p.key, url: p.key, bytes: p.bytes }).article]),
);
const meta = scoreMetadata(pages, guesses);
console.log(`trafilatura-eval-dev (${pages.length} pages), hand-checked metadata`);
for (const field of ['title', 'author'] as const) {
  const { correct, pages: gold } = meta[field];
  console.log(`  ${field}: ${correct}/${gold} (${(correct / gold).toFixed(3)})`);
}
