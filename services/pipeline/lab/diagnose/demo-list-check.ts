/**
 * Reads the first 50 trends of a running API's /v1/trends/recent after `make demo` and tells, from
 * the corpora's gold labels (each trend's citations looked up by URL), which repeat a gold story
 * or event listed above them.
 * With --all it reads every page of the list and prints the whole-list figures instead: duplicate
 * topic strings and gold stories that lead two listed trends, then story-quality.ts over the served
 * trends (their citations standing for their members): gold stories leading two, topic fidelity and
 * artifacts against UCI's labels and against labels corrected by reading (corrected-gold.ts), with
 * each trend's velocity checked against its served numbers, the top of page 1 and the top 20 by impact;
 * and the listed trends no gold story holds a majority of.
 * Run: [TRENDSCOPE_API_KEY=...] node --import tsx services/pipeline/lab/diagnose/demo-list-check.ts [API base URL, default http://127.0.0.1:8080] [--all]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadGiveme } from '../corpus/giveme.corpus';
import { loadUci } from '../corpus/uci.corpus';
import type { TrendDetailResponse, TrendDoc } from '@trendscope/core';
import { velocityContradictions } from '../metrics/velocity-check';
import { DEMO_UCI_ROWS, type DemoTrend } from '../evaluate/trends/demo-trends';
import { articleLabeller } from '../metrics/corrected-gold';
import { NO_GOLD, storyQuality } from '../metrics/story-quality';
import { atMost, readCommandLine } from '../command-line';
import { listedTrends, servedGet } from './served-api';
import { servedUrlKey } from './served-url-key';

type Summary = { id: string; topic: string; summary: string; article_count: number; source_count: number };
/** The parts of a served trend detail read here. */
type Detail = Pick<
  TrendDetailResponse,
  'id' | 'topic' | 'velocity' | 'velocity_metrics' | 'business_impact_score' | 'category' | 'article_count'
> & { citations: { url: string; title: string; domain: string }[] };
const { values, positionals } = readCommandLine(
  'demo-list-check.ts [API base URL, default http://127.0.0.1:8080] [--all]',
  {
    all: { type: 'boolean', default: false },
  },
  (line) => ({ ...line, positionals: atMost(1, line.positionals) }),
);
const api = positionals[0] ?? 'http://127.0.0.1:8080';
const key = servedUrlKey;
const gold = new Map<string, string>();
/** The corpus article id of each URL (as the in-process lists name members), for stories read apart. */
const articleId = new Map<string, string>();
for (const r of loadUci().slice(0, DEMO_UCI_ROWS)) {
  gold.set(key(r.url), `uci:${r.story}`);
  articleId.set(key(r.url), `uci-${r.id}`);
}
for (const r of loadGiveme()) {
  gold.set(key(r.url), `giveme:${r.event_id}`);
  articleId.set(key(r.url), r.id);
}

const get = <T>(path: string): Promise<T> => servedGet<T>(api, path);

if (values.all) {
  const all = await listedTrends<Summary>(api);
  const topics = new Map<string, number>();
  const leads = new Map<string, string[]>();
  const served: DemoTrend[] = [];
  const details: Detail[] = [];
  for (const t of all) {
    const folded = t.topic
      .toLowerCase()
      .replace(/['’`´]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    topics.set(folded, (topics.get(folded) ?? 0) + 1);
    const detail = await get<Detail>(`/v1/trends/${t.id}`);
    details.push(detail);
    const story = majorityStory(detail.citations.map((c) => c.url));
    leads.set(story, [...(leads.get(story) ?? []), t.topic]);
    served.push({
      trend: t as unknown as TrendDoc,
      titles: detail.citations.map((c) => c.title),
      domains: detail.citations.map((c) => c.domain),
      gold: detail.citations.map((c) => gold.get(key(c.url)) ?? NO_GOLD),
      ids: detail.citations.map((c) => articleId.get(key(c.url)) ?? ''),
    });
  }
  // What a reader sees beside the topics: velocity classes against their served numbers
  // (velocity-check.ts, written apart from detect), the top of page 1 and the top 20 by impact.
  const contradictions = details.flatMap(velocityContradictions);
  for (const c of contradictions) process.stdout.write(`velocity  ${c}\n`);
  const line = (d: Detail): string =>
    `${String(d.business_impact_score).padStart(2)}  ${d.category.padEnd(13)} ${d.velocity.padEnd(12)} ` +
    `${String(d.article_count).padStart(4)} articles  cur ${d.velocity_metrics.current} prev ${d.velocity_metrics.previous} ` +
    `age ${Math.round(d.velocity_metrics.age_hours)} h  ${d.topic}\n`;
  process.stdout.write('page 1, first 10 (by last report):\n');
  for (const d of details.slice(0, 10)) process.stdout.write(`  ${line(d)}`);
  process.stdout.write('top 20 by business impact:\n');
  const byImpact = [...details].sort(
    (a, b) => b.business_impact_score - a.business_impact_score || b.article_count - a.article_count,
  );
  for (const d of byImpact.slice(0, 20)) process.stdout.write(`  ${line(d)}`);
  const byClass = new Map<string, number>();
  for (const d of details) byClass.set(d.velocity, (byClass.get(d.velocity) ?? 0) + 1);
  process.stdout.write(
    `velocity classes ${JSON.stringify(Object.fromEntries(byClass))}; contradictions ${contradictions.length}; ` +
      `emerging at 48 h+ ${details.filter((d) => d.velocity === 'emerging' && d.velocity_metrics.age_hours >= 48).length}\n`,
  );
  const dups = [...topics].filter(([, n]) => n > 1);
  const repeats = [...leads].filter(([g, list]) => g !== NO_GOLD && list.length > 1);
  for (const [topic, n] of dups) process.stdout.write(`dup x${n}  ${topic}\n`);
  for (const [g, list] of repeats) process.stdout.write(`gold ${g}  ${list.join(' | ')}\n`);
  process.stdout.write(
    `listed ${all.length}; duplicate topics ${dups.reduce((s, [, n]) => s + n - 1, 0)}; ` +
      `gold stories leading 2+ listed trends ${repeats.length}\n`,
  );
  const readLabel = articleLabeller();
  for (const [label, trends] of [
    ["UCI's labels", served],
    [
      'labels corrected by reading',
      served.map((d) => ({ ...d, gold: d.gold.map((g, i) => readLabel(d.ids?.[i], g)) })),
    ],
  ] as const) {
    const q = storyQuality(trends);
    for (const g of q.goldRepeats) process.stdout.write(`  ${label}: gold ${g.gold}  ${g.topics.join(' | ')}\n`);
    for (const u of q.unfaithful) process.stdout.write(`  ${label}: unfaithful  ${u.topic}  <-  ${u.best}\n`);
    for (const a of q.artifacts) process.stdout.write(`  ${label}: artifact ${a.kind}  ${a.text}\n`);
    for (const o of q.offStorySummaries)
      process.stdout.write(`  ${label}: off-story summary  ${o.topic}  ||  ${o.summary}\n`);
    for (const n of q.noMajorityStory) {
      process.stdout.write(`  ${label}: no majority story ${n.size} ${(n.share * 100).toFixed(0)}%  ${n.topic}\n`);
    }
    for (const m of q.mixed) {
      process.stdout.write(`  ${label}: mixed ${m.members}/${m.size} ${m.gold}  ${m.topic}  ||  ${m.headline}\n`);
    }
    process.stdout.write(
      `${label} (citations for members): gold stories leading 2+ ${q.goldRepeats.length}; ` +
        `topic fidelity ${q.fidelity.toFixed(3)}; artifacts ${q.artifacts.length}; ` +
        `off-story summaries ${q.offStorySummaries.length}; no majority story ${q.noMajorityStory.length}; ` +
        `mixed ${new Set(q.mixed.map((m) => m.topic)).size}\n`,
    );
  }
  process.exit(0);
}

/** The gold story most of a trend's cited URLs belong to. */
function majorityStory(urls: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const u of urls) {
    const g = gold.get(key(u));
    if (g) counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? NO_GOLD;
}

const page = await get<{ trends: Summary[]; total: number }>('/v1/trends/recent?limit=50');
const firstAt = new Map<string, number>();
let repeats = 0;
for (const [i, t] of page.trends.entries()) {
  const detail = await get<{ citations: { url: string }[] }>(`/v1/trends/${t.id}`);
  const story = majorityStory(detail.citations.map((c) => c.url));
  const first = firstAt.get(story);
  if (first === undefined) firstAt.set(story, i);
  else repeats++;
  const mark = first === undefined ? '       ' : `= #${String(first).padEnd(3)}`;
  process.stdout.write(
    `${String(i).padStart(2)} ${mark} ${String(t.source_count).padStart(4)} publishers  ${story.padEnd(40)} ${t.topic}\n`,
  );
}
process.stdout.write(`listed ${page.total}; first 50: ${repeats} repeat a gold story listed above them\n`);
