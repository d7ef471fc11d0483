/**
 * Page furniture and script text in stored bodies, ours beside trafilatura on the same pages
 * (services/pipeline/lab/metrics/furniture-phrases.ts: the phrase list; test/support/furniture-count.ts:
 * the three sets); then the time the stored-body path takes on hostile input shaped to make the
 * furniture rules backtrack (huge captions, credits that never close, deep nested markup), beside
 * prose of the same length.
 * Run: node --import tsx test/bench/furniture.bench.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { extractArticle } from '@trendscope/pipeline/extract/extract-article';
import { cleanBody } from '@trendscope/pipeline/sanitise/clean-body';
import { furnitureLine } from '@trendscope/pipeline/lab/metrics/furniture-phrases';
import { measureFurniture } from '../support/furniture-count';

for (const { set, ours, theirs } of await measureFurniture()) {
  console.log(`${set}`);
  console.log(furnitureLine('ours', ours));
  console.log(theirs ? furnitureLine('trafilatura', theirs) : '  trafilatura not available (no python3)');
}

/** About 100 KB of text built from `unit`, in one paragraph. */
const fill = (unit: string): string => unit.repeat(Math.ceil(100_000 / unit.length));
const PROSE = fill('The council voted on the plan after a long debate, and the mayor said she would sign it. ');
/** Hostile paragraphs: each is one paragraph of about 100 KB, shaped against one family of rules. */
const HOSTILE: [string, string][] = [
  ['prose (baseline)', PROSE],
  [
    'huge caption',
    `FILE - In this Dec. 13, 2016, file photo, ${fill('the logo appears above a trading post. ')}(AP Photo/Jane Roe, File)`,
  ],
  ['credit never closed', `A caption ${fill('(Jane Roe/Jane Roe/Invision/AP ')}`],
  ['slashes and spaces', `(${fill('Jane Roe  /  ')}x`],
  ['capitalised words', `The end. ${fill('Jane Roe Abc Def ')}/ x`],
  ['byline of names', `By ${fill('Jane Roe, ')}and 7`],
  ['agency caption', `Reuters ${fill("Kim Jong-un's staff cheer. ' ")}x`],
  ['most read run', `MOST READ IN NEWS ${fill("'DAD WAS' Joan claims her pal. ")}x`],
  ['related run', `Related Stories ${fill("'WORST YET' Group leader mocks claims ")}.`],
  ['copyright credit', `©${fill('Jane Roe ')}(AFP`],
  ['wire credit', `${PROSE}(Writing by ${fill('Jane Roe; ')}`],
  ['newsletter promos', `${fill('Sign up for the free daily newsletter of the council ')}x`],
  ['follow prompts', `${fill('Follow us on Twitter @Example or ')}x`],
  ['inbox promos', `${fill('Get the latest updates right in your inbox ')}x`],
  ['update label', `Updated ${fill('10:05 ')}| x`],
  ['menu', `Categories Categories Select Category ${fill('MAINS GUIDE ')}`],
  ['gallery counter', `${fill('A caption of the gallery. ')}1 / 18 ${fill('Jane ')}`],
  ['labels and headlines', fill('Top Deals:</p><p>Council plans free internet in every public library</p><p>')],
  [
    'reprint credit',
    `From the book ${fill('The Plan by Jane Roe, ')}. Reprinted by permission of ${fill('Example Books, ')}x`,
  ],
  ['contact line', `To reach the reporter behind this story, contact ${fill('jroe@example.')}`],
  ['short headlines', fill('Council plans free internet in every public library</p><p>Council vote fails</p><p>')],
  [
    'picture post credit',
    `${fill('A Red Car for the Red Planet ')}A post shared by ${fill('Jane Roe ')}(@janeroe) on Dec 22, 2017 at 2:57pm PST`,
  ],
  [
    'embed controls',
    `Skip Twitter post by @janeroe ${fill('We were alerted by the store. — Jane Roe (@janeroe) ')}February 1, 2018 Report`,
  ],
  ['credit via agencies', `${fill('Jane Roe/WireImage via Getty Images ')}x`],
  ['credit after a bar', `A caption | © ${fill('Jane Roe ')}`],
  ['gallery runs', fill('1/999 A caption of the gallery</p><p>2/999 Another caption</p><p>')],
  ['show-all controls', fill('Council news in pictures</p><p>5 show all Council news in pictures</p><p>')],
];
/** Nested markup: a caption inside 2,000 nested elements, prose beside it. */
const NESTED = `<html><body><article>${'<div><span>'.repeat(2000)}<p>${HOSTILE[1]?.[1]}</p>${'</span></div>'.repeat(2000)}<p>${PROSE}</p></article></body></html>`;

/** Median milliseconds of five runs of fn. */
function ms(fn: () => unknown): number {
  const times = Array.from({ length: 5 }, () => {
    const start = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - start) / 1e6;
  });
  return times.sort((a, b) => a - b)[2] ?? NaN;
}

console.log('hostile input, stored-body path (median of 5 runs after a warm-up)');
cleanBody(`<p>${PROSE}</p>`);
const times = HOSTILE.map(([, text]) => ms(() => cleanBody(`<p>${text}</p>`)));
const base = times[0] ?? NaN;
HOSTILE.forEach(([name, text], i) => {
  const t = times[i] ?? NaN;
  console.log(
    `  ${name.padEnd(20)} ${String(text.length).padStart(7)} chars  cleanBody ${t.toFixed(1)} ms (${(t / base).toFixed(2)}x prose)`,
  );
});
const nested = ms(() => cleanBody(extractArticle(NESTED, { url: 'https://news.example.org/a' }).body_html));
console.log(
  `  ${'nested markup'.padEnd(20)} ${String(NESTED.length).padStart(7)} chars  extractArticle + cleanBody ${nested.toFixed(1)} ms`,
);
/** A page of the outlet's own posts' shape (an attribution after every link), read with the outlet's names. */
const POSTS = `<html><head><meta property="og:site_name" content="Example"></head><body><article><p>${PROSE}</p><p>${fill('Headline https://t.co/abc — Example (@Example_org) ')}May 10, 2017</p><p>${PROSE}</p></article></body></html>`;
const posts = ms(() => cleanBody(extractArticle(POSTS, { url: 'https://www.example.org/news/a' }).body_html));
const prosePage = ms(() =>
  cleanBody(
    extractArticle(`<html><body><article><p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p></article></body></html>`, {
      url: 'https://www.example.org/news/a',
    }).body_html,
  ),
);
console.log(
  `  ${"outlet's posts".padEnd(20)} ${String(POSTS.length).padStart(7)} chars  extractArticle + cleanBody ${posts.toFixed(1)} ms (prose page ${prosePage.toFixed(1)} ms)`,
);
