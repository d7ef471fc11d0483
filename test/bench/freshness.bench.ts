/**
 * `BENCH=freshness make bench`: how long an article takes from its fetch to its trend being served
 * by the API, under a continuous ingest. The feed server serves the UCI headlines as a live stream
 * (BENCH_FRESHNESS_RATE articles a second, each dated when it appears); the real scheduler and
 * worker processes discover it (every 10 s), fetch, process and index it, and run detection every
 * BENCH_FRESHNESS_DETECT_SECONDS; an API process (the response cache as shipped) serves it. A
 * poller reads, every second, which articles detection has assigned and asks the API for each of
 * their trends: an article is served once the API's trend detail counts at least the members its
 * trend had when the article was assigned. The stream runs BENCH_FRESHNESS_SECONDS; then the
 * poller waits for the last articles (at most two intervals and two minutes more). Prints p50, p95
 * and the maximum of fetch -> served, each detection run's duration, and the load average.
 * BENCH_FRESHNESS_DETECT_PROCESS=1 runs detection in a worker of its own, the other stages in another.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenSearchClient, indexNames, migrateIndices, type RunDoc } from '@trendscope/core';
import { startFeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import { freePort } from '../support/free-port';
import { BENCH_OPENSEARCH_URL, BENCH_REDIS_URL } from './bench-services';

const RATE = Number(process.env.BENCH_FRESHNESS_RATE ?? 12);
const SECONDS = Number(process.env.BENCH_FRESHNESS_SECONDS ?? 300);
const DETECT_SECONDS = Number(process.env.BENCH_FRESHNESS_DETECT_SECONDS ?? 60);
/** BENCH_FRESHNESS_DETECT_PROCESS=1: detection in a worker process of its own (PIPELINE_WORKER_QUEUES). */
const DETECT_PROCESS = process.env.BENCH_FRESHNESS_DETECT_PROCESS === '1';
const POLL_MS = 1000;
const PREFIX = `bench-fresh-${randomBytes(3).toString('hex')}`;

const opensearch = createOpenSearchClient({ url: BENCH_OPENSEARCH_URL, requestTimeoutMs: 60_000, maxRetries: 2 });
const names = indexNames(PREFIX);
const children: ChildProcess[] = [];

/** Starts a service entry point of the repository on the bench's prefixes. */
function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      OPENSEARCH_URL: BENCH_OPENSEARCH_URL,
      REDIS_URL: BENCH_REDIS_URL,
      OPENSEARCH_INDEX_PREFIX: PREFIX,
      REDIS_KEY_PREFIX: PREFIX,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
  });
  children.push(child);
  return child;
}

/** Where an article stands: fetched, then assigned (with its trend's member count then), then served. */
interface Tracked {
  fetchedAt: number;
  trendId: string | null;
  needed: number;
  servedAt: number | null;
}

/** Every article of the bench's index: its fetch time and trend (null before detection assigned it). */
async function readArticles(): Promise<{ id: string; fetchedAt: number; trendId: string | null }[]> {
  const out: { id: string; fetchedAt: number; trendId: string | null }[] = [];
  let after: (string | number)[] | undefined;
  for (;;) {
    const res = await opensearch.search({
      index: names.articles,
      body: {
        size: 5000,
        _source: ['fetched_at', 'trend_id'],
        sort: [{ fetched_at: 'asc' }, { canonical_url: 'asc' }],
        ...(after ? { search_after: after } : {}),
      },
    });
    const hits = res.body.hits.hits as unknown as {
      _id: string;
      _source: { fetched_at: string; trend_id: string | null };
      sort: (string | number)[];
    }[];
    for (const h of hits)
      out.push({ id: h._id, fetchedAt: Date.parse(h._source.fetched_at), trendId: h._source.trend_id ?? null });
    if (hits.length < 5000) return out;
    after = hits.at(-1)!.sort;
  }
}

/** The article count the API serves for a trend (null when it does not serve it yet). */
async function servedCount(api: string, trendId: string): Promise<number | null> {
  const res = await fetch(`${api}/v1/trends/${trendId}`).catch(() => null);
  if (!res || res.status !== 200) return null;
  return ((await res.json()) as { article_count: number }).article_count;
}

/** One poll: records new assignments, then asks the API about every trend with an unserved article. */
async function poll(api: string, tracked: Map<string, Tracked>): Promise<void> {
  const articles = await readArticles();
  const members = new Map<string, number>();
  for (const a of articles) if (a.trendId) members.set(a.trendId, (members.get(a.trendId) ?? 0) + 1);
  for (const a of articles) {
    const t = tracked.get(a.id) ?? { fetchedAt: a.fetchedAt, trendId: null, needed: 0, servedAt: null };
    tracked.set(a.id, t);
    // A merge moves an article to the surviving trend: what must be served is that trend.
    if (a.trendId && a.trendId !== t.trendId && t.servedAt === null) {
      t.trendId = a.trendId;
      t.needed = members.get(a.trendId)!;
    }
  }
  const waiting = new Map<string, Tracked[]>();
  for (const t of tracked.values())
    if (t.trendId && t.servedAt === null) waiting.set(t.trendId, [...(waiting.get(t.trendId) ?? []), t]);
  const trends = [...waiting.keys()];
  for (let i = 0; i < trends.length; i += 8) {
    await Promise.all(
      trends.slice(i, i + 8).map(async (id) => {
        const count = await servedCount(api, id);
        const now = Date.now();
        if (count === null) return;
        for (const t of waiting.get(id)!) if (count >= t.needed) t.servedAt = now;
      }),
    );
  }
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * Detection runs as the poller saw them: a run's document carries its clock (`started_at`) and is
 * written when the run ends, so the first poll that sees it dates the end (within a poll).
 */
async function seeRuns(seen: Map<string, { run: RunDoc; endedBy: number }>): Promise<void> {
  const res = await opensearch.search({
    index: names.runs,
    body: { size: 1000, query: { term: { kind: 'detect' } }, sort: [{ started_at: 'asc' }] },
  });
  const now = Date.now();
  for (const h of res.body.hits.hits) {
    const run = h._source as unknown as RunDoc;
    if (!seen.has(run.id)) seen.set(run.id, { run, endedBy: now });
  }
}

async function main(): Promise<void> {
  const loadAtStart = load();
  await migrateIndices(opensearch, names);
  const server = await startFeedServer({
    corpusDir: corpusDir('uci-news-aggregator'),
    limit: Math.ceil(RATE * SECONDS) + 1000,
    livePerSecond: RATE,
  });
  const dir = mkdtempSync(join(tmpdir(), 'trendscope-freshness-'));
  const sources = join(dir, 'sources.json');
  writeFileSync(
    sources,
    JSON.stringify({ sources: [{ id: 'live', name: 'live stream', feed_url: server.feedUrls[0] }] }),
  );
  const pipelineEnv = {
    PIPELINE_SOURCES_FILE: sources,
    PIPELINE_ALLOW_HOSTS: server.hostPort,
    PIPELINE_DOMAIN_DELAY_MS: '0',
    PIPELINE_DISCOVER_INTERVAL_SECONDS: '10',
    PIPELINE_DETECT_INTERVAL_SECONDS: String(DETECT_SECONDS),
    PIPELINE_SNAPSHOT_INTERVAL_SECONDS: '0',
    PIPELINE_METRICS_PORT: '0',
    OPENSEARCH_MIGRATE_ON_START: 'false',
  };
  const apiPort = await freePort();
  const api = `http://127.0.0.1:${apiPort}`;
  const tracked = new Map<string, Tracked>();
  const runs = new Map<string, { run: RunDoc; endedBy: number }>();
  const started = Date.now();
  try {
    if (!DETECT_PROCESS) startProcess('services/pipeline/src/worker.main.ts', pipelineEnv);
    else {
      startProcess('services/pipeline/src/worker.main.ts', { ...pipelineEnv, PIPELINE_WORKER_QUEUES: 'detect' });
      startProcess('services/pipeline/src/worker.main.ts', {
        ...pipelineEnv,
        PIPELINE_WORKER_QUEUES: 'discover,fetch,process,index,snapshot,retention',
      });
    }
    startProcess('services/pipeline/src/scheduler.main.ts', pipelineEnv);
    startProcess('services/api/src/main.ts', { API_PORT: String(apiPort), API_METRICS_PORT: '0' });
    process.stdout.write(
      `freshness: ${RATE} articles/s live (${Math.round(RATE * 86_400).toLocaleString('en')} a day) for ${SECONDS} s, ` +
        `detection every ${DETECT_SECONDS} s${DETECT_PROCESS ? ' in a worker process of its own' : ''}, discovery every 10 s; load average at start ${loadAtStart}\n`,
    );
    const streamEnds = started + SECONDS * 1000;
    const deadline = streamEnds + 2 * DETECT_SECONDS * 1000 + 120_000;
    for (;;) {
      const tick = Date.now();
      await Promise.all([poll(api, tracked), seeRuns(runs)]).catch((err: Error) =>
        process.stderr.write(`freshness: poll failed: ${err.message}\n`),
      );
      const fetched = [...tracked.values()].filter((t) => t.fetchedAt <= streamEnds);
      const unserved = fetched.filter((t) => t.servedAt === null).length;
      if (tick > streamEnds && ((fetched.length > 0 && unserved === 0) || tick > deadline)) break;
      await new Promise((r) => setTimeout(r, Math.max(0, POLL_MS - (Date.now() - tick))));
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const all = [...tracked.values()].filter((t) => t.fetchedAt <= started + SECONDS * 1000);
  const latencies = all
    .filter((t) => t.servedAt !== null)
    .map((t) => t.servedAt! - t.fetchedAt)
    .sort((a, b) => a - b);
  // Runs that did something (the first, over an empty index, ends at once), in order.
  const done = [...runs.values()]
    .filter(({ run }) => (run.counts.articles_considered ?? 0) > 0)
    .sort((a, b) => a.run.started_at.localeCompare(b.run.started_at));
  const duration = ({ run, endedBy }: { run: RunDoc; endedBy: number }): number => endedBy - Date.parse(run.started_at);
  const durations = done.map(duration).sort((a, b) => a - b);
  const lines = [
    `articles fetched during the stream: ${all.length}; served with their trend: ${latencies.length}; never served: ${all.length - latencies.length}`,
    latencies.length > 0
      ? `fetch -> served by the API: p50 ${seconds(quantile(latencies, 0.5))}, p95 ${seconds(quantile(latencies, 0.95))}, max ${seconds(latencies.at(-1)!)}`
      : 'fetch -> served by the API: nothing served',
    `detection runs: ${runs.size} (${done.map((r) => `${r.run.counts.articles_assigned ?? 0} assigned in ${seconds(duration(r))}`).join(', ')})`,
    durations.length > 0
      ? `detection run duration (start -> seen written): median ${seconds(quantile(durations, 0.5))}, max ${seconds(durations.at(-1)!)}; ` +
        `expected p95 about 0.95 x interval + a run = ${seconds(0.95 * DETECT_SECONDS * 1000 + durations.at(-1)!)}`
      : 'detection run duration: no run finished',
    `load average at end ${load()}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await opensearch.indices.delete({ index: `${PREFIX}-*`, expand_wildcards: 'all' }).catch(() => undefined);
  await opensearch.close();
}

await main();
