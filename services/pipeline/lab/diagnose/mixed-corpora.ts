/**
 * Listed trends of the in-process `make demo` (demoTrends' build, as the demo quality test) whose
 * members come from both corpora (UCI headlines and Giveme5W1H pages), with each trend's gold stories,
 * to read whether each is one story; and the list's figures (story-figures.ts' listQuality) and how
 * many listed trends /v1/trends/recent's default window and detection's reading window hold.
 * Run: node --import tsx services/pipeline/lab/diagnose/mixed-corpora.ts [--giveme-gap <days> | --uci-back <days>]
 * --giveme-gap moves the Giveme5W1H block so its newest page is that many days before UCI's oldest
 * headline; --uci-back moves the UCI block instead, so its newest headline is that many days before now.
 */
import '@trendscope/core/require-project-node';
import { isListed, DEFAULT_RECENT_HOURS } from '@trendscope/core';
import { demoArticles, detectedTrends } from '../evaluate/trends/demo-trends';
import { listQuality } from './story-figures';
import { DEFAULT_CLUSTER_OPTIONS } from '../../src/detect/cluster';
import { atMost, oneNumber, readCommandLine } from '../command-line';

const DAY = 86_400_000;
const now = new Date('2026-11-23T12:00:00Z');
const { givemeGap, uciBack } = readCommandLine(
  'mixed-corpora.ts [--giveme-gap <days> | --uci-back <days>]',
  { 'giveme-gap': { type: 'string' }, 'uci-back': { type: 'string' } },
  ({ values, positionals }) => {
    atMost(0, positionals);
    if (values['giveme-gap'] !== undefined && values['uci-back'] !== undefined)
      throw new Error('--giveme-gap and --uci-back: one at most');
    return {
      givemeGap: values['giveme-gap'] === undefined ? undefined : oneNumber(values['giveme-gap']),
      uciBack: values['uci-back'] === undefined ? undefined : oneNumber(values['uci-back']),
    };
  },
);
const { articles, gold, uciRows } = demoArticles(now);
const isUci = (id: string) => id.startsWith('uci-');
let input = articles;
if (givemeGap !== undefined) {
  const uciOldest = Math.min(...articles.filter((a) => isUci(a.id)).map((a) => a.time));
  const givemeNewest = Math.max(...articles.filter((a) => !isUci(a.id)).map((a) => a.time));
  const move = Math.floor((uciOldest - givemeGap * DAY - givemeNewest) / DAY) * DAY;
  input = articles.map((a) => (isUci(a.id) ? a : { ...a, time: a.time + move }));
} else if (uciBack !== undefined) {
  input = articles.map((a) => (isUci(a.id) ? { ...a, time: a.time - uciBack * DAY } : a));
}
const trends = await detectedTrends(input, gold, uciRows, now);
const listed = trends.filter((d) => isListed(d.trend));
const since = now.getTime() - DEFAULT_RECENT_HOURS * 3_600_000;
const inWindow = listed.filter((d) => Date.parse(d.trend.last_seen) >= since);
const corpus = (g: string) => g.split(':')[0];
const mixed = listed.filter((d) => new Set(d.gold.map(corpus)).size > 1);
console.log(
  `listed ${listed.length}  in the default window ${inWindow.length} (uci-only ${inWindow.filter((d) => d.gold.every((g) => g.startsWith('uci:'))).length}, giveme-only ${inWindow.filter((d) => d.gold.every((g) => g.startsWith('giveme:'))).length})  mixed ${mixed.length}`,
);
const { uci: q, read: r } = listQuality(trends);
console.log(
  `duplicate topics ${q.duplicateTopics.length}  gold stories leading 2+ ${q.goldRepeats.length}  fidelity ${q.fidelity.toFixed(3)}  ` +
    `artifacts ${q.artifacts.length}  off-story summaries ${q.offStorySummaries.length} (corrected ${r.offStorySummaries.length})  ` +
    `corrected: leading 2+ ${r.goldRepeats.length}  fidelity ${r.fidelity.toFixed(3)}  no majority ${q.noMajorityStory.length} (${r.noMajorityStory.length})`,
);
// A detection run reads only reports of its last windowHours (run-detect.ts, detectSettings).
const readFrom = now.getTime() - DEFAULT_CLUSTER_OPTIONS.windowHours * 3_600_000;
console.log(
  `listed with last_seen inside detection's reading window ${listed.filter((d) => Date.parse(d.trend.last_seen) >= readFrom).length}`,
);
for (const n of r.noMajorityStory)
  console.log(`no-majority (corrected) ${n.size} ${(n.share * 100).toFixed(0)}%  ${n.topic}`);
for (const d of mixed) {
  console.log(`\n== ${d.trend.topic}  (${d.trend.article_count} articles, last_seen ${d.trend.last_seen})`);
  console.log(`   summary: ${(d.trend.summary ?? '').slice(0, 200)}`);
  const counts = new Map<string, number>();
  for (const g of d.gold) counts.set(g, (counts.get(g) ?? 0) + 1);
  for (const [g, n] of [...counts].sort((a, b) => b[1] - a[1])) {
    const i = d.gold.indexOf(g);
    console.log(`   ${String(n).padStart(3)} ${g}  e.g. ${d.titles[i]}`);
  }
}
