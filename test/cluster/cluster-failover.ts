/**
 * `make cluster-test` (infra/local/cluster-test.sh starts the cluster and Redis first): the API and
 * a pipeline worker over a three-node cluster; 32 readers on every endpoint and a replay ingest
 * run while the node holding the most primaries is killed with SIGKILL and started again. Prints
 * `cluster-test: reads=N 5xx=N articles=N lost=N duplicated=N status=<colour>` and exits 0 only
 * with no 5xx, every article indexed exactly once, the cluster never red and green at the end.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  createOpenSearchClient,
  createRedis,
  indexNames,
  openSearchNodes,
  type OpenSearchClient,
} from '@trendscope/core';
import { waitForDrain } from '../../services/pipeline/src/cli/wait-for-drain';
import { startFeedServer } from '../../services/pipeline/src/feed-server/feed-server';
import { loadCorpus } from '../../services/pipeline/src/feed-server/load-corpus';
import { closeQueues, createQueues } from '../../services/pipeline/src/queues/create-queues';
import { jobId } from '../../services/pipeline/src/queues/job-ids';
import { lastArticleQueue } from '../../services/pipeline/src/queues/routing-table';
import { articleId } from '../../services/pipeline/src/articles/article-id';
import { REPO_ROOT, corpusDir } from '../support/corpus';

const run = promisify(execFile);
const env = process.env;
const NODES = openSearchNodes(env.OPENSEARCH_URL ?? '');
const API_PORT = Number(env.API_PORT ?? 8790);
const PREFIX = 'clustertest';
const ARTICLES = Number(env.CLUSTER_TEST_ARTICLES ?? 2500);
const CONNECTIONS = 32;
const CLUSTER_SCRIPT = resolve(REPO_ROOT, 'infra/local/cluster.sh');

const log = (msg: string): void => void process.stderr.write(`cluster-test: ${msg}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function startService(entry: string, extra: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      OPENSEARCH_INDEX_PREFIX: PREFIX,
      REDIS_KEY_PREFIX: PREFIX,
      API_METRICS_PORT: '0',
      PIPELINE_METRICS_PORT: '0',
      ...extra,
    },
  });
  return child;
}

/** Cluster health colour every 500 ms; remembers whether it was ever red. */
function watchHealth(client: OpenSearchClient): { stop(): void; everRed(): boolean; colours: Set<string> } {
  const colours = new Set<string>();
  let red = false;
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const status = await client.cluster
        .health({ timeout: '2s' })
        .then((r) => (r.body as { status: string }).status)
        .catch(() => 'unreachable');
      colours.add(status);
      if (status === 'red') {
        red = true;
        log('cluster health RED');
      }
      await sleep(500);
    }
  })();
  return { stop: () => void (stopped = true), everRed: () => red, colours };
}

/** 32 readers cycling over every endpoint; counts answers by status class. */
function startReaders(base: string): { stop(): Promise<void>; reads: () => number; fives: () => string[] } {
  const paths = [
    '/health',
    '/v1/trends/recent',
    '/v1/trends/recent?velocity=emerging&limit=20',
    '/v1/search?q=apple%20iphone&time_window=30d',
    '/v1/search?q=%22interest%20rates%22%20OR%20inflation',
    '/v1/categories',
    '/v1/stats',
    '/v1/benefits',
    '/v1/sources/reuters.com/trending',
    '/v1/trends/tr_aaaaaaaaaaaaaaaa',
    '/v1/content/tr_aaaaaaaaaaaaaaaa',
  ];
  let reads = 0;
  const fives: string[] = [];
  let stopped = false;
  let trendPaths: string[] = [];
  const loops = Array.from({ length: CONNECTIONS }, async (_, c) => {
    for (let i = c; !stopped; i++) {
      const all = [...paths, ...trendPaths];
      const path = all[i % all.length] ?? '/health';
      try {
        const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
        const body = await res.text();
        reads++;
        if (res.status >= 500) fives.push(`${res.status} ${path} ${body.slice(0, 120)}`);
        if (path === '/v1/trends/recent' && res.ok && i % 50 === 0) {
          const ids = (JSON.parse(body) as { trends: { id: string }[] }).trends.map((t) => t.id).slice(0, 5);
          trendPaths = ids.flatMap((id) => [`/v1/trends/${id}`, `/v1/content/${id}?limit=3`]);
        }
      } catch (err) {
        reads++;
        fives.push(`no answer ${path}: ${(err as Error).message}`);
      }
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
    reads: () => reads,
    fives: () => fives,
  };
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
  log(`primaries per node: ${JSON.stringify(Object.fromEntries(counts))}`);
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

async function main(): Promise<number> {
  if (NODES.length < 3) throw new Error('OPENSEARCH_URL must list the three cluster nodes');
  const client = createOpenSearchClient({ url: NODES.join(','), requestTimeoutMs: 30_000, maxRetries: 3 });
  const children: ChildProcess[] = [];
  const server = await startFeedServer({ corpusDir: corpusDir('uci-news-aggregator'), limit: ARTICLES });
  const redis = createRedis(env.REDIS_URL ?? '', { forQueues: true });
  const queues = createQueues(redis, PREFIX, 6);
  const health = watchHealth(client);
  // Ctrl-C or a kill of this script still stops the API and the worker (the shell stops the rest).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const c of children) c.kill('SIGKILL');
      process.exit(130);
    });
  }
  let readers: ReturnType<typeof startReaders> | undefined;
  try {
    await client.indices.delete({ index: `${PREFIX}-*`, expand_wildcards: 'all' }).catch(() => undefined);
    await redis.eval("for _,k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) end", 0, `${PREFIX}*`);
    const api = startService('services/api/src/main.ts', { API_PORT: String(API_PORT), API_HOST: '127.0.0.1' });
    children.push(api);
    const base = `http://127.0.0.1:${API_PORT}`;
    await waitFor('the API', async () => (await fetch(`${base}/health`)).ok, 180_000);
    await client.cluster.health({ wait_for_status: 'green', timeout: '120s' });
    const worker = startService('services/pipeline/src/worker.main.ts', {
      PIPELINE_ALLOW_HOSTS: server.hostPort,
      PIPELINE_DOMAIN_DELAY_MS: '0',
      PIPELINE_JOB_LOCK_MS: '15000',
      PIPELINE_JOB_ATTEMPTS: '6',
    });
    children.push(worker);
    readers = startReaders(base);
    log(`API on ${base}, worker started, ${CONNECTIONS} readers, ingesting ${server.itemCount} feed items`);

    const jobs = await queues.discover.addBulk(
      server.feedUrls.map((feed_url, i) => ({
        name: 'discover',
        data: { source_id: `uci${i}`, feed_url },
        opts: { jobId: jobId('discover', feed_url) },
      })),
    );
    const writer = queues[lastArticleQueue({ indexInline: true })];
    const progress = setInterval(() => {
      void Promise.all(
        (['discover', 'fetch', 'process'] as const).map(async (stage) => {
          const c = await queues[stage].getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
          return `${stage} ${JSON.stringify(c)}`;
        }),
      ).then((lines) => log(`queues: ${lines.join('; ')}; reads=${readers?.reads() ?? 0}`));
    }, 30_000);
    progress.unref();
    await waitFor(
      'a third of the articles',
      async () => ((await writer.getJobCounts('completed')).completed ?? 0) >= server.itemCount / 3,
      // Generous: on a shared 2-core machine the worker took 7 minutes just to start.
      1_800_000,
    );
    const victim = await nodeWithMostPrimaries(client);
    await run('bash', [CLUSTER_SCRIPT, 'kill', String(victim)], { env });
    await sleep(15_000);
    log(`starting trendscope-node-${victim} again (health seen so far: ${[...health.colours].join(', ')})`);
    await run('bash', [CLUSTER_SCRIPT, 'start-node', String(victim)], { env, timeout: 400_000 });

    await waitForDrain(queues, jobs, () => undefined, { writer: writer.name as 'process', timeoutMs: 900_000 });
    const detect = await queues.detect.add('detect', {}, { jobId: 'cluster-test-detect' });
    await waitFor('detection', async () => (await detect.getState()) === 'completed', 600_000);
    await sleep(10_000);
    await readers.stop();
    await client.cluster.health({ wait_for_status: 'green', timeout: '300s' }).catch(() => undefined);
    health.stop();
    const final = (await client.cluster.health()).body as { status: string };

    const corpus = await loadCorpus(corpusDir('uci-news-aggregator'), { limit: ARTICLES });
    const expected = new Set(corpus.items.map((i) => articleId(i.originalUrl)));
    const { ids, duplicateUrls } = await indexedArticles(client);
    const lost = [...expected].filter((id) => !ids.has(id)).length;
    const duplicated = duplicateUrls + [...ids].filter((id) => !expected.has(id)).length;
    const fives = readers.fives();
    for (const line of fives.slice(0, 10)) log(line);
    process.stdout.write(
      `cluster-test: reads=${readers.reads()} 5xx=${fives.length} articles=${ids.size} lost=${lost} duplicated=${duplicated} status=${final.status}\n`,
    );
    clearInterval(progress);
    const ok = fives.length === 0 && lost === 0 && duplicated === 0 && !health.everRed() && final.status === 'green';
    if (health.everRed()) log('the cluster was red at some point');
    return ok ? 0 : 1;
  } finally {
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
