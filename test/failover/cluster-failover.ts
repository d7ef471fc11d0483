/**
 * `make cluster-test` (infra/local/cluster-test.sh starts the cluster and Redis first): the API and
 * a pipeline worker over a three-node cluster; 32 readers on every endpoint and a replay ingest
 * run while the node holding the most primaries is killed with SIGKILL and started again. Prints
 * `cluster-test: reads=N 5xx=N articles=N lost=N duplicated=N status=<colour>` and exits 0 only
 * with no 5xx, every article indexed exactly once, the cluster never red and green at the end.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  createLogger,
  createOpenSearchClient,
  createRedis,
  indexNames,
  openSearchNodes,
  type OpenSearchClient,
  type Redis,
} from '@trendscope/core';
import { waitForDrain } from '@trendscope/pipeline/cli/wait-for-drain';
import { startFeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { closeQueues, createQueues } from '@trendscope/pipeline/queues/create-queues';
import { lastArticleQueue } from '@trendscope/pipeline/queues/routing-table';
import { REPO_ROOT } from '@trendscope/pipeline/repo-root';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import { corpusArticleIds, discoverFeeds } from '../support/pipeline-harness';
import { watchHealth } from './cluster-health-watch';
import { startReaders, warmUp, type FailedRead, type Readers } from './cluster-readers';

const run = promisify(execFile);
const env = process.env;
const NODES = openSearchNodes(env.OPENSEARCH_URL ?? '');
const API_PORT = Number(env.API_PORT ?? 8095);
const HOME = env.CLUSTER_HOME ?? resolve(REPO_ROOT, '.data/cluster-test');
const PREFIX = 'clustertest';
const ARTICLES = Number(env.CLUSTER_TEST_ARTICLES ?? 2500);
// Spreads the ingest over a minute or more (one host serves every feed and page), so it is still
// running when the node dies and when it comes back.
const FETCH_DELAY_MS = env.CLUSTER_TEST_FETCH_DELAY_MS ?? '30';
const DOWN_SECONDS = Number(env.CLUSTER_TEST_DOWN_SECONDS ?? 20);
const CONNECTIONS = 32;
// The API's metrics (event-loop lag) on the port after the feed server's.
const metricsPort = Number(env.FEED_PORT ?? API_PORT + 1) + 1;
const CLUSTER_SCRIPT = resolve(REPO_ROOT, 'infra/local/cluster.sh');

const started = Date.now();
const elapsed = (): number => Math.round((Date.now() - started) / 1000);
const log = (msg: string): void => void process.stderr.write(`cluster-test [${elapsed()}s] ${msg}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Starts a service under the test's prefixes; its JSON log (warnings and up) goes to HOME/<name>.log. */
function startService(name: string, entry: string, extra: Record<string, string>): ChildProcess {
  const out = openSync(resolve(HOME, `${name}.log`), 'a');
  return spawn(process.execPath, ['--import', 'tsx', resolve(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', out, out],
    env: {
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      OPENSEARCH_INDEX_PREFIX: PREFIX,
      REDIS_KEY_PREFIX: PREFIX,
      API_METRICS_PORT: '0',
      PIPELINE_METRICS_PORT: '0',
      ...extra,
    },
  });
}

/** The node (1-based, by HTTP port order) that holds the most primary shards. */
async function nodeWithMostPrimaries(client: OpenSearchClient): Promise<number> {
  const shards = (await client.cat.shards({ format: 'json', h: ['index', 'prirep', 'state', 'node'] })).body as {
    prirep: string;
    node: string | null;
  }[];
  const counts = new Map<string, number>();
  for (const s of shards) if (s.prirep === 'p' && s.node) counts.set(s.node, (counts.get(s.node) ?? 0) + 1);
  const [name] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['trendscope-node-1'];
  const manager = (await client.cat.clusterManager({ format: 'json' })).body as { node: string }[];
  log(
    `primaries per node: ${JSON.stringify(Object.fromEntries(counts))}; elected cluster manager: ${manager[0]?.node}`,
  );
  return Number(/(\d+)$/.exec(name)?.[1] ?? 1);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

/** Every article id in the index, with duplicated canonical URLs counted. */
async function indexedArticles(client: OpenSearchClient): Promise<{ ids: Set<string>; duplicateUrls: number }> {
  const alias = indexNames(PREFIX).articles;
  await client.indices.refresh({ index: alias });
  const ids = new Set<string>();
  let res = await client.search({ index: alias, scroll: '1m', size: 1000, body: { _source: false } });
  for (;;) {
    const hits = (res.body as { hits: { hits: { _id: string }[] }; _scroll_id?: string }).hits.hits;
    if (hits.length === 0) break;
    for (const h of hits) ids.add(h._id);
    const scrollId = (res.body as { _scroll_id?: string })._scroll_id ?? '';
    res = await client.scroll({ scroll_id: scrollId, scroll: '1m' });
  }
  const dup = await client.transport.request({
    method: 'POST',
    path: `/${alias}/_search`,
    body: { size: 0, aggs: { urls: { terms: { field: 'canonical_url', min_doc_count: 2, size: 1000 } } } },
  });
  const buckets = (dup.body as { aggregations: { urls: { buckets: { doc_count: number }[] } } }).aggregations.urls
    .buckets;
  return { ids, duplicateUrls: buckets.reduce((n, b) => n + b.doc_count - 1, 0) };
}

/** What explains slow answers: Redis commands slower than 100 ms, the API's worst event-loop lag. */
async function diagnostics(redis: Redis, metricsPort: number): Promise<string[]> {
  const lines: string[] = [];
  const slow = (await redis.call('SLOWLOG', 'GET', '20')) as [number, number, number, string[]][];
  for (const [, at, micros, args] of slow)
    if (micros > 100_000)
      lines.push(
        `redis slow command ${new Date(at * 1000).toISOString()} ${Math.round(micros / 1000)} ms ${args.slice(0, 3).join(' ')}`,
      );
  const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    .then((r) => r.text())
    .catch(() => '');
  // The primary and each API process report their own lag: the worst of them.
  const worst = (name: string): number =>
    Math.max(
      0,
      ...[
        ...metrics.matchAll(new RegExp(`^trendscope_nodejs_eventloop_lag_${name}_seconds(?:{[^}]*})? (\\S+)`, 'gm')),
      ].map((m) => Number(m[1])),
    );
  if (metrics)
    lines.push(
      `API event-loop lag: max ${Math.round(worst('max') * 1000)} ms, p99 ${Math.round(worst('p99') * 1000)} ms`,
    );
  return lines;
}

/** 5xx answers grouped by phase and answer: how many, first and last time. */
function summariseFailures(failures: readonly FailedRead[]): string[] {
  const groups = new Map<string, { n: number; first: string; last: string }>();
  for (const f of failures) {
    const key = `[${f.phase}] ${f.status} ${f.detail}`;
    const g = groups.get(key) ?? { n: 0, first: f.at, last: f.at };
    g.n++;
    g.last = f.at;
    groups.set(key, g);
  }
  return [...groups].map(([key, g]) => `5xx x${g.n} ${g.first}..${g.last.slice(11)} ${key}`);
}

async function main(): Promise<number> {
  if (NODES.length < 3) throw new Error('OPENSEARCH_URL must list the three cluster nodes');
  const client = createOpenSearchClient({ url: NODES.join(','), requestTimeoutMs: 30_000, maxRetries: 3 });
  const children: ChildProcess[] = [];
  const server = await startFeedServer({
    corpusDir: corpusDir('uci-news-aggregator'),
    limit: ARTICLES,
    port: Number(env.FEED_PORT ?? 0),
  });
  const redis = createRedis(env.REDIS_URL ?? '', { forQueues: true });
  const queues = createQueues(redis, PREFIX, 6, createLogger({ level: 'warn', name: 'cluster-test' }));
  const writer = queues[lastArticleQueue({ indexInline: true })];
  let phase = 'setup';
  const enter = (next: string): void => {
    phase = next;
    log(`-- ${next}`);
  };
  const health = watchHealth(client, () => log(`cluster health RED (phase ${phase})`));
  let readers: Readers | undefined;
  let indexed = 0;
  const progress = setInterval(() => {
    void writer
      .getJobCounts('completed', 'failed')
      .then((c) => {
        indexed = c.completed ?? 0;
        const failed = c.failed ? ` failed=${c.failed}` : '';
        const fives = readers?.failures().length ?? 0;
        log(
          `${phase}: reads=${readers?.reads() ?? 0} 5xx=${fives} indexed=${indexed}/${server.itemCount}${failed} health=${health.current()}`,
        );
      })
      .catch(() => undefined);
  }, 5000);
  // Ctrl-C or a kill of this script still stops the API and the worker (the shell's trap stops the rest).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const c of children) c.kill('SIGKILL');
      process.exit(130);
    });
  }
  try {
    await client.indices.delete({ index: `${PREFIX}-*`, expand_wildcards: 'all' }).catch(() => undefined);
    await redis.eval("for _,k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) end", 0, `${PREFIX}*`);
    await redis.call('SLOWLOG', 'RESET');
    children.push(
      startService('api', 'services/api/src/main.ts', {
        API_PORT: String(API_PORT),
        API_HOST: '127.0.0.1',
        API_METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
      }),
    );
    const base = `http://127.0.0.1:${API_PORT}`;
    await waitFor('the API', async () => (await fetch(`${base}/health`)).ok, 600_000);
    await client.cluster.health({ wait_for_status: 'green', timeout: '120s' });
    log(`API answering on ${base}; cluster green`);

    enter('worker start');
    const spawned = Date.now();
    children.push(
      startService('worker', 'services/pipeline/src/worker.main.ts', {
        PIPELINE_ALLOW_HOSTS: server.hostPort,
        PIPELINE_DOMAIN_DELAY_MS: FETCH_DELAY_MS,
        PIPELINE_JOB_LOCK_MS: '15000',
        PIPELINE_JOB_ATTEMPTS: '6',
      }),
    );
    await waitFor('the worker', async () => (await writer.getWorkersCount()) > 0, 900_000);
    log(`worker taking jobs ${((Date.now() - spawned) / 1000).toFixed(1)} s after it was spawned`);

    // Searches slower than a second land in each node's search slow log (logs/*_index_search_slowlog.log).
    await client.indices.putSettings({
      index: `${PREFIX}-*`,
      body: { 'index.search.slowlog.threshold.query.warn': '1s', 'index.search.slowlog.threshold.fetch.warn': '500ms' },
    });
    log(`warmed up in ${await warmUp(base, 120_000)} pass(es) over every endpoint`);
    // Reading the metrics resets the event-loop lag window: what is reported at the end is the run's.
    await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    enter('ingest');
    readers = startReaders(base, CONNECTIONS, () => phase);
    const jobs = await discoverFeeds(queues, server.feedUrls, { sourcePrefix: 'uci' });
    log(`${CONNECTIONS} readers on every endpoint; replaying ${server.itemCount} articles`);
    await waitFor('a quarter of the articles', () => Promise.resolve(indexed >= server.itemCount / 4), 1_800_000);

    const victim = await nodeWithMostPrimaries(client);
    enter(`node ${victim} killed`);
    await run('bash', [CLUSTER_SCRIPT, 'kill', String(victim)], { env });
    const atKill = indexed;
    await sleep(DOWN_SECONDS * 1000);
    enter(`node ${victim} restarting`);
    await run('bash', [CLUSTER_SCRIPT, 'start-node', String(victim)], { env, timeout: 600_000 });
    const atRestart = indexed;
    enter(`node ${victim} back`);
    await waitForDrain(queues, jobs, () => undefined, { writer: writer.name as 'process', timeoutMs: 1_800_000 });
    log(
      `articles indexed: ${atKill} before the kill, ${atRestart - atKill} while the node was down or starting, ${indexed - atRestart} after`,
    );

    enter('detect');
    const detect = await queues.detect.add('detect', {}, { jobId: 'cluster-test-detect' });
    await waitFor('detection', async () => (await detect.getState()) === 'completed', 900_000);
    enter('green');
    await client.cluster
      .health({ wait_for_status: 'green', timeout: '600s' }, { requestTimeout: 610_000 })
      .catch(() => undefined);
    await sleep(5000);
    await readers.stop();
    health.stop();
    const final = (await client.cluster.health()).body as { status: string };

    enter('verify');
    const expected = await corpusArticleIds('uci-news-aggregator', ARTICLES);
    const { ids, duplicateUrls } = await indexedArticles(client);
    const lost = [...expected].filter((id) => !ids.has(id)).length;
    const duplicated = duplicateUrls + [...ids].filter((id) => !expected.has(id)).length;
    const failures = readers.failures();
    for (const line of summariseFailures(failures)) log(line);
    for (const line of readers.latencies()) log(`answer times ${line}`);
    for (const line of await diagnostics(redis, metricsPort)) log(line);
    log(`health seen: ${health.seen().join(', ')}; logs of the API and worker in ${HOME}`);
    process.stdout.write(
      `cluster-test: reads=${readers.reads()} 5xx=${failures.length} articles=${ids.size} lost=${lost} duplicated=${duplicated} status=${final.status}\n`,
    );
    if (health.everRed()) log('FAILED: the cluster was red at some point');
    const ok = failures.length === 0 && lost === 0 && duplicated === 0 && !health.everRed() && final.status === 'green';
    log(`${ok ? 'passed' : 'FAILED'} in ${elapsed()} s`);
    return ok ? 0 : 1;
  } finally {
    clearInterval(progress);
    health.stop();
    if (readers) await readers.stop();
    for (const c of children) {
      if (c.exitCode === null) {
        c.kill('SIGTERM');
        await Promise.race([new Promise((r) => c.once('exit', r)), sleep(40_000)]);
        if (c.exitCode === null) c.kill('SIGKILL');
      }
    }
    await closeQueues(queues);
    redis.disconnect();
    await server.close();
    await client.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    log(`failed: ${(err as Error).stack ?? String(err)}`);
    process.stdout.write('cluster-test: reads=0 5xx=0 articles=0 lost=0 duplicated=0 status=unknown (aborted)\n');
    process.exit(1);
  },
);
