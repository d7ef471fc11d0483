/**
 * A lab set replayed as the service sees it: the rows of one UCI evaluation set (cluster-sets.ts,
 * SLICE, default mar2-40) ingested in simulated time into a private index set, with a detection
 * run in process every SLICE_RUN_MINUTES (default 10) over the articles "fetched" so far, the
 * configured detection options as the service runs them. Prints the member absorb's moves (each
 * run logs them, absorb-members.ts: the headline, the label corrected by reading, the topic of the
 * trend it ends in and whether that trend's other members are mostly of its story by that label),
 * then B-cubed of the stored trends against UCI's labels and the corrected ones, and the list's
 * measures (story-figures.ts' listQuality: gold stories leading two listed trends, fidelity).
 * Run: make slice-runs SLICE=apr-30 (or BENCH=slice-runs make bench; BENCH_OS_PORT, BENCH_REDIS_PORT,
 * BENCH_DATA for private services), or node --import tsx test/bench/slice-runs.bench.ts with
 * OPENSEARCH_URL/REDIS_URL. Not in the default `make bench` set: a quality replay, not a speed ratio.
 * SLICE_DUMP=<file> also writes the stored trends, each report's trend and the rejoin's joins of
 * each run as JSON (lab/diagnose/runs-repeats.ts reads it).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { randomBytes } from 'node:crypto';
import { createLogger, loadConfig, migrateIndices, type TrendDoc } from '@trendscope/core';
import { configuredDetectOptions, openDetectServices } from '@trendscope/pipeline/detect/detect-process';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { CLUSTER_SETS } from '@trendscope/pipeline/lab/corpus/cluster-sets';
import { listQuality } from '@trendscope/pipeline/lab/diagnose/story-figures';
import { bcubed, type BCubed } from '@trendscope/pipeline/lab/metrics/bcubed';
import { correctLabels } from '@trendscope/pipeline/lab/metrics/corrected-gold';
import { ingest, reportsOf, storedAssignments } from './soak-reports';

const key = process.env.SLICE ?? 'mar2-40';
const minutes = Number(process.env.SLICE_RUN_MINUTES ?? 10);
const set = CLUSTER_SETS.find((s) => s.key === key);
if (!set) throw new Error(`SLICE: no set ${key}`);
const { uciRows } = set.load();
if (!uciRows) throw new Error(`SLICE: ${key} is no UCI set`);
const reports = uciRows.flatMap((r) => reportsOf(r)).sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
const gold = new Map(reports.map((r) => [r.id, r.story]));
const title = new Map(reports.map((r) => [r.id, r.doc.title]));

const prefix = `slice-${randomBytes(3).toString('hex')}`;
const config = loadConfig({ ...process.env, OPENSEARCH_INDEX_PREFIX: prefix, REDIS_KEY_PREFIX: prefix });
const services = openDetectServices(config, 300_000);
const { opensearch, names, redis, keyPrefix } = services;
await migrateIndices(opensearch, names);

// The runs' logs are silent but for the absorb's moves, kept to print.
const moves: { article: string; from: string; into: string; meaning: number; run: string }[] = [];
let clock = '';
/** The rejoin's joins of each run, kept for SLICE_DUMP. */
const joinLog: object[] = [];
const logger = createLogger({ level: 'silent', name: 'slice' });
logger.info = (obj: unknown, msg?: string) => {
  const m = obj as { moves?: { article: string; from: string; into: string; meaning: number }[] };
  if (msg?.startsWith('member absorb') && m.moves) for (const x of m.moves) moves.push({ ...x, run: clock });
  if (msg?.startsWith('story rejoin')) joinLog.push({ run: clock, ...(obj as object) });
};

const step = minutes * 60_000;
const first = reports[0]!.time;
const last = reports[reports.length - 1]!.time;
let next = 0;
let runs = 0;
const started = performance.now();
for (let t = first + step; t < last + 2 * step; t += step) {
  const batch = [];
  while (next < reports.length && reports[next]!.time < t) batch.push(reports[next++]!);
  if (batch.length === 0) continue;
  await ingest(opensearch, names.articles, batch);
  clock = new Date(t).toISOString().slice(0, 16);
  await runDetect({ opensearch, names, redis, keyPrefix, logger }, configuredDetectOptions(config, new Date(t)));
  runs++;
}
process.stdout.write(
  `slice runs: ${set.label}, ${reports.length} reports, ${runs} detection runs every ${minutes} min, ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);

const assigned = await storedAssignments(opensearch, names.articles);
const corrected = correctLabels(gold);
const trends = new Map<string, TrendDoc>();
{
  const res = await opensearch.search({ index: names.trends, body: { size: 10_000, query: { match_all: {} } } });
  for (const h of res.body.hits.hits as unknown as { _source: TrendDoc }[]) trends.set(h._source.id, h._source);
}
const members = new Map<string, string[]>();
for (const [a, t] of assigned) members.set(t, [...(members.get(t) ?? []), a]);

process.stdout.write(`member absorb: ${moves.length} moves\n`);
for (const m of moves) {
  const final = assigned.get(m.article);
  const label = corrected.get(m.article)!;
  const others = (members.get(final ?? '') ?? []).filter((a) => a !== m.article);
  const same = others.filter((a) => corrected.get(a) === label).length;
  process.stdout.write(
    `  ${m.run} ${m.meaning.toFixed(3)} ${same * 2 > others.length ? 'SAME ' : 'OTHER'} ${same}/${others.length} ` +
      `"${title.get(m.article)}" -> [${trends.get(final ?? '')?.topic ?? final}] (${m.from} -> ${m.into})\n`,
  );
}

const fmt = (b: BCubed): string => `P ${b.precision.toFixed(3)} R ${b.recall.toFixed(3)} F1 ${b.f1.toFixed(4)}`;
const scored = new Map([...assigned].filter(([a]) => gold.has(a)));
process.stdout.write(
  `B-cubed over ${scored.size} assigned of ${gold.size} reports: UCI ${fmt(bcubed(scored, gold))} | ` +
    `corrected ${fmt(bcubed(scored, corrected))}\n`,
);
const list = [...trends.values()]
  .filter((t) => members.has(t.id))
  .map((t) => {
    const ids = members.get(t.id)!.sort();
    return { trend: t, ids, titles: ids.map((a) => title.get(a)!), domains: [], gold: ids.map((a) => gold.get(a)!) };
  });
const q = listQuality(list);
process.stdout.write(
  `list: ${q.uci.listed} listed; gold stories leading 2+ ${q.uci.goldRepeats.length} (corrected ${q.read.goldRepeats.length}); ` +
    `fidelity ${q.uci.fidelity.toFixed(3)} (corrected ${q.read.fidelity.toFixed(3)})\n`,
);
for (const r of q.read.goldRepeats) process.stdout.write(`  ${r.gold}: ${r.topics.join(' | ')}\n`);

if (process.env.SLICE_DUMP) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    process.env.SLICE_DUMP,
    JSON.stringify({ assigned: [...assigned], trends: [...trends.values()], joins: joinLog }),
  );
}
await opensearch.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all' }).catch(() => undefined);
await services.close();
