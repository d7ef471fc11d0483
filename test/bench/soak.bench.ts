/**
 * Detection soak: the UCI month (2014-03-10..04-15, 120,186 headlines) replayed in simulated time
 * into a private index set, with a detection run every SOAK_INTERVAL_HOURS simulated hours (12 by
 * default, 1 as the scheduler would) over the articles "fetched" so far, each run a process of its
 * own (soak-run.ts). Prints per run the new reports, the documents read, the trends written, CPU
 * time and peak RSS; per simulated day the totals; the last day's CPU against the third day's and
 * the peak RSS spread; at the end B-cubed precision, recall and F1 of the soak's trends beside one
 * detection run over the same rows at the last run's clock (the same code path, story rejoin
 * included, into indices of its own) and beside the clustering alone (clusterArticles, recurring
 * columns left out as runDetect does), each against UCI's raw labels and against the labels
 * corrected by reading (lab/metrics/corrected-gold.ts), with how much of the rows the readings cover.
 * SOAK_REJOIN=off runs every detection (soak and batch) without the story rejoin.
 * SOAK_SCALE=30 replays every row 30 times (copy k k seconds later, its own URL): 30x the volume.
 * SOAK_DAYS limits the simulated days (0: all).
 * Run: BENCH=soak make bench, or node --import tsx test/bench/soak.bench.ts with OPENSEARCH_URL/REDIS_URL
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import {
  createOpenSearchClient,
  indexNames,
  migrateIndices,
  type ArticleDoc,
  type OpenSearchClient,
} from '@trendscope/core';
import { clusterArticles } from '@trendscope/pipeline/detect/cluster';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { recurringColumnIds } from '@trendscope/pipeline/detect/recurring-column';
import { bcubed, type BCubed } from '@trendscope/pipeline/lab/metrics/bcubed';
import { correctedGold, loadReadings, READING_FILES } from '@trendscope/pipeline/lab/metrics/corrected-gold';
import { loadUci, type UciRow } from '@trendscope/pipeline/lab/corpus/uci.corpus';
import { corpusArticleDoc } from '../support/corpus-article-doc';
import { BENCH_OPENSEARCH_URL } from './bench-services';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const INTERVAL = Number(process.env.SOAK_INTERVAL_HOURS ?? 12) * HOUR;
const DAYS = Number(process.env.SOAK_DAYS ?? 0);
const SCALE = Math.max(1, Math.floor(Number(process.env.SOAK_SCALE ?? 1)));
const BATCH = 2000;
const RUNNER = resolve(import.meta.dirname, 'soak-run.ts');

/** One replayed report: its document, its gold story and its time. */
interface Report {
  id: string;
  doc: ArticleDoc;
  story: string;
  time: number;
}

/** What one detection run printed (soak-run.ts). */
interface RunFigures {
  cpu_ms: number;
  wall_ms: number;
  peak_rss_mb: number;
  heap_used_mb: number;
  articles_read: number;
  /** Of articles_read, those read with a few fields only (domain quality's read). */
  articles_read_lean: number;
  trends_read: number;
  articles_considered: number;
  articles_assigned: number;
  trends_written: number;
  trends_merged: number;
}

/** The stored article of a UCI row as the index stage would write it (title only: the set has no text). */
function reportsOf(r: UciRow): Report[] {
  return Array.from({ length: SCALE }, (_, k) => {
    const time = r.timestamp + k * 1000;
    const at = new Date(time).toISOString();
    const url = k === 0 ? r.url : `${r.url}${r.url.includes('?') ? '&' : '?'}soak-copy=${k}`;
    return {
      id: k === 0 ? `uci-${r.id}` : `uci-${r.id}-${k}`,
      story: r.story,
      time,
      doc: corpusArticleDoc({
        url,
        domain: r.hostname.replace(/^www\./, ''),
        publisher: r.publisher,
        author: null,
        published_date: at,
        fetched_at: at,
        fetch_method: 'feed',
        title: r.title,
        description: null,
        text: '',
      }),
    };
  });
}

async function ingest(client: OpenSearchClient, index: string, reports: readonly Report[]): Promise<void> {
  for (let i = 0; i < reports.length; i += BATCH) {
    const body = reports.slice(i, i + BATCH).flatMap((r) => [{ index: { _index: index, _id: r.id } }, r.doc]);
    const res = await client.bulk({ body, refresh: i + BATCH >= reports.length });
    if (res.body.errors) throw new Error(`soak: bulk into ${index} rejected documents`);
  }
}

/** article id -> trend id of every assigned stored article. */
async function storedAssignments(client: OpenSearchClient, index: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let after: (string | number)[] | undefined;
  for (;;) {
    const res = await client.search({
      index,
      body: {
        query: { exists: { field: 'trend_id' } },
        _source: ['trend_id'],
        sort: [{ canonical_url: 'asc' }],
        size: 5000,
        ...(after ? { search_after: after } : {}),
      },
    });
    const hits = res.body.hits.hits as unknown as {
      _id: string;
      _source: { trend_id: string };
      sort: (string | number)[];
    }[];
    for (const h of hits) out.set(h._id, h._source.trend_id);
    if (hits.length < 5000) return out;
    after = hits[hits.length - 1]!.sort;
  }
}

function spawnRun(prefix: string, now: Date, env: Record<string, string> = {}): RunFigures {
  const child = spawnSync(process.execPath, ['--import', 'tsx', RUNNER, prefix, now.toISOString()], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 24,
  });
  if (child.status !== 0) throw new Error(`soak: run at ${now.toISOString()} failed:\n${child.stderr}`);
  const line = child.stdout.trim().split('\n').pop()!;
  return JSON.parse(line) as RunFigures;
}

const rows = loadUci().sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
const day0 = Math.floor(rows[0]!.timestamp / DAY) * DAY;
const lastTime = rows[rows.length - 1]!.timestamp + SCALE * 1000;
const end = DAYS > 0 ? Math.min(day0 + DAYS * DAY, lastTime + INTERVAL) : lastTime + INTERVAL;
// Only the rows the simulated days reach are built (at 30x the whole month is 3.6 million documents).
const reports = rows
  .filter((r) => r.timestamp <= end)
  .flatMap(reportsOf)
  .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
const prefix = `soak-${randomBytes(3).toString('hex')}`;
const names = indexNames(prefix);
const client = createOpenSearchClient({ url: BENCH_OPENSEARCH_URL, requestTimeoutMs: 300_000, maxRetries: 2 });
await migrateIndices(client, names);

process.stdout.write(
  `soak bench: UCI x${SCALE} (${reports.length} reports), detection every ${INTERVAL / HOUR} simulated h, ` +
    `one process per run\n` +
    `  day  now               new  assigned  articles read (lean)  trends read  written  CPU ms  wall ms  peak RSS MB  heap MB\n`,
);
const runs: (RunFigures & { day: number })[] = [];
const started = performance.now();
let next = 0;
let lastRun = new Date(day0);
try {
  for (let t = day0 + INTERVAL; t <= end; t += INTERVAL) {
    const batch: Report[] = [];
    while (next < reports.length && reports[next]!.time <= t) batch.push(reports[next++]!);
    await ingest(client, names.articles, batch);
    const now = new Date(t);
    lastRun = now;
    const day = Math.floor((t - 1 - day0) / DAY) + 1;
    const r = { ...spawnRun(prefix, now), day };
    runs.push(r);
    process.stdout.write(
      `  ${String(day).padStart(3)}  ${now.toISOString().slice(0, 16)}  ${String(r.articles_considered).padStart(5)}  ` +
        `${String(r.articles_assigned).padStart(8)}  ${`${r.articles_read} (${r.articles_read_lean})`.padStart(20)}  ` +
        `${String(r.trends_read).padStart(11)}  ${String(r.trends_written).padStart(7)}  ` +
        `${r.cpu_ms.toFixed(0).padStart(6)}  ${r.wall_ms.toFixed(0).padStart(7)}  ` +
        `${r.peak_rss_mb.toFixed(0).padStart(11)}  ${r.heap_used_mb.toFixed(0).padStart(7)}\n`,
    );
  }

  // Per simulated day: the done-when compares the last day's cost with the third day's.
  const days = new Map<number, { reports: number; cpu: number; rss: number }>();
  for (const r of runs) {
    const d = days.get(r.day) ?? { reports: 0, cpu: 0, rss: 0 };
    days.set(r.day, {
      reports: d.reports + r.articles_considered,
      cpu: d.cpu + r.cpu_ms,
      rss: Math.max(d.rss, r.peak_rss_mb),
    });
  }
  const dayList = [...days].sort((a, b) => a[0] - b[0]);
  const third = days.get(3);
  const [lastDay, last] = dayList[dayList.length - 1]!;
  const perReport = (d: { reports: number; cpu: number }): number => d.cpu / Math.max(1, d.reports);
  process.stdout.write(
    `  per day (new reports, CPU s, CPU ms per new report, peak RSS MB):\n` +
      dayList
        .map(
          ([d, v]) =>
            `    day ${d}: ${v.reports}, ${(v.cpu / 1000).toFixed(1)}, ${perReport(v).toFixed(2)}, ${v.rss.toFixed(0)}`,
        )
        .join('\n') +
      '\n',
  );
  if (third) {
    process.stdout.write(
      `  last day (${lastDay}) against day 3: CPU x${(last.cpu / third.cpu).toFixed(2)} for ` +
        `x${(last.reports / Math.max(1, third.reports)).toFixed(2)} new reports; CPU per new report ` +
        `x${(perReport(last) / perReport(third)).toFixed(2)} (target <= x1.3)\n`,
    );
  }
  const rss = runs.map((r) => r.peak_rss_mb);
  const earlyRss = Math.max(...runs.filter((r) => r.day <= 3).map((r) => r.peak_rss_mb));
  process.stdout.write(
    `  peak RSS: ${Math.min(...rss).toFixed(0)}..${Math.max(...rss).toFixed(0)} MB; month max / max of days 1-3 ` +
      `x${(Math.max(...rss) / earlyRss).toFixed(2)} (target <= x1.2)\n`,
  );
  const cpuTotal = runs.reduce((s, r) => s + r.cpu_ms, 0) / 1000;
  const simulated = (runs.length * INTERVAL) / 1000;
  process.stdout.write(
    `  ${runs.length} runs, ${next} reports, detection CPU ${cpuTotal.toFixed(0)} s for ${(simulated / 86_400).toFixed(1)} ` +
      `simulated days: ${(next / cpuTotal).toFixed(1)} reports per CPU second; bench wall ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );

  // Quality: the soak's trends beside one detection run over the same rows (same code path, its
  // own indices, no new-report cap) and beside the clustering alone.
  const seen = reports.slice(0, next);
  const gold = new Map(seen.map((r) => [r.id, r.story]));
  const soak = await storedAssignments(client, names.articles);
  const batchNames = indexNames(`${prefix}-batch`);
  await migrateIndices(client, batchNames);
  await ingest(client, batchNames.articles, seen);
  const batchRun = spawnRun(`${prefix}-batch`, lastRun, { PIPELINE_DETECT_MAX_NEW_REPORTS: '1000000' });
  process.stdout.write(
    `  batch detection run at ${lastRun.toISOString().slice(0, 16)}: ${batchRun.articles_considered} new, ` +
      `${batchRun.articles_assigned} assigned, ${batchRun.trends_written} trends, CPU ${batchRun.cpu_ms.toFixed(0)} ms, ` +
      `peak RSS ${batchRun.peak_rss_mb.toFixed(0)} MB\n`,
  );
  const batch = await storedAssignments(client, batchNames.articles);
  const idf = backgroundIdf();
  const columns = recurringColumnIds(
    seen.map((r) => ({ id: r.id, title: r.doc.title, time: r.time, domain: r.doc.domain })),
  );
  const alone = clusterArticles(
    seen
      .filter((r) => !columns.has(r.id))
      .map((r) => ({ id: r.id, title: r.doc.title, text: '', time: r.time, entities: r.doc.entities ?? [] })),
    [],
    { now: lastRun, idf },
  ).assignments;
  // The readings cover the story pairs the rejoin's gates proposed on the slices read by hand.
  const readings = READING_FILES.flatMap(loadReadings);
  const stories = new Set(gold.values());
  const within = readings.filter((r) => stories.has(r.a) && stories.has(r.b));
  const correct = correctedGold(readings);
  const corrected = new Map([...gold].map(([id, g]) => [id, correct(g)]));
  process.stdout.write(
    `  corrected labels: ${within.length} of ${readings.length} read pairs have both stories among these rows ` +
      `(${within.filter((r) => r.oneStory).length} one story); ${stories.size} UCI stories become ` +
      `${new Set(corrected.values()).size}\n`,
  );
  const fmt = (b: BCubed): string => `P ${b.precision.toFixed(3)} R ${b.recall.toFixed(3)} F1 ${b.f1.toFixed(4)}`;
  const sides = [
    ['soak', soak],
    ['batch detection run', batch],
    ['batch clustering alone', alone],
  ] as const;
  const scores = sides.map(([, a]) => [bcubed(a, gold), bcubed(a, corrected)] as const);
  process.stdout.write(
    `  B-cubed over ${gold.size} reports (raw UCI labels | corrected by reading):\n` +
      sides.map(([name], k) => `    ${name.padEnd(23)} ${fmt(scores[k]![0])} | ${fmt(scores[k]![1])}\n`).join('') +
      `    soak - batch run: F1 ${(scores[0]![0].f1 - scores[1]![0].f1).toFixed(4)} raw, ` +
      `${(scores[0]![1].f1 - scores[1]![1].f1).toFixed(4)} corrected (target within 0.005); ` +
      `batch run - clustering alone: ${(scores[1]![0].f1 - scores[2]![0].f1).toFixed(4)} raw, ` +
      `${(scores[1]![1].f1 - scores[2]![1].f1).toFixed(4)} corrected\n`,
  );
} finally {
  if (!process.env.SOAK_KEEP)
    await client.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all' }).catch(() => undefined);
  await client.close();
}
