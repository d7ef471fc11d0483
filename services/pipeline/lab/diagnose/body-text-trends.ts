/**
 * What an extraction change does to the demo's list, apart from a demo run's own variation: the
 * in-process demo list (evaluate/trends/demo-trends.ts: the 419 Giveme5W1H articles and 12,000 UCI
 * headlines, detection's production code) with each Giveme5W1H article's text replaced by the body
 * the pipeline stores for its page (a served-bodies.ts --offline --dump file, URL -> body; a page
 * without a retained body clusters on its description alone, as a stored article does), then the
 * whole-list figures of story-quality.ts against UCI's labels and against the labels corrected by
 * reading. Without --bodies, the corpus' own texts (the demo-trends quality test's list).
 * Run: node --import tsx services/pipeline/lab/diagnose/body-text-trends.ts [--bodies FILE]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import { isListed } from '@trendscope/core';
import type { DetectArticle } from '../../src/detect/cluster';
import { shiftOffset } from '../../src/feed-server/shift-to-now';
import { atMost, readCommandLine } from '../command-line';
import { givemeDetectArticles, uciDetectArticles } from '../corpus/detect-articles';
import { loadGiveme } from '../corpus/giveme.corpus';
import { loadUci } from '../corpus/uci.corpus';
import { DEMO_UCI_ROWS, detectedTrends, storyRepeats, type DemoTrend } from '../evaluate/trends/demo-trends';
import { articleLabeller } from '../metrics/corrected-gold';
import { storyQuality } from '../metrics/story-quality';
import { servedUrlKey } from './served-url-key';

const { bodies } = readCommandLine(
  'body-text-trends.ts [--bodies FILE]',
  { bodies: { type: 'string' } },
  ({ values, positionals }) => (atMost(0, positionals), { bodies: values.bodies }),
);

const now = new Date('2026-11-23T12:00:00Z');
const stored = bodies
  ? new Map(
      Object.entries(JSON.parse(readFileSync(bodies, 'utf8')) as Record<string, string>).map(([url, body]) => [
        servedUrlKey(url),
        body,
      ]),
    )
  : null;
const records = loadGiveme().map((r) => (stored ? { ...r, text: stored.get(servedUrlKey(r.url)) ?? '' } : r));
const giveme = givemeDetectArticles(records);
const uciRows = loadUci().slice(0, DEMO_UCI_ROWS);
const uci = uciDetectArticles(uciRows);
/** Each corpus shifted so its newest article is `now`, as `replay --shift-to-now` does. */
const shift = (articles: DetectArticle[]): DetectArticle[] => {
  const offset = shiftOffset(
    articles.map((a) => a.time),
    now.getTime(),
  );
  return articles.map((a) => ({ ...a, time: a.time + offset }));
};
const gold = new Map([...giveme.gold].map(([id, g]) => [id, `giveme:${g}`]));
for (const [id, g] of uci.gold) gold.set(id, `uci:${g}`);
const trends = await detectedTrends([...shift(giveme.articles), ...shift(uci.articles)], gold, uciRows, now);

const readLabel = articleLabeller();
const read = (list: readonly DemoTrend[]): DemoTrend[] =>
  list.map((d) => ({ ...d, gold: d.gold.map((g, i) => readLabel(d.ids?.[i], g)) }));
process.stdout.write(`${bodies ? `Giveme5W1H texts from ${bodies}` : "the corpus' own texts"}\n`);
for (const [labels, list] of [
  ["UCI's labels", trends],
  ['labels corrected by reading', read(trends)],
] as const) {
  const q = storyQuality(list);
  process.stdout.write(
    `${labels}: listed ${q.listed}; duplicate topics ${q.duplicateTopics.length}; gold stories leading 2+ ${q.goldRepeats.length}; ` +
      `topic fidelity ${q.fidelity.toFixed(3)}; artifacts ${q.artifacts.length}; off-story summaries ${q.offStorySummaries.length}; repeats in the first 50 ${
        storyRepeats(
          list.filter((d) => isListed(d.trend)),
          50,
        ).length
      }\n`,
  );
  for (const u of q.unfaithful) process.stdout.write(`  unfaithful  ${JSON.stringify(u)}\n`);
}
