/**
 * One detection run of the soak bench (soak.bench.ts), in a process of its own as the scheduler's
 * `trendscope detect --now T` would be: prints one JSON line with the run's CPU time, the
 * process's peak RSS, the documents it read from the articles and trends indices, the heap in use
 * and the peak RSS so far at the end of each step of the run (`phases`), and its summary.
 * SOAK_REJOIN=off runs it without the story rejoin (rejoinCosine 0), to split what the rejoin does.
 * SOAK_CLUSTER (JSON, e.g. {"mergeSettleMinutes":30}) runs it with those clustering options over the
 * defaults (soakClusterOptions), to measure an option before it is on.
 * SOAK_HEAP_SNAPSHOTS=<dir> writes a V8 heap snapshot at the end of the build and of the write
 * (<dir>/build.heapsnapshot, write.heapsnapshot; test/bench/heap-summary.ts sums them), to see what
 * a pass holds there (the snapshots' own collections and memory move the run's figures).
 * SOAK_ALLOC_PROFILE=<dir> samples what each step allocates, collected or not (V8's sampling heap
 * profiler), into <dir>/<step>.heapprofile (Chrome DevTools' format; heap-summary.ts sums them).
 * Run: node --import tsx test/bench/soak-run.ts <index prefix> <now ISO>
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { writeHeapSnapshot } from 'node:v8';
import { createLogger, loadConfig } from '@trendscope/core';
import { configuredDetectOptions, openDetectServices } from '@trendscope/pipeline/detect/detect-process';
import { runDetect, type DetectPhase } from '@trendscope/pipeline/detect/run-detect';
import { soakClusterOptions } from './soak-reports';

const [prefix, nowIso] = process.argv.slice(2);
if (!prefix || !nowIso) throw new Error('usage: soak-run.ts <index prefix> <now ISO>');
const config = loadConfig({ ...process.env, OPENSEARCH_INDEX_PREFIX: prefix, REDIS_KEY_PREFIX: prefix });
const services = openDetectServices(config, 300_000);
const { opensearch, names, redis, keyPrefix } = services;

// Documents read per index: every search and mget answer passes here. Articles read with a few
// fields only (`_source` includes: domain quality's read) are counted apart from whole ones.
// Trends read with their clustering state (detect_state.terms) and whole (with their timeline)
// are counted apart: what a run holds per open trend.
const read = { articles: 0, articles_lean: 0, trends: 0, trend_states: 0, trend_docs: 0 };
const held = (hits: unknown[]): void => {
  for (const h of hits as { _source?: { detect_state?: { terms?: unknown }; timeline?: unknown } }[]) {
    if (h._source?.detect_state?.terms) read.trend_states++;
    if (h._source?.timeline) read.trend_docs++;
  }
};
const tally = (index: unknown, docs: number, lean = false): void => {
  const name = typeof index === 'string' ? index : '';
  if (name.startsWith(names.articles)) {
    read.articles += docs;
    if (lean) read.articles_lean += docs;
  } else if (name.startsWith(names.trends)) read.trends += docs;
};
type Fn = (
  params: { index?: unknown; body?: { _source?: unknown } },
  ...rest: unknown[]
) => Promise<{ body: Record<string, unknown> }>;
const search = opensearch.search.bind(opensearch) as unknown as Fn;
(opensearch as unknown as { search: Fn }).search = async (params, ...rest) => {
  const res = await search(params, ...rest);
  const list = (res.body.hits as { hits?: unknown[] } | undefined)?.hits ?? [];
  tally(params.index, list.length, params.body?._source !== undefined);
  if (typeof params.index === 'string' && params.index.startsWith(names.trends)) held(list);
  return res;
};
const mget = opensearch.mget.bind(opensearch) as unknown as Fn;
(opensearch as unknown as { mget: Fn }).mget = async (params, ...rest) => {
  const res = await mget(params, ...rest);
  tally(params.index, ((res.body.docs as unknown[] | undefined) ?? []).length);
  return res;
};

// At the end of each step: the heap in use, and the process's peak RSS so far (MB), so the step
// that sets the run's peak can be told.
const phases: Record<string, [number, number]> = {};
const profileDir = process.env.SOAK_ALLOC_PROFILE;
const session = profileDir ? new Session() : undefined;
// The inspector's calls on its own thread's session answer synchronously.
const post = (method: string, params?: object): unknown => {
  let out: unknown;
  session!.post(method, params ?? {}, (err, res) => {
    if (err) throw err;
    out = res;
  });
  return out;
};
const sample = (): void => {
  post('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
};
if (session) {
  session.connect();
  post('HeapProfiler.enable');
  sample();
}
const onPhase = (phase: DetectPhase): void => {
  phases[phase] = [process.memoryUsage().heapUsed / 2 ** 20, process.resourceUsage().maxRSS / 1024];
  if (session) {
    const { profile } = post('HeapProfiler.stopSampling') as { profile: unknown };
    writeFileSync(`${profileDir}/${phase}.heapprofile`, JSON.stringify(profile));
    sample();
  }
  const dir = process.env.SOAK_HEAP_SNAPSHOTS;
  if (dir && (phase === 'build' || phase === 'write')) writeHeapSnapshot(`${dir}/${phase}.heapsnapshot`);
};

const cpu0 = process.cpuUsage();
const started = performance.now();
const summary = await runDetect(
  { opensearch, names, redis, keyPrefix, logger: createLogger({ level: 'silent', name: 'soak' }), onPhase },
  {
    ...configuredDetectOptions(config, new Date(nowIso)),
    rejoin: process.env.SOAK_REJOIN === 'off' ? { rejoinCosine: 0 } : {},
    cluster: soakClusterOptions(),
  },
);
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `${JSON.stringify({
    cpu_ms: (cpu.user + cpu.system) / 1000,
    wall_ms: performance.now() - started,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    heap_used_mb: process.memoryUsage().heapUsed / 2 ** 20,
    articles_read: read.articles,
    articles_read_lean: read.articles_lean,
    trends_read: read.trends,
    trend_states_read: read.trend_states,
    trend_docs_read: read.trend_docs,
    phases,
    ...summary,
  })}\n`,
);
await services.close();
