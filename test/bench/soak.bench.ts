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
 * SOAK_CLUSTER='{"mergeSettleMinutes":30}' (JSON) runs every detection and the clustering alone with
 * those clustering options over the defaults.
 * SOAK_SCALE=30 replays every row 30 times (copy k k seconds later, its own URL): 30x the volume.
 * SOAK_NODE_FLAGS='--max-old-space-size=320' runs each soak run's process (not the batch side's) with those Node flags.
 * SOAK_DAYS limits the simulated days (0: all). SOAK_KEEP=1 keeps the indices (soak-score.ts scores them).
 * Run: BENCH=soak make bench, or node --import tsx test/bench/soak.bench.ts with OPENSEARCH_URL/REDIS_URL
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { randomBytes } from 'node:crypto';
import { createOpenSearchClient, indexNames, migrateIndices } from '@trendscope/core';
import { loadUci } from '@trendscope/pipeline/lab/corpus/uci.corpus';
import { BENCH_OPENSEARCH_URL } from './bench-services';
import { printSoakQuality } from './soak-quality';
import {
  ingest,
  keepsSoakIndices,
  reportsOf,
  SOAK_RUN_FLAGS,
  spawnRun,
  type Report,
  type RunFigures,
} from './soak-reports';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const INTERVAL = Number(process.env.SOAK_INTERVAL_HOURS ?? 12) * HOUR;
const DAYS = Number(process.env.SOAK_DAYS ?? 0);
const SCALE = Math.max(1, Math.floor(Number(process.env.SOAK_SCALE ?? 1)));

const rows = loadUci().sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
const day0 = Math.floor(rows[0]!.timestamp / DAY) * DAY;
const lastTime = rows[rows.length - 1]!.timestamp + SCALE * 1000;
const end = DAYS > 0 ? Math.min(day0 + DAYS * DAY, lastTime + INTERVAL) : lastTime + INTERVAL;
// Only the rows the simulated days reach are built (at 30x the whole month is 3.6 million documents).
const reports = rows
  .filter((r) => r.timestamp <= end)
  .flatMap((r) => reportsOf(r, SCALE))
  .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
const prefix = `soak-${randomBytes(3).toString('hex')}`;
const names = indexNames(prefix);
const client = createOpenSearchClient({ url: BENCH_OPENSEARCH_URL, requestTimeoutMs: 300_000, maxRetries: 2 });
await migrateIndices(client, names);

process.stdout.write(
  `soak bench: UCI x${SCALE} (${reports.length} reports), detection every ${INTERVAL / HOUR} simulated h, ` +
    `one process per run${SOAK_RUN_FLAGS.length > 0 ? ` (node ${SOAK_RUN_FLAGS.join(' ')})` : ''}\n` +
    `  day  now               new  passes  assigned  articles read (lean)  trends read (states, whole)  written  CPU ms  wall ms  peak RSS MB  heap MB  ingest ms  per step: heap / peak RSS so far (MB)\n`,
);
const runs: (RunFigures & { day: number })[] = [];
const started = performance.now();
let next = 0;
let lastRun = new Date(day0);
// Seeding time (bulk ingest of each interval's reports), so it can be told apart from detection's.
let ingestTotal = 0;
try {
  for (let t = day0 + INTERVAL; t <= end; t += INTERVAL) {
    const batch: Report[] = [];
    while (next < reports.length && reports[next]!.time <= t) batch.push(reports[next++]!);
    const ingestStarted = performance.now();
    await ingest(client, names.articles, batch);
    const ingestMs = performance.now() - ingestStarted;
    ingestTotal += ingestMs;
    const now = new Date(t);
    lastRun = now;
    const day = Math.floor((t - 1 - day0) / DAY) + 1;
    const r = { ...spawnRun(prefix, now, {}, SOAK_RUN_FLAGS), day };
    runs.push(r);
    process.stdout.write(
      `  ${String(day).padStart(3)}  ${now.toISOString().slice(0, 16)}  ${String(r.articles_considered).padStart(5)}  ` +
        `${String(r.passes ?? 1).padStart(6)}  ${String(r.articles_assigned).padStart(8)}  ${`${r.articles_read} (${r.articles_read_lean})`.padStart(20)}  ` +
        `${`${r.trends_read} (${r.trend_states_read ?? '-'}, ${r.trend_docs_read ?? '-'})`.padStart(27)}  ${String(r.trends_written).padStart(7)}  ` +
        `${r.cpu_ms.toFixed(0).padStart(6)}  ${r.wall_ms.toFixed(0).padStart(7)}  ` +
        `${r.peak_rss_mb.toFixed(0).padStart(11)}  ${r.heap_used_mb.toFixed(0).padStart(7)}  ${ingestMs.toFixed(0).padStart(9)}  ${phaseFigures(r)}\n`,
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
      `simulated days: ${(next / cpuTotal).toFixed(1)} reports per CPU second; bench wall ${((performance.now() - started) / 1000).toFixed(0)} s, ` +
      `of it seeding ${(ingestTotal / 1000).toFixed(0)} s\n`,
  );

  // Quality: the soak's trends beside one detection run over the same rows and the clustering alone.
  await printSoakQuality(
    client,
    [{ name: 'soak', articles: names.articles }],
    reports.slice(0, next),
    lastRun,
    `${prefix}-batch`,
  );
} finally {
  if (!keepsSoakIndices())
    await client.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all' }).catch(() => undefined);
  await client.close();
}

/** Heap in use / peak RSS so far at the end of each step of a run's last pass, e.g. `load 96/280 cluster ...`. */
function phaseFigures(r: RunFigures): string {
  return Object.entries(r.phases ?? {})
    .map(([phase, [heap, rss]]) => `${phase} ${heap.toFixed(0)}/${rss.toFixed(0)}`)
    .join(' ');
}
