/**
 * The texts whose event kinds a work's title changes (work-titles.ts): every rated story's headlines
 * and lead, the tuning UCI slices' headlines (April 1-15, rows 0-20,000, grouped by UCI story) and
 * the demo's articles (grouped by gold story), each text with the kinds its title words no longer
 * give and the phrases that gave them; then the count of changed texts per set.
 * Rated headlines are read without the set's "(Publisher)" suffix, as the fit reads them.
 * Run: node --import tsx services/pipeline/lab/diagnose/title-kinds.ts [-q]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventKinds } from '../../src/detect/event-kinds';
import { storyTitleSpans } from '../../src/detect/work-titles';
import { withoutPublisher } from '../corpus/rated-stories';
import { uciSlice } from '../corpus/detect-articles';
import { demoArticles } from '../evaluate/trends/demo-trends';
import { atMost, readCommandLine } from '../command-line';

const { values } = readCommandLine(
  'title-kinds.ts [-q]',
  { quiet: { type: 'boolean', short: 'q', default: false } },
  (line) => (atMost(0, line.positionals), line),
);

const STORIES = fileURLToPath(new URL('../../data/impact-ratings/stories.jsonl', import.meta.url));
const groups: { set: string; texts: string[] }[] = [];
for (const line of readFileSync(STORIES, 'utf8').split('\n').filter(Boolean)) {
  const s = JSON.parse(line) as { headlines: string[]; lead?: string };
  // The headlines as the fit reads them (rated-stories.ts): the set's "(Publisher)" suffix is no headline's word.
  groups.push({ set: 'rated', texts: [...s.headlines.map(withoutPublisher), s.lead ?? ''].filter(Boolean) });
}
for (const offset of [0, 10_000]) {
  const byStory = new Map<string, string[]>();
  for (const r of uciSlice('newsCorpora.2014-04-01-15.tsv.gz', offset, 10_000)) {
    const list = byStory.get(r.story) ?? [];
    byStory.set(r.story, [...list, r.title]);
  }
  for (const texts of byStory.values()) groups.push({ set: `uci-apr-${offset / 1000}k`, texts });
}
const demo = demoArticles(new Date('2026-11-23T12:00:00Z'));
const byGold = new Map<string, string[]>();
for (const a of demo.articles) {
  const g = demo.gold.get(a.id) ?? a.id;
  byGold.set(g, [...(byGold.get(g) ?? []), a.title]);
}
for (const texts of byGold.values()) groups.push({ set: 'demo', texts });

const changed: Record<string, number> = {};
const read: Record<string, number> = {};
for (const g of groups) {
  const texts = [...new Set(g.texts)];
  const spans = storyTitleSpans(texts);
  for (const [i, t] of texts.entries()) {
    read[g.set] = (read[g.set] ?? 0) + 1;
    const before = eventKinds(t);
    const after = eventKinds(t, spans[i]);
    const lost = Object.keys(before).filter((k) => !(k in after)) as (keyof typeof before)[];
    if (lost.length === 0) continue;
    changed[g.set] = (changed[g.set] ?? 0) + 1;
    if (!values.quiet)
      process.stdout.write(`${g.set}\t${lost.map((k) => `${k}:${before[k]!.join('|')}`).join(' ')}\t${t}\n`);
  }
}
for (const set of Object.keys(read))
  process.stdout.write(`${set}: ${changed[set] ?? 0} of ${read[set]} texts change kind\n`);
