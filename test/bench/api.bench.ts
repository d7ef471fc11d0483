/**
 * `make bench`: the REST API against OpenSearch itself, in the same run. With >= 10,000 trends and
 * >= 100,000 articles indexed (built from the UCI News Aggregator corpus), each scenario is loaded at
 * 32 connections for a fixed time, alternating the API and the same OpenSearch query sent straight
 * to OpenSearch. Prints requests/s, p50, p99, the API/OpenSearch ratios and the API's peak RSS.
 * The API is loaded with a key that has a reserved ceiling (as load tests should be). Then the
 * quota cost, scenario by scenario on fresh API processes pinned to one core (the load generator
 * on another): quotas on against quotas off (API_QUOTAS_ENABLED=false), both sent that key, beside
 * a control (a second quotas-off process, whose ratios would be 1.00x without noise) and the
 * quotas-off process without the key (what verifying a key costs), in rotating rounds; ratios of
 * pooled rounds with 95 % bootstrap intervals, and a verdict against the 5 % goal printed next to
 * the control's. Then the same comparison inside one process serving three APIs (on, off, off
 * again), which takes out the up to 25 % by which identical processes differ. Last, the cached
 * and uncached scenarios on one API process and on two (API_PROCESSES=2), compared the same way.
 * Then (`ingest`) the cached API idle against the same API while the pipeline's batcher writes a
 * steady stream of articles (BENCH_INGEST_RATE a second), as shipped and as each variant of
 * BENCH_INGEST_VARIANTS writes them (a forced refresh per batch, no wait, a generation bump per
 * batch), with the cores OpenSearch and the ingest used meanwhile.
 * BENCH_PHASES (default `compare,quota,quota-one-process,processes,ingest`) picks the phases.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
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
import { LatencyHistogram } from '../support/latency-histogram';
import { median } from '../support/median';
import {
  compareRounds,
  costVerdict,
  formatRatio,
  summarise,
  type RatioSet,
  type RoundFigures,
} from '../support/paired-rounds';
import { CONNECTIONS, childPids, cpuSeconds, load, runRounds, type Side, type Target } from './api-load';
import { benchData } from './bench-data';
import { pinLoadGenerator } from './cpu-pinning';
import { freePort } from '../support/free-port';
import { BENCH_OPENSEARCH_URL, BENCH_REDIS_URL } from './bench-services';

const OS_URL = BENCH_OPENSEARCH_URL;
const REDIS_URL = BENCH_REDIS_URL;
const PREFIX = 'bench';
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

/**
 * A comma-separated option from the environment (`fallback` when unset). A name the bench does not
 * know stops it at once, naming the ones it knows, rather than running without that part.
 */
function listOption(name: string, known: readonly string[], fallback: readonly string[]): Set<string> {
  const raw = process.env[name];
  const values =
    raw === undefined
      ? [...fallback]
      : raw
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
  const unknown = values.filter((v) => !known.includes(v));
  if (unknown.length > 0 || values.length === 0) {
    console.error(`${name}: unknown ${unknown.join(', ') || '(empty)'}; known: ${known.join(', ')}`);
    process.exit(2);
  }
  return new Set(values);
}

const CACHE_LABELS = CACHE_MODES.map(([label]) => label);
/** The cache modes of the quota-one-process phase: BENCH_QUOTA_CACHE=cached,uncached (both by default). */
const QUOTA_CACHE = listOption('BENCH_QUOTA_CACHE', CACHE_LABELS, CACHE_LABELS);
const QUOTA_CACHE_MODES = CACHE_MODES.filter(([label]) => QUOTA_CACHE.has(label));
/** BENCH_SCENARIOS (names, comma-separated) runs only those scenarios; all by default. */
const SCENARIOS = process.env.BENCH_SCENARIOS ? new Set(process.env.BENCH_SCENARIOS.split(',')) : null;
const ALL_PHASES = ['compare', 'quota', 'quota-one-process', 'processes', 'ingest'];
const PHASES = listOption('BENCH_PHASES', ALL_PHASES, ALL_PHASES);
/** Articles a second of the ingest phase's steady ingest (test/bench/steady-ingest.ts). */
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? 20);
/** Rounds per side of a comparison, and their length (short, so that all sides see the same machine). */
const PAIR_ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 8);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 2);
/** Load on each fresh API process before its first measured round (it settles after 8-10 s). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
/** Rounds of the key-verification comparison (informational, so fewer). */
const KEY_ROUNDS = Math.max(2, Math.ceil(PAIR_ROUNDS / 2));

interface Scenario {
  name: string;
  api: string;
  os: Target;
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

/** The environment of a benchmarked API (the bench's indices and Redis, no metrics server). */
function apiEnv(port: number, cacheTtlMs: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
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
  };
}

/** Waits until every url answers /health (and a cluster primary has all its API processes). */
async function untilHealthy(urls: readonly string[], child: ChildProcess, processes = 1): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const answers = await Promise.all(urls.map((u) => fetch(`${u}/health`).catch(() => null)));
    // Above one process, main.ts is a cluster primary: its forked API processes are its children.
    if (answers.every((a) => a?.status === 200) && (processes === 1 || childPids(child.pid!).length === processes)) {
      // The processes fork together; give the last one time to listen as well.
      if (processes > 1) await new Promise((r) => setTimeout(r, 3000));
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not become healthy');
}

/** Starts an API process (after `prefix`, e.g. taskset's, when given) and waits until it answers. */
async function startApi(
  cacheTtlMs: number,
  env: Record<string, string> = {},
  prefix: readonly string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // The flags the API runs with (infra/local/services.sh), so the figures are the shipped ones.
  const command = [...prefix, process.execPath, ...API_NODE_FLAGS, '--import', 'tsx', 'services/api/src/main.ts'];
  const child = spawn(command[0]!, command.slice(1), {
    env: apiEnv(port, cacheTtlMs, env),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy([url], child, Number(env.API_PROCESSES ?? 1));
  return { url, child };
}

/** Starts API servers in one process (test/bench/one-process-apis.ts), quotas on or off each. */
async function startOneProcessApis(
  quotas: readonly ('on' | 'off')[],
  cacheTtlMs: number,
  prefix: readonly string[],
): Promise<{ urls: string[]; child: ChildProcess }> {
  const ports: number[] = [];
  while (ports.length < quotas.length) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const command = [...prefix, process.execPath, ...API_NODE_FLAGS, '--import', 'tsx', 'test/bench/one-process-apis.ts'];
  const child = spawn(command[0]!, command.slice(1), {
    env: apiEnv(0, cacheTtlMs, { BENCH_APIS: ports.map((p, i) => `${p}:${quotas[i]}`).join(',') }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  await untilHealthy(urls, child);
  return { urls, child };
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
  const all: Scenario[] = [
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
    { name: 'categories', api: '/v1/categories', os: search(categoriesRequest(now)) },
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
  const unknown = [...(SCENARIOS ?? [])].filter((name) => !all.some((sc) => sc.name === name));
  if (unknown.length > 0) {
    console.error(`BENCH_SCENARIOS: unknown ${unknown.join(', ')}; known: ${all.map((sc) => sc.name).join(', ')}`);
    process.exit(2);
  }
  return all.filter((sc) => SCENARIOS === null || SCENARIOS.has(sc.name));
}

const fmt = (n: number, digits = 0): string => n.toFixed(digits);
const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** One side's pooled figures as table cells: req/s, p99, CPU per answer, busy share, errors. */
function sideCells(rounds: readonly RoundFigures[]): string {
  const s = summarise(rounds);
  return `${fmt(s.rps)} | ${fmt(s.p99, 2)} | ${fmt(s.cpuUsPerAnswer, 1)} | ${fmt(100 * s.busy)} % | ${s.errors}`;
}

/** Header of a comparison table, a against b. */
function pairHeader(a: string, b: string): string[] {
  const side = (n: string): string => `${n} req/s | ${n} p99 ms | ${n} CPU µs/req | ${n} busy | ${n} errors`;
  return [
    `| API | scenario | ${side(a)} | ${side(b)} | throughput ${a}/${b} | p99 ${a}/${b} | CPU/req ${a}/${b} |`,
    `|${'---|'.repeat(15)}`,
  ];
}

/** A titled table of `a` against `b` rows, with the blank lines around it. */
function pairTable(title: string, a: string, b: string, rows: readonly string[]): string[] {
  return [title, '', ...pairHeader(a, b), ...rows, ''];
}

/** The figures of `a` against `b` as a table row, and their ratios. */
function pairRow(
  label: string,
  scenario: string,
  a: readonly RoundFigures[],
  b: readonly RoundFigures[],
): { row: string; ratios: RatioSet } {
  const ratios = compareRounds(a, b);
  const row = `| ${label} | ${scenario} | ${sideCells(a)} | ${sideCells(b)} | ${formatRatio(ratios.throughput)} | ${formatRatio(ratios.p99, 2)} | ${formatRatio(ratios.cpu)} |`;
  process.stdout.write(`${row}\n`);
  return { row, ratios };
}

const ratioLine = (r: RatioSet): string =>
  `throughput ${formatRatio(r.throughput)}, p99 ${formatRatio(r.p99, 2)}, CPU/req ${formatRatio(r.cpu)}: ${costVerdict(r)}`;

/** The per-scenario point ratios summarised: their median and range, for each measure. */
function acrossScenarios(sets: readonly RatioSet[]): string {
  const part = (name: string, k: keyof RatioSet, digits: number): string => {
    const xs = sets.map((r) => r[k].value).sort((x, y) => x - y);
    return `${name} ${fmt(median(xs), digits)}x (${fmt(xs[0]!, digits)}-${fmt(xs.at(-1)!, digits)})`;
  };
  return `${part('throughput', 'throughput', 3)}, ${part('p99', 'p99', 2)}, ${part('CPU/req', 'cpu', 3)}`;
}

/** A quota phase's output: table rows and verdict lines, and the ratios behind them. */
interface QuotaPhaseOut {
  quota: string[];
  control: string[];
  verdicts: string[];
}

/** One scenario of a quota phase: on/off and control (off 2/off) rows, ratios and verdict lines. */
function recordQuotaScenario(
  label: string,
  scenario: string,
  [on, off, twin]: readonly [RoundFigures[], RoundFigures[], RoundFigures[]],
  out: QuotaPhaseOut,
  found: { quota: RatioSet[]; control: RatioSet[] },
): void {
  const quota = pairRow(label, scenario, on, off);
  const control = pairRow(label, scenario, twin, off);
  out.quota.push(quota.row);
  out.control.push(control.row);
  found.quota.push(quota.ratios);
  found.control.push(control.ratios);
  out.verdicts.push(
    `${scenario}: on/off ${ratioLine(quota.ratios)}`,
    `${' '.repeat(scenario.length)}  control, off 2/off: ${ratioLine(control.ratios)}`,
  );
}

/**
 * What quotas cost, scenario by scenario, each on fresh API processes (so that one process's luck,
 * such as a dearer garbage collection for its whole life, falls on one scenario, not all): quotas
 * on against quotas off (API_QUOTAS_ENABLED=false), both sent the same key and both with the
 * response cache on, so the difference is the counting and its headers; a control, a second
 * quotas-off process against the first, whose ratios would all be 1.00x without noise; and what
 * verifying a key costs (the quotas-off process without the key against with it; registration,
 * not the quota), in rounds of its own after. The three processes run in rotating rounds with equal
 * turns (a process that served two sides' rounds would be the warmer one), pinned like each other.
 */
async function quotaCost(
  sampleId: string,
  key: string,
): Promise<{ quota: string[]; control: string[]; keys: string[]; verdicts: string[]; pinning: string }> {
  const pinning = pinLoadGenerator();
  process.stdout.write(`bench: quota cost, ${pinning.note}; load average ${loadAverage()}\n`);
  const out = { quota: [] as string[], control: [] as string[], keys: [] as string[], verdicts: [] as string[] };
  const found: { quota: RatioSet[]; control: RatioSet[] } = { quota: [], control: [] };
  const withKey = { authorization: `Bearer ${key}` };
  try {
    for (const sc of scenarios(sampleId, new Date())) {
      const started = [
        await startApi(5000, {}, pinning.apiPrefix),
        await startApi(5000, { API_QUOTAS_ENABLED: 'false' }, pinning.apiPrefix),
        await startApi(5000, { API_QUOTAS_ENABLED: 'false' }, pinning.apiPrefix),
      ];
      try {
        const side = (name: string, i: number, headers: Record<string, string> = withKey): Side => ({
          name,
          url: started[i]!.url,
          pid: started[i]!.child.pid!,
          headers,
        });
        // The three processes take equal turns; the key's cost is measured after, on one of them.
        const sides = [side('on', 0), side('off', 1), side('off 2', 2)];
        const figures = await runRounds(sides, sc.api, PAIR_ROUNDS, PAIR_SECONDS, WARMUP_SECONDS);
        const [fOn, fOff, fTwin] = sides.map((s) => figures.get(s)!) as [
          RoundFigures[],
          RoundFigures[],
          RoundFigures[],
        ];
        const keySides = [side('key', 1), side('no key', 1, {})];
        const keyed = await runRounds(keySides, sc.api, KEY_ROUNDS, PAIR_SECONDS);
        const [fKey, fNoKey] = keySides.map((s) => keyed.get(s)!) as [RoundFigures[], RoundFigures[]];
        recordQuotaScenario('cached', sc.name, [fOn, fOff, fTwin], out, found);
        out.keys.push(pairRow('cached', sc.name, fKey, fNoKey).row);
      } finally {
        for (const s of started) s.child.kill('SIGTERM');
      }
    }
  } finally {
    pinning.restore();
  }
  if (found.quota.length > 1) {
    out.verdicts.push(
      `across scenarios (each on its own processes; median and range): on/off ${acrossScenarios(found.quota)}`,
      `                                                  control, off 2/off ${acrossScenarios(found.control)}`,
    );
  }
  return { ...out, pinning: `${pinning.note}; load average at the end of the phase ${loadAverage()}` };
}

/**
 * What quotas cost with the processes' luck taken out: per scenario one fresh process (pinned like
 * the quota phase) serving three APIs, quotas on, off and off again (the control), in rotating
 * rounds. Identical processes differ by up to 25 % in CPU per answer; servers in one process
 * share that, so the on/off ratio is the code's cost and the control shows what is left of noise.
 * Run with the response cache on (the cheapest answers, where a per-request cost shows most) and
 * off (every answer searched in OpenSearch), as BENCH_QUOTA_CACHE picks.
 */
async function quotaCostOneProcess(
  sampleId: string,
  key: string,
): Promise<{ quota: string[]; control: string[]; verdicts: string[]; pinning: string }> {
  const pinning = pinLoadGenerator();
  process.stdout.write(`bench: quota cost in one process, ${pinning.note}; load average ${loadAverage()}\n`);
  const out = { quota: [] as string[], control: [] as string[], verdicts: [] as string[] };
  const headers = { authorization: `Bearer ${key}` };
  try {
    for (const [label, ttl] of QUOTA_CACHE_MODES) {
      const found: { quota: RatioSet[]; control: RatioSet[] } = { quota: [], control: [] };
      for (const sc of scenarios(sampleId, new Date())) {
        const { urls, child } = await startOneProcessApis(['on', 'off', 'off'], ttl, pinning.apiPrefix);
        try {
          const sides = ['on', 'off', 'off 2'].map((name, i) => ({ name, url: urls[i]!, pid: child.pid!, headers }));
          const figures = await runRounds(sides, sc.api, PAIR_ROUNDS, PAIR_SECONDS, WARMUP_SECONDS);
          const [fOn, fOff, fTwin] = sides.map((side) => figures.get(side)!) as [
            RoundFigures[],
            RoundFigures[],
            RoundFigures[],
          ];
          recordQuotaScenario(label, sc.name, [fOn, fOff, fTwin], out, found);
        } finally {
          child.kill('SIGTERM');
        }
      }
      if (found.quota.length > 1) {
        out.verdicts.push(
          `${label}, across scenarios (one process each; median and range): on/off ${acrossScenarios(found.quota)}`,
          `${' '.repeat(label.length)}                                           control, off 2/off ${acrossScenarios(found.control)}`,
        );
      }
    }
  } finally {
    pinning.restore();
  }
  return { ...out, pinning: `${pinning.note}; load average at the end of the phase ${loadAverage()}` };
}

/** Two API processes (API_PROCESSES=2) against one, with the response cache on and off, with the key. */
async function processScaling(sampleId: string, key: string): Promise<string[]> {
  const rows: string[] = [];
  const headers = { authorization: `Bearer ${key}` };
  for (const [label, ttl] of CACHE_MODES) {
    const two = await startApi(ttl, { API_PROCESSES: '2' });
    const one = await startApi(ttl);
    try {
      const sides: Side[] = [
        { name: '2 proc', url: two.url, headers, pid: two.child.pid! },
        { name: '1 proc', url: one.url, headers, pid: one.child.pid! },
      ];
      for (const [i, sc] of scenarios(sampleId, new Date()).entries()) {
        const figures = await runRounds(sides, sc.api, PAIR_ROUNDS, PAIR_SECONDS, i === 0 ? WARMUP_SECONDS : 1);
        rows.push(pairRow(label, sc.name, figures.get(sides[0]!)!, figures.get(sides[1]!)!).row);
      }
    } finally {
      two.child.kill('SIGTERM');
      one.child.kill('SIGTERM');
    }
  }
  return rows;
}

/** A steady ingest (test/bench/steady-ingest.ts), paused until told. */
interface Ingest {
  child: ChildProcess;
  /** Everything it printed so far (`ready`, then the number written). */
  out: string;
}

/**
 * The ingest variants the ingest phase can compare with the API idle (BENCH_INGEST_VARIANTS):
 * the batcher as the pipeline builds it, a forced refresh per `_bulk` (as before), a `_bulk` that
 * waits for the index's periodic refresh, one that does not wait, and the generation bumped after
 * every batch (as before detection alone bumped it).
 */
const INGEST_VARIANT_ENV: Readonly<Record<string, Record<string, string>>> = {
  shipped: {},
  refresh: { BENCH_INGEST_REFRESH: 'true' },
  wait_for: { BENCH_INGEST_REFRESH: 'wait_for' },
  none: { BENCH_INGEST_REFRESH: 'false' },
  bump: { BENCH_INGEST_BUMP: '1' },
};
const INGEST_VARIANTS = [
  ...listOption('BENCH_INGEST_VARIANTS', Object.keys(INGEST_VARIANT_ENV), ['shipped', 'refresh']),
];

/** Starts a steady ingest process with a variant's settings and waits until it says it is ready. */
async function startIngest(variant: string): Promise<Ingest> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/steady-ingest.ts'], {
    env: {
      ...process.env,
      OPENSEARCH_URL: OS_URL,
      REDIS_URL,
      BENCH_INGEST_PREFIX: PREFIX,
      BENCH_INGEST_RATE: String(INGEST_RATE),
      ...INGEST_VARIANT_ENV[variant],
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ingest: Ingest = { child, out: '' };
  child.stdout.on('data', (d: Buffer) => (ingest.out += d.toString()));
  for (let i = 0; i < 600 && !ingest.out.startsWith('ready'); i += 1) {
    if (child.exitCode !== null) throw new Error('the steady ingest ended before it was ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  return ingest;
}

/** Stops an ingest and answers how many articles it wrote. */
async function stopIngest(ingest: Ingest): Promise<number> {
  if (ingest.child.exitCode === null) {
    const exited = new Promise((resolve) => ingest.child.on('exit', resolve));
    ingest.child.stdin!.end('stop\n');
    await exited;
  }
  return Number(ingest.out.replace('ready', '').trim()) || 0;
}

/** CPU seconds OpenSearch's node has used so far (its own count: the bench does not own its pid). */
async function openSearchCpuSeconds(): Promise<number> {
  const res = await fetch(`${OS_URL}/_nodes/_local/stats/process`);
  const body = (await res.json()) as { nodes: Record<string, { process: { cpu: { total_in_millis: number } } }> };
  return Object.values(body.nodes).reduce((total, n) => total + n.process.cpu.total_in_millis / 1000, 0);
}

/**
 * The cached API idle and while each ingest variant writes (BENCH_INGEST_VARIANTS), in rotating
 * rounds on one API process (each variant's ingest resumed only for its own rounds). Rows: each
 * variant against idle, then per condition the cores OpenSearch and the ingest process used during
 * the rounds (where the API's lost throughput went), then the articles each ingest wrote.
 */
async function ingestCost(sampleId: string, key: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${key}` };
  const api = await startApi(CACHE_MODES[0][1]);
  const ingests = new Map<string, Ingest>();
  for (const v of INGEST_VARIANTS) ingests.set(v, await startIngest(v));
  const conditions = ['idle', ...INGEST_VARIANTS];
  const use = async (condition: string): Promise<void> => {
    for (const [v, ingest] of ingests) ingest.child.stdin!.write(condition === v ? 'resume\n' : 'pause\n');
    await new Promise((r) => setTimeout(r, 1000)); // the ingest reaches its rate (or stops)
  };
  // Seconds measured and CPU seconds used by OpenSearch and by the ingest processes, per condition.
  const cpu = new Map(conditions.map((c) => [c, { seconds: 0, opensearch: 0, ingest: 0 }]));
  const ingestCpu = (): number => [...ingests.values()].reduce((t, i) => t + cpuSeconds(i.child.pid!), 0);
  const rows: string[] = [];
  try {
    for (const [i, sc] of scenarios(sampleId, new Date()).entries()) {
      await load(api.url, { path: sc.api, headers }, i === 0 ? WARMUP_SECONDS : 1);
      const figures = new Map(conditions.map((c) => [c, [] as RoundFigures[]]));
      for (let round = 0; round < PAIR_ROUNDS; round += 1) {
        const order = conditions.map((_, k) => conditions[(k + round) % conditions.length]!);
        for (const condition of order) {
          await use(condition);
          const [os0, in0] = [await openSearchCpuSeconds(), ingestCpu()];
          const measured = await load(api.url, { path: sc.api, headers }, PAIR_SECONDS, api.child.pid);
          const spent = cpu.get(condition)!;
          spent.seconds += measured.seconds;
          spent.opensearch += (await openSearchCpuSeconds()) - os0;
          spent.ingest += ingestCpu() - in0;
          figures.get(condition)!.push(measured);
        }
      }
      await use('idle');
      for (const v of INGEST_VARIANTS) rows.push(pairRow(v, sc.name, figures.get(v)!, figures.get('idle')!).row);
    }
  } finally {
    api.child.kill('SIGTERM');
    const written = await Promise.all([...ingests.values()].map(stopIngest));
    const cores = (x: number, seconds: number): string => fmt(x / Math.max(seconds, 1e-9), 2);
    rows.push(
      `cores used during the rounds: ${[...cpu]
        .map(
          ([c, x]) =>
            `${c}: OpenSearch ${cores(x.opensearch, x.seconds)}, ingest process ${cores(x.ingest, x.seconds)}`,
        )
        .join('; ')}`,
    );
    rows.push(
      `articles written by the ingests: ${INGEST_VARIANTS.map((v, k) => `${v} ${written[k]}`).join(', ')} (target ${INGEST_RATE}/s while resumed)`,
    );
  }
  return rows;
}

async function main(): Promise<void> {
  scenarios('-', new Date()); // an unknown BENCH_SCENARIOS name stops the run before any data is built
  const data = await ensureData();
  process.stdout.write(
    `bench: ${data.trends} trends, ${data.articles} articles; ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS}s per side; ` +
      `API node flags ${API_NODE_FLAGS.join(' ') || '(none)'}; load average at start ${loadAverage()}\n`,
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
        const api: RoundFigures[] = [];
        const os: RoundFigures[] = [];
        for (let i = 0; i < ROUNDS; i += 1) {
          api.push(await load(url, { path: sc.api, headers: auth }, SECONDS));
          os.push(await load(OS_URL, sc.os, SECONDS));
        }
        const [a, o] = [api, os].map((r) => ({
          ...summarise(r),
          p50: LatencyHistogram.pooled(r.map((x) => x.latencies)).quantile(0.5),
        })) as [ReturnType<typeof summarise> & { p50: number }, ReturnType<typeof summarise> & { p50: number }];
        rows.push(
          `| ${label} | ${sc.name} | ${fmt(a.rps)} | ${fmt(a.p50, 1)} | ${fmt(a.p99, 1)} | ${a.errors} | ${fmt(o.rps)} | ${fmt(o.p50, 1)} | ${fmt(o.p99, 1)} | ${o.errors} | ${fmt(a.rps / o.rps, 2)}x | ${fmt(a.p99 / Math.max(o.p99, 1), 2)}x |`,
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
  const quota = PHASES.has('quota') ? await quotaCost(data.sampleId, data.key) : null;
  const oneProcess = PHASES.has('quota-one-process') ? await quotaCostOneProcess(data.sampleId, data.key) : null;
  const scaling = PHASES.has('processes') ? await processScaling(data.sampleId, data.key) : [];
  const ingest = PHASES.has('ingest') ? await ingestCost(data.sampleId, data.key) : [];
  const pooled = `${PAIR_ROUNDS} rounds of ${PAIR_SECONDS} s per side, pooled; [95 % bootstrap interval over rounds]; busy = share of one core used by the API`;
  process.stdout.write(
    [
      '',
      '| API | scenario | API req/s | API p50 ms | API p99 ms | API errors | OS req/s | OS p50 ms | OS p99 ms | OS errors | throughput API/OS | p99 API/OS |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      ...(quota
        ? [
            ...pairTable(
              `Quota cost (cached API, every request with the key; on = counted in Redis; off = API_QUOTAS_ENABLED=false; ${pooled}; ${quota.pinning}):`,
              'on',
              'off',
              quota.quota,
            ),
            ...pairTable(
              "Control (a second quotas-off process against the first, the same key: the bench's own spread):",
              'off 2',
              'off',
              quota.control,
            ),
            ...pairTable(
              'Key verification cost (the quotas-off process; requests with the key against requests without):',
              'key',
              'no key',
              quota.keys,
            ),
            'Quota cost against the goal (at most 5 % of throughput and p99; CPU per answer is the throughput of a saturated API), each beside its control:',
            ...quota.verdicts,
            '',
          ]
        : []),
      ...(oneProcess
        ? [
            ...pairTable(
              `Quota cost in one process (one fresh process per scenario and cache mode serving three APIs: quotas on, off, and off again as the control; every request with the key; ${pooled}; ${oneProcess.pinning}):`,
              'on',
              'off',
              oneProcess.quota,
            ),
            ...pairTable(
              'Control (the second quotas-off API against the first, in the same process):',
              'off 2',
              'off',
              oneProcess.control,
            ),
            'Quota cost in one process against the goal (at most 5 % of throughput and p99, and of CPU per answer), each beside its control:',
            ...oneProcess.verdicts,
            '',
          ]
        : []),
      ...(scaling.length > 0
        ? pairTable(`API processes (API_PROCESSES=2 against 1, with the key; ${pooled}):`, '2 proc', '1 proc', scaling)
        : []),
      ...(ingest.length > 0
        ? [
            ...pairTable(
              `Cached API while the pipeline ingests ${INGEST_RATE} articles/s (shipped = the batcher as the pipeline builds it; refresh = a forced refresh per \`_bulk\`; wait_for = each \`_bulk\` waits for the periodic refresh; none = no wait; bump = the generation bumped after every batch; each against the same API idle; ${pooled}):`,
              'ingest',
              'idle',
              ingest.slice(0, -2),
            ),
            ...ingest.slice(-2),
            '',
          ]
        : []),
      `load average at end ${loadAverage()}`,
      '',
    ].join('\n'),
  );
}

await main();
