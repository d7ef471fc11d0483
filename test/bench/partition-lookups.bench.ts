/**
 * What monthly indices cost the two lookups that a get used to do (`BENCH=partition-lookups make
 * bench`): 12 monthly indices behind each alias (BENCH_PARTS_TRENDS trends and
 * BENCH_PARTS_ARTICLES articles a month, built once under the prefix `benchparts`).
 *  - A trend by id (GET /v1/trends/{id}, uncached): the `ids` search over the alias the API sends,
 *    against a get on the monthly index that holds the trend (what it cost before, when the index
 *    was known), loaded in alternating rounds at 32 connections.
 *  - Detection's bulkWrite: its `ids` search finding each document's month (locateDocuments), timed
 *    alone against the whole bulkWrite (that search plus the `_bulk` update) on batches of
 *    BENCH_PARTS_BATCH articles spread over the months, each round setting a new trend id.
 * Prints each side with its ratio and the machine's load average.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadavg } from 'node:os';
import {
  createOpenSearchClient,
  indexNames,
  indicesBehind,
  locateDocuments,
  migrateIndices,
  type ArticleDoc,
  type TrendDoc,
} from '@trendscope/core';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import { bulkWrite } from '@trendscope/pipeline/detect/detect.repository';
import { median } from '../support/median';
import { summarise, type RoundFigures } from '../support/paired-rounds';
import { LatencyHistogram } from '../support/latency-histogram';
import { buildArticle, buildTrend } from '../support/factories';
import { load, type Target } from './api-load';
import { BENCH_OPENSEARCH_URL } from './bench-services';

const PREFIX = 'benchparts';
const MONTHS = 12;
const TRENDS_PER_MONTH = Number(process.env.BENCH_PARTS_TRENDS ?? 1000);
const ARTICLES_PER_MONTH = Number(process.env.BENCH_PARTS_ARTICLES ?? 5000);
const BATCH = Number(process.env.BENCH_PARTS_BATCH ?? 1000);
const ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 3);

const client = createOpenSearchClient({ url: BENCH_OPENSEARCH_URL, requestTimeoutMs: 120_000, maxRetries: 2 });
const names = indexNames(PREFIX);
const monthStart = (m: number): Date => new Date(Date.UTC(2025, m, 15));

const count = async (index: string): Promise<number> =>
  (await client.count({ index }).catch(() => ({ body: { count: 0 } }))).body.count;

/** The 12 months of trends and articles, each month written while its index is the write index. */
async function ensureData(): Promise<void> {
  if (
    (await count(names.trends)) === MONTHS * TRENDS_PER_MONTH &&
    (await count(names.articles)) === MONTHS * ARTICLES_PER_MONTH
  )
    return;
  process.stdout.write('partition-lookups: building 12 monthly indices per alias (once per data folder)...\n');
  await client.indices.delete({ index: `${PREFIX}-*`, expand_wildcards: 'all' }).catch(() => undefined);
  for (let m = 0; m < MONTHS; m += 1) {
    const at = monthStart(m);
    await migrateIndices(client, names, { kinds: ['trends', 'articles'], now: at });
    const ops: unknown[] = [];
    for (let i = 0; i < TRENDS_PER_MONTH; i += 1) {
      const t: TrendDoc = buildTrend({ id: trendIdOf(m, i) }, at);
      ops.push({ index: { _index: names.trends, _id: t.id } }, t);
    }
    for (let i = 0; i < ARTICLES_PER_MONTH; i += 1) {
      const url = `https://parts.example/${m}/${i}`;
      const a: ArticleDoc = buildArticle({ url, canonical_url: url }, at);
      ops.push({ index: { _index: names.articles, _id: articleId(url) } }, a);
    }
    for (let i = 0; i < ops.length; i += 4000) {
      const res = await client.bulk({ body: ops.slice(i, i + 4000) as never });
      if ((res.body as { errors: boolean }).errors) throw new Error('partition-lookups: bulk indexing failed');
    }
  }
  await client.indices.refresh({ index: [names.trends, names.articles] });
  await client.indices.forcemerge({ index: [names.trends, names.articles], max_num_segments: 1 });
}

/** A trend id of month m (the `tr_` + 8 base32 characters of the contract). */
function trendIdOf(m: number, i: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let n = m * 100_000 + i;
  let out = '';
  for (let k = 0; k < 8; k += 1) {
    out = alphabet[n % 32]! + out;
    n = Math.floor(n / 32);
  }
  return `tr_${out}`;
}

/** Pooled figures of rounds as "req/s, p50 / p99 ms". */
function cells(rounds: readonly RoundFigures[]): { rps: number; text: string } {
  const s = summarise(rounds);
  const p50 = LatencyHistogram.pooled(rounds.map((r) => r.latencies)).quantile(0.5);
  return { rps: s.rps, text: `${s.rps.toFixed(0)} req/s, p50 ${p50.toFixed(1)} / p99 ${s.p99.toFixed(1)} ms` };
}

async function trendById(): Promise<string> {
  const id = trendIdOf(3, 17);
  const holder = (
    (await client.search({ index: names.trends, body: { query: { ids: { values: [id] } }, size: 1 } })).body.hits
      .hits as unknown as { _index: string }[]
  )[0]!._index;
  const idsSearch = (index: string): Target => ({
    path: `/${index}/_search`,
    method: 'POST',
    body: JSON.stringify({ query: { ids: { values: [id] } }, size: 1 }),
    headers: { 'content-type': 'application/json' },
  });
  // The API's search over every month, the same search on the month's index alone (the fan-out
  // apart), and a get on that index (what a by-id read cost when there was one index).
  const sides: Record<string, Target> = {
    'ids search over the alias': idsSearch(names.trends),
    "ids search on the month's index": idsSearch(holder),
    "get on the month's index": { path: `/${holder}/_doc/${id}` },
  };
  const order = Object.keys(sides);
  for (const side of order) await load(BENCH_OPENSEARCH_URL, sides[side]!, 1);
  const figures = new Map(order.map((side) => [side, [] as RoundFigures[]]));
  for (let i = 0; i < ROUNDS; i += 1) {
    // Rotating which goes first, so that none always follows another.
    for (const side of order.map((_, k) => order[(k + i) % order.length]!))
      figures.get(side)!.push(await load(BENCH_OPENSEARCH_URL, sides[side]!, SECONDS));
  }
  const get = cells(figures.get(order[2]!)!);
  return [
    `trend by id over ${MONTHS} monthly indices (${ROUNDS} rounds of ${SECONDS} s per side, 32 connections):`,
    ...order.map((side) => {
      const c = cells(figures.get(side)!);
      return `  ${side}: ${c.text}; throughput against the get ${(c.rps / get.rps).toFixed(2)}x`;
    }),
  ].join('\n');
}

async function locateCost(): Promise<string> {
  const locate: number[] = [];
  const whole: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    // A batch spread over every month, as a run's assignments are over the window's months.
    const ids = Array.from({ length: BATCH }, (_, i) =>
      articleId(`https://parts.example/${i % MONTHS}/${(r * BATCH + i) % ARTICLES_PER_MONTH}`),
    );
    const t0 = performance.now();
    const located = await locateDocuments(client, names.articles, ids);
    const t1 = performance.now();
    if (located.size !== ids.length) throw new Error(`located ${located.size} of ${ids.length}`);
    const trendId = trendIdOf(99, r);
    await bulkWrite(
      client,
      names.articles,
      ids.map((id) => ({ id, doc: { trend_id: trendId } })),
      'update',
    );
    locate.push(t1 - t0);
    whole.push(performance.now() - t1);
  }
  const [l, w] = [median(locate), median(whole)];
  return `detection's bulkWrite of ${BATCH} article updates over ${MONTHS} monthly indices (median of ${ROUNDS}): locating search ${l.toFixed(0)} ms, whole bulkWrite (locate + _bulk) ${w.toFixed(0)} ms: the search is ${((100 * l) / w).toFixed(0)} % of it`;
}

await ensureData();
const behind = await indicesBehind(client, names.trends);
process.stdout.write(
  `partition-lookups: ${await count(names.trends)} trends in ${behind.length} indices, ${await count(names.articles)} articles; load average at start ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
process.stdout.write(`${await trendById()}\n`);
process.stdout.write(`${await locateCost()}\n`);
process.stdout.write(
  `load average at end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}\n`,
);
await client.close();
