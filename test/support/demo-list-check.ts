/**
 * Reads the first 50 trends of a running API's /v1/trends/recent after `make demo` and tells, from
 * the corpora's gold labels (each trend's citations looked up by URL), which repeat a gold story
 * or event listed above them.
 * Run: node --import tsx test/support/demo-list-check.ts [API base URL, default http://127.0.0.1:8080]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadGiveme } from '@trendscope/pipeline/scripts/corpus/giveme.corpus';
import { loadUci } from '@trendscope/pipeline/scripts/corpus/uci.corpus';
import { DEMO_UCI_ROWS } from './demo-trends';

type Summary = { id: string; topic: string; article_count: number; source_count: number };
const api = process.argv[2] ?? 'http://127.0.0.1:8080';
/** A URL without scheme, `www.` and trailing slash, its host case-folded (paths are case-sensitive). */
const key = (url: string): string =>
  url.replace(/^https?:\/\/(?:www\.)?([^/]*)/i, (_, host: string) => host.toLowerCase()).replace(/\/$/, '');
const gold = new Map<string, string>();
for (const r of loadUci().slice(0, DEMO_UCI_ROWS)) gold.set(key(r.url), `uci:${r.story}`);
for (const r of loadGiveme()) gold.set(key(r.url), `giveme:${r.event_id}`);

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${api}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

const page = await get<{ trends: Summary[]; total: number }>('/v1/trends/recent?limit=50');
const firstAt = new Map<string, number>();
let repeats = 0;
for (const [i, t] of page.trends.entries()) {
  const detail = await get<{ citations: { url: string }[] }>(`/v1/trends/${t.id}`);
  const counts = new Map<string, number>();
  for (const c of detail.citations) {
    const g = gold.get(key(c.url));
    if (g) counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  const story = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '(no gold)';
  const first = firstAt.get(story);
  if (first === undefined) firstAt.set(story, i);
  else repeats++;
  const mark = first === undefined ? '       ' : `= #${String(first).padEnd(3)}`;
  process.stdout.write(
    `${String(i).padStart(2)} ${mark} ${String(t.source_count).padStart(4)} publishers  ${story.padEnd(40)} ${t.topic}\n`,
  );
}
process.stdout.write(`listed ${page.total}; first 50: ${repeats} repeat a gold story listed above them\n`);
