/**
 * `make bench`: the REST API against OpenSearch itself, in the same run. With >= 10,000 trends and
 * >= 100,000 articles indexed (built from the UCI News Aggregator corpus), each scenario is loaded at
 * 32 connections for a fixed time, alternating the API and the same OpenSearch query sent straight
 * to OpenSearch. Prints requests/s, p50, p99, the API/OpenSearch ratios and the API's peak RSS.
 * The API is loaded with a key that has a reserved ceiling (as load tests should be). Then the
 * quota cost: the same scenarios against the API with quotas on and quotas off
 * (API_QUOTAS_ENABLED=false), both sent that key, in short paired rounds (median of the per-pair
 * ratios), a control of two identical quotas-off APIs compared the same way (the spread the
 * bench shows when nothing differs, against which the 5 % verdict is read), and what verifying
 * the key costs (with the key against without, quotas off). Last,
 * the cached and uncached scenarios on one API process and on two (API_PROCESSES=2), paired likewise.
 * BENCH_PHASES (default `compare,quota,processes`) picks the phases.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import {
  ApiKeyRepository,
  bumpGeneration,
  categoriesRequest,
  createApiKey,
  migrateIndices,
  createOpenSearchClient,
  createRedis,
  indexNames,
  recentTrendsRequest,
  searchTrendsRequest,
  statsRequests,
  type QueryDeps,
} from '@trendscope/core';
import { seed } from '../support/factories';
import { benchData } from './bench-data';
import { freePort } from '../support/free-port';
import { median } from '../support/median';

const OS_URL = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9270';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6395';
const PREFIX = 'bench';
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Node flags of the API process as shipped; BENCH_API_NODE_FLAGS='' measures V8's defaults. */
const API_NODE_FLAGS = (process.env.BENCH_API_NODE_FLAGS ?? '--max-semi-space-size=16').split(/\s+/).filter(Boolean);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const QUERY_TIMEOUT = '1000ms';
/** The response cache as shipped (API_CACHE_TTL_MS) and off. */
const CACHE_MODES = [
  ['cached', 5000],
  ['uncached', 0],
] as const;
const PHASES = new Set((process.env.BENCH_PHASES ?? 'compare,quota,processes').split(','));

interface Target {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}
interface Scenario {
  name: string;
  api: string;
  os: Target;
}
interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function ensureData(): Promise<{ sampleId: string; trends: number; articles: number; key: string }> {
  const opensearch = createOpenSearchClient({ url: OS_URL, requestTimeoutMs: 120_000, maxRetries: 2 });
  const redis = createRedis(REDIS_URL);
  const names = indexNames(PREFIX);
  const count = async (index: string): Promise<number> =>
    (await opensearch.count({ index }).catch(() => ({ body: { count: 0 } }))).body.count;
  if ((await count(names.trends)) < 10_000 || (await count(names.articles)) < 100_000) {
    process.stdout.write('bench: indexing the corpus (once per data folder)...\n');
    await opensearch.indices.delete({ index: `${PREFIX}-*`, expand_wildcards: 'all' }).catch(() => undefined);
    const data = benchData(new Date());
    await seed({ opensearch, names, redis, prefix: PREFIX }, data);
    await opensearch.indices.forcemerge({ index: [names.trends, names.articles], max_num_segments: 1 });
  }
  await bumpGeneration(redis, PREFIX);
  const sample = await opensearch.search({ index: names.trends, body: { size: 1, sort: [{ last_seen: 'desc' }] } });
  const sampleId = (sample.body as unknown as { hits: { hits: { _id: string }[] } }).hits.hits[0]!._id;
  await migrateIndices(opensearch, names, { kinds: ['api_keys'] });
  const { key } = await createApiKey(
    { repo: new ApiKeyRepository(opensearch, names.api_keys), hashSecret: '', redis, keyPrefix: PREFIX },
    { name: 'bench', perMinute: 1_000_000_000, perDay: 1_000_000_000 },
  );
  const result = { sampleId, trends: await count(names.trends), articles: await count(names.articles), key };
  await opensearch.close();
  redis.disconnect();
  return result;
}

async function startApi(
  cacheTtlMs: number,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // The flags the API runs with (infra/local/services.sh), so the figures are the shipped ones.
  const child = spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', 'services/api/src/main.ts'], {
    env: {
      ...process.env,
      API_PORT: String(port),
      OPENSEARCH_URL: OS_URL,
      REDIS_URL,
      OPENSEARCH_INDEX_PREFIX: PREFIX,
      REDIS_KEY_PREFIX: PREFIX,
      API_CACHE_TTL_MS: String(cacheTtlMs),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // No metrics server: the default port may be another instance's, and the bench reads none.
      API_METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const processes = Number(env.API_PROCESSES ?? 1);
  for (let i = 0; i < 200; i += 1) {
    const healthy = (await fetch(`${url}/health`).catch(() => null))?.status === 200;
    // Above one process, main.ts is a cluster primary: its forked API processes are its children.
    if (healthy && (processes === 1 || childPids(child.pid!).length === processes)) {
      // The processes fork together; give the last one time to listen as well.
      if (processes > 1) await new Promise((r) => setTimeout(r, 3000));
      return { url, child };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not become healthy');
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Resident memory of a process and its children (the API processes of a cluster primary). */
function rssMb(pid: number): number {
  return [pid, ...childPids(pid)].reduce((total, p) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return total + (m ? Number(m[1]) / 1024 : 0);
    } catch {
      return total;
    }
  }, 0);
}

/** The q-quantile of `xs` (sorted in place). */
function quantile(xs: number[], q: number): number {
  xs.sort((x, y) => x - y);
  return xs.length === 0 ? 0 : xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
}

async function load(base: string, target: Target, seconds: number): Promise<Figures> {
  // autocannon's own percentiles are whole milliseconds: at a p99 of 5 ms one step is 20 %, too
  // coarse for a 5 % comparison, so the latencies are kept here as measured (fractions of a ms).
  const latencies: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: `${base}${target.path}`,
        method: target.method ?? 'GET',
        ...(target.body ? { body: target.body } : {}),
        headers: target.headers ?? {},
        connections: CONNECTIONS,
        duration: seconds,
      },
      (err, result) => (err ? reject(err as Error) : resolve(result)),
    );
    run.on('response', (_client, _status, _bytes, ms) => void latencies.push(ms));
  });
  return {
    rps: r.requests.total / r.duration,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

function scenarios(sampleId: string, now: Date): Scenario[] {
  const names = indexNames(PREFIX);
  const deps = { names } as QueryDeps;
  const search = (body: Record<string, unknown>, index = names.trends): Target => ({
    path: `/${index}/_search?ignore_unavailable=true`,
    method: 'POST',
    body: JSON.stringify({ ...body, timeout: QUERY_TIMEOUT }),
    headers: { 'content-type': 'application/json' },
  });
  const msearch = statsRequests(deps, now)
    .flatMap((s) => [
      JSON.stringify({ index: s.index, ignore_unavailable: true }),
      JSON.stringify({ ...s.body, timeout: QUERY_TIMEOUT }),
    ])
    .join('\n');
  const filters = { category: 'technology', velocity: 'accelerating' as const, min_impact: 5, hours: 720 };
  return [
    {
      name: 'recent (default)',
      api: '/v1/trends/recent',
      os: search(recentTrendsRequest({ page: 1, limit: 20 }, now)),
    },
    {
      name: 'recent (filters)',
      api: '/v1/trends/recent?category=technology&velocity=accelerating&min_impact=5&hours=720',
      os: search(recentTrendsRequest({ ...filters, page: 1, limit: 20 }, now)),
    },
    {
      name: 'search',
      api: '/v1/search?q=apple%20iphone&time_window=30d',
      os: search(searchTrendsRequest({ q: 'apple iphone', time_window: '30d', limit: 20 }, now)),
    },
    { name: 'trend detail', api: `/v1/trends/${sampleId}`, os: { path: `/${names.trends}/_doc/${sampleId}` } },
    { name: 'categories', api: '/v1/categories', os: search(categoriesRequest()) },
    {
      name: 'stats',
      api: '/v1/stats',
      os: {
        path: '/_msearch',
        method: 'POST',
        body: `${msearch}\n`,
        headers: { 'content-type': 'application/x-ndjson' },
      },
    },
  ];
}

const fmt = (n: number, digits = 0): string => n.toFixed(digits);
const mean = (xs: Figures[], k: keyof Figures): number => xs.reduce((a, x) => a + x[k], 0) / xs.length;
const sum = (xs: Figures[], k: keyof Figures): number => xs.reduce((a, x) => a + x[k], 0);

/** One side of a comparison: a running API and the headers its requests carry. */
interface Side {
  url: string;
  headers: Record<string, string>;
  /** The API's process (a cluster primary counts with its children). */
  pid: number;
}

/** CPU seconds (user + system) used so far by a process and its children. */
function cpuSeconds(pid: number): number {
  return [pid, ...childPids(pid)].reduce((total, p) => {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return total + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return total;
    }
  }, 0);
}

/** Load rounds per side of a comparison (short, so the two sides see the same machine). */
const PAIR_ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 8);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 2);

/**
 * Each scenario against two APIs under the same load: short rounds in pairs, the order swapped
 * every pair (a b, b a, ...), and the ratios a/b taken per pair, then their median, so the load
 * that other work puts on the machine (which moves by the second) hits both sides alike.
 */
async function compareApis(
  label: string,
  a: Side,
  b: Side,
  sampleId: string,
  verdicts: string[] = [],
): Promise<string[]> {
  const rows: string[] = [];
  for (const sc of scenarios(sampleId, new Date())) {
    const cpu = new Map<Side, { seconds: number; requests: number }>([
      [a, { seconds: 0, requests: 0 }],
      [b, { seconds: 0, requests: 0 }],
    ]);
    const run = async (side: Side, seconds: number): Promise<Figures> => {
      const before = cpuSeconds(side.pid);
      const figures = await load(side.url, { path: sc.api, headers: side.headers }, seconds);
      const used = cpu.get(side)!;
      used.seconds += cpuSeconds(side.pid) - before;
      used.requests += figures.rps * seconds;
      return figures;
    };
    await run(a, 1);
    await run(b, 1);
    for (const used of cpu.values()) Object.assign(used, { seconds: 0, requests: 0 });
    const onA: Figures[] = [];
    const onB: Figures[] = [];
    for (let i = 0; i < PAIR_ROUNDS; i += 1) {
      if (i % 2 === 0) {
        onA.push(await run(a, PAIR_SECONDS));
        onB.push(await run(b, PAIR_SECONDS));
      } else {
        onB.push(await run(b, PAIR_SECONDS));
        onA.push(await run(a, PAIR_SECONDS));
      }
    }
    const rpsRatio = median(onA.map((x, i) => x.rps / onB[i]!.rps));
    const p99Ratio = median(onA.map((x, i) => x.p99 / Math.max(onB[i]!.p99, 0.01)));
    // CPU per answer barely moves with the machine's load, unlike throughput.
    const [cpuA, cpuB] = [a, b].map((side) => (1e6 * cpu.get(side)!.seconds) / cpu.get(side)!.requests) as [
      number,
      number,
    ];
    rows.push(
      `| ${label} | ${sc.name} | ${fmt(median(onA.map((x) => x.rps)))} | ${fmt(median(onA.map((x) => x.p99)), 1)} | ${fmt(cpuA)} | ${sum(onA, 'errors')} | ${fmt(median(onB.map((x) => x.rps)))} | ${fmt(median(onB.map((x) => x.p99)), 1)} | ${fmt(cpuB)} | ${sum(onB, 'errors')} | ${fmt(rpsRatio, 3)}x | ${fmt(p99Ratio, 2)}x | ${fmt(cpuA / cpuB, 3)}x |`,
    );
    process.stdout.write(`${rows.at(-1)}\n`);
    // The goal of a cost comparison: a costs at most 5 % of b's throughput and p99.
    const within = rpsRatio >= 0.95 && p99Ratio <= 1.05;
    verdicts.push(
      `${sc.name}: throughput ${fmt(rpsRatio, 3)}x, p99 ${fmt(p99Ratio, 3)}x: ${within ? 'within 5 %' : 'NOT within 5 %'}`,
    );
  }
  return rows;
}

/**
 * What quotas cost: an API with quotas on against one with quotas off (API_QUOTAS_ENABLED=false),
 * both sent the same key and both with the response cache on, so the difference is the counting
 * and its headers (the verdict). Then a control: a second quotas-off API against the first, the
 * same way, whose ratios would all be 1.00x on a machine without noise (a verdict within the
 * control's own spread is not shown either way). Then what verifying a key costs, on the
 * quotas-off API: requests with the key against requests without one (informational;
 * registration is not the quota).
 */
async function quotaCost(
  sampleId: string,
  key: string,
  verdicts: string[],
): Promise<{ quota: string[]; control: string[]; keys: string[] }> {
  const on = await startApi(5000);
  const off = await startApi(5000, { API_QUOTAS_ENABLED: 'false' });
  const withKey = { authorization: `Bearer ${key}` };
  let twin: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    const quota = await compareApis(
      'cached',
      { url: on.url, headers: withKey, pid: on.child.pid! },
      { url: off.url, headers: withKey, pid: off.child.pid! },
      sampleId,
      verdicts,
    );
    twin = await startApi(5000, { API_QUOTAS_ENABLED: 'false' });
    const controlVerdicts: string[] = [];
    const control = await compareApis(
      'cached',
      { url: twin.url, headers: withKey, pid: twin.child.pid! },
      { url: off.url, headers: withKey, pid: off.child.pid! },
      sampleId,
      controlVerdicts,
    );
    twin.child.kill('SIGTERM');
    verdicts.push(...controlVerdicts.map((v) => `control (quotas off against off) ${v}`));
    // One process answers both sides; rounds never overlap, so each side's CPU is still its own.
    const keys = await compareApis(
      'cached',
      { url: off.url, headers: withKey, pid: off.child.pid! },
      { url: off.url, headers: {}, pid: off.child.pid! },
      sampleId,
    );
    return { quota, control, keys };
  } finally {
    on.child.kill('SIGTERM');
    off.child.kill('SIGTERM');
    twin?.child.kill('SIGTERM');
  }
}

/** Two API processes (API_PROCESSES=2) against one, with the response cache on and off, with the key. */
async function processScaling(sampleId: string, key: string): Promise<string[]> {
  const rows: string[] = [];
  const headers = { authorization: `Bearer ${key}` };
  for (const [label, ttl] of CACHE_MODES) {
    const two = await startApi(ttl, { API_PROCESSES: '2' });
    const one = await startApi(ttl);
    try {
      rows.push(
        ...(await compareApis(
          label,
          { url: two.url, headers, pid: two.child.pid! },
          { url: one.url, headers, pid: one.child.pid! },
          sampleId,
        )),
      );
    } finally {
      two.child.kill('SIGTERM');
      one.child.kill('SIGTERM');
    }
  }
  return rows;
}

async function main(): Promise<void> {
  const data = await ensureData();
  process.stdout.write(
    `bench: ${data.trends} trends, ${data.articles} articles; ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS}s per side; ` +
      `load average at start ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  const rows: string[] = [];
  for (const [label, ttl] of PHASES.has('compare') ? CACHE_MODES : []) {
    const { url, child } = await startApi(ttl);
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(child.pid!))), 200);
    try {
      for (const sc of scenarios(data.sampleId, new Date())) {
        const auth = { authorization: `Bearer ${data.key}` };
        await load(url, { path: sc.api, headers: auth }, 1); // warm-up
        await load(OS_URL, sc.os, 1);
        const api: Figures[] = [];
        const os: Figures[] = [];
        for (let i = 0; i < ROUNDS; i += 1) {
          api.push(await load(url, { path: sc.api, headers: auth }, SECONDS));
          os.push(await load(OS_URL, sc.os, SECONDS));
        }
        const [aRps, oRps, a50, o50, a99, o99] = [
          mean(api, 'rps'),
          mean(os, 'rps'),
          mean(api, 'p50'),
          mean(os, 'p50'),
          mean(api, 'p99'),
          mean(os, 'p99'),
        ];
        rows.push(
          `| ${label} | ${sc.name} | ${fmt(aRps)} | ${fmt(a50)} | ${fmt(a99)} | ${sum(api, 'errors')} | ${fmt(oRps)} | ${fmt(o50)} | ${fmt(o99)} | ${sum(os, 'errors')} | ${fmt(aRps / oRps, 2)}x | ${fmt(a99 / Math.max(o99, 1), 2)}x |`,
        );
        process.stdout.write(`${rows.at(-1)}\n`);
      }
    } finally {
      clearInterval(sampler);
      child.kill('SIGTERM');
    }
    rows.push(`| ${label} | API peak RSS under load: ${fmt(peakRss)} MB | | | | | | | | | | |`);
    process.stdout.write(`${rows.at(-1)}\n`);
  }
  const verdicts: string[] = [];
  const { quota, control, keys } = PHASES.has('quota')
    ? await quotaCost(data.sampleId, data.key, verdicts)
    : { quota: [], control: [], keys: [] };
  const scaling = PHASES.has('processes') ? await processScaling(data.sampleId, data.key) : [];
  const pairHeader = (a: string, b: string): string[] => [
    `| API | scenario | ${a} req/s | ${a} p99 ms | ${a} CPU µs/req | ${a} errors | ${b} req/s | ${b} p99 ms | ${b} CPU µs/req | ${b} errors | throughput ${a}/${b} | p99 ${a}/${b} | CPU/req ${a}/${b} |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  process.stdout.write(
    [
      '',
      '| API | scenario | API req/s | API p50 ms | API p99 ms | API errors | OS req/s | OS p50 ms | OS p99 ms | OS errors | throughput API/OS | p99 API/OS |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      'Quota cost (cached API, every request with the key; on = counted in Redis; off = API_QUOTAS_ENABLED=false; medians of paired rounds):',
      '',
      ...pairHeader('on', 'off'),
      ...quota,
      '',
      "Control (two identical quotas-off APIs, the same key; the bench's own spread at this load):",
      '',
      ...pairHeader('off 2', 'off'),
      ...control,
      '',
      'Key verification cost (the quotas-off API; requests with the key against requests without):',
      '',
      ...pairHeader('key', 'no key'),
      ...keys,
      '',
      ...(verdicts.length > 0
        ? ['Quota cost against the goal (at most 5 % of throughput and p99):', ...verdicts, '']
        : []),
      'API processes (API_PROCESSES=2 against 1, with the key; medians of paired rounds):',
      '',
      ...pairHeader('2 proc', '1 proc'),
      ...scaling,
      `load average at end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      '',
    ].join('\n'),
  );
}

await main();
