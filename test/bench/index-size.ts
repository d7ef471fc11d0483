/**
 * `make bench-size`: how the cost of the read endpoints grows with the index. The bench dataset
 * (10,985 trends, 120,142 UCI articles over 72 days) is loaded 1x, 4x and 16x (BENCH_SIZE_FACTORS)
 * into separate index prefixes: each copy with its own ids and URLs and times shifted by minutes,
 * so the data gets denser inside the same time windows, as a busier deployment's would. Then, in
 * interleaved rounds (machine load drifts over every size alike), each read use case of the query
 * layer (what the API runs when its cache misses) is timed against every size; printed as medians
 * and ratios to the 1x index of the same run.
 */
import '@trendscope/core/require-project-node';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  createOpenSearchClient,
  getBenefits,
  getRecentTrends,
  getSourceTrends,
  getStats,
  getTrend,
  getTrendContent,
  indexNames,
  listCategories,
  migrateIndices,
  searchTrends,
  type ArticleDoc,
  type OpenSearchClient,
  type QueryDeps,
  type TrendDoc,
} from '@trendscope/core';
import { median } from '../support/median';
import { benchData } from './bench-data';

const FACTORS = (process.env.BENCH_SIZE_FACTORS ?? '1,4,16').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_SIZE_ROUNDS ?? 5);
const CALLS = 8;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const log = (msg: string): void => void process.stderr.write(`bench-size: ${msg}\n`);

/** Copy `c` of a document set: new ids and URLs, times moved by up to a few hours (never past `now`). */
function copyOf(c: number, now: Date, trends: TrendDoc[], articles: ArticleDoc[]): Iterable<[string, string, object]> {
  if (c === 0) return original(trends, articles);
  const tag = `${BASE32.charAt(c % 32)}${BASE32.charAt(Math.floor(c / 32) % 32)}`;
  const shiftMs = -((c * 37) % 300) * 60_000;
  const shift = (iso: string): string =>
    new Date(Math.min(now.getTime(), new Date(iso).getTime() + shiftMs)).toISOString();
  const url = (u: string): string => `${u}${u.includes('?') ? '&' : '?'}copy=${c}`;
  return (function* () {
    for (const t of trends) {
      const id = `${t.id}${tag}`;
      yield [
        'trends',
        id,
        {
          ...t,
          id,
          first_seen: shift(t.first_seen),
          last_seen: shift(t.last_seen),
          updated_at: shift(t.updated_at),
          citations: t.citations.map((x) => ({ ...x, url: url(x.url) })),
        },
      ];
    }
    for (const a of articles) {
      const u = url(a.url);
      yield [
        'articles',
        docId(u),
        {
          ...a,
          url: u,
          canonical_url: u,
          trend_id: a.trend_id ? `${a.trend_id}${tag}` : null,
          published_date: a.published_date ? shift(a.published_date) : null,
          fetched_at: shift(a.fetched_at),
          indexed_at: shift(a.indexed_at),
        },
      ];
    }
  })();
}

function* original(trends: TrendDoc[], articles: ArticleDoc[]): Iterable<[string, string, object]> {
  for (const t of trends) yield ['trends', t.id, t];
  for (const a of articles) yield ['articles', docId(a.url), a];
}

function docId(url: string): string {
  return createHash('sha1').update(url).digest('hex').slice(0, 24);
}

/** Loads `factor` copies under `prefix` (fresh indices), bulk and without refreshes until the end. */
async function load(client: OpenSearchClient, prefix: string, factor: number, now: Date): Promise<void> {
  const data = benchData(now);
  const names = indexNames(prefix);
  await client.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all' }).catch(() => undefined);
  await migrateIndices(client, names);
  // A bulk load: no refreshes and no fsync per request until it is done.
  const loading = { 'index.refresh_interval': '-1', 'index.translog.durability': 'async' };
  await client.indices.putSettings({ index: `${prefix}-*`, body: loading });
  const started = Date.now();
  for (let c = 0; c < factor; c++) {
    let batch: object[] = [];
    // Two requests in flight: one being indexed while the next is serialised and sent.
    const inFlight = new Set<Promise<void>>();
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      const body = batch;
      batch = [];
      const sent = client.bulk({ body }).then((r) => {
        const res = r.body as { errors: boolean; items: object[] };
        if (res.errors) throw new Error(`${prefix}: bulk errors: ${JSON.stringify(res.items.slice(0, 2))}`);
      });
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent)).catch(() => undefined);
      if (inFlight.size >= 2) await Promise.race(inFlight);
    };
    for (const [kind, id, doc] of copyOf(c, now, data.trends, data.articles)) {
      if (kind === 'trends') batch.push({ index: { _index: names.trends, _id: id } }, doc);
      else {
        // As the index stage stores them: the body apart, in the bodies index.
        const article = doc as ArticleDoc;
        batch.push({ index: { _index: names.articles, _id: id } }, { ...article, body: null });
        if (article.content_retained && article.body)
          batch.push(
            { index: { _index: names.bodies, _id: id } },
            { fetched_at: article.fetched_at, body: article.body },
          );
      }
      if (batch.length >= 4000) await flush();
    }
    await flush();
    await Promise.all(inFlight);
    log(`${prefix}: copy ${c + 1}/${factor} loaded (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await client.indices.putSettings({
    index: `${prefix}-*`,
    body: { 'index.refresh_interval': null, 'index.translog.durability': null },
  });
  await client.indices.refresh({ index: `${prefix}-*` });
  // Marks the load complete, with its clock (loadedAt).
  await client.indices.putMapping({
    index: names.articles,
    body: { _meta: { bench_now: now.toISOString(), copies: factor } },
  });
}

/** When a complete `factor`-copy load under `prefix` was generated (its clock), if there is one. */
async function loadedAt(client: OpenSearchClient, prefix: string, factor: number): Promise<Date | undefined> {
  const res = await client.indices
    .getMapping({ index: indexNames(prefix).articles })
    .then((r) => r.body as Record<string, { mappings: { _meta?: { bench_now?: string; copies?: number } } }>)
    .catch(() => undefined);
  const meta = res ? Object.values(res)[0]?.mappings._meta : undefined;
  return meta?.copies === factor && meta.bench_now ? new Date(meta.bench_now) : undefined;
}

type UseCase = { name: string; run: (deps: QueryDeps) => Promise<unknown> };

function useCases(sampleId: string): UseCase[] {
  return [
    { name: 'recent (default)', run: (d) => getRecentTrends(d, { page: 1, limit: 20 }) },
    {
      name: 'recent (filters)',
      run: (d) =>
        getRecentTrends(d, {
          category: 'technology',
          velocity: 'accelerating',
          min_impact: 5,
          hours: 720,
          page: 1,
          limit: 20,
        }),
    },
    { name: 'search 30d', run: (d) => searchTrends(d, { q: 'apple iphone', time_window: '30d', limit: 20 }) },
    { name: 'search 7d', run: (d) => searchTrends(d, { q: 'federal reserve rates', time_window: '7d', limit: 20 }) },
    { name: 'categories', run: (d) => listCategories(d) },
    { name: 'stats', run: (d) => getStats(d) },
    { name: 'benefits', run: (d) => getBenefits(d) },
    { name: 'trend detail', run: (d) => getTrend(d, { trend_id: sampleId }) },
    { name: 'content', run: (d) => getTrendContent(d, { trend_id: sampleId, limit: 20 }) },
    { name: 'source trending', run: (d) => getSourceTrends(d, { domain: 'reuters.com', limit: 20 }) },
  ];
}

async function main(): Promise<void> {
  const url = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9275';
  const client = createOpenSearchClient({ url, requestTimeoutMs: 300_000, maxRetries: 2 });
  // Sizes loaded by an earlier run are kept (BENCH_SIZE_DATA); their clock is reused so that every
  // size has the same time windows.
  const loaded = new Map<number, Date>();
  for (const factor of FACTORS) {
    const at = await loadedAt(client, `size${factor}x`, factor);
    if (at) loaded.set(factor, at);
  }
  const now = [...loaded.values()][0] ?? new Date();
  for (const [factor, at] of loaded) if (at.getTime() !== now.getTime()) loaded.delete(factor);
  const sampleId = benchData(now).trends[0]!.id;
  const sizes: { factor: number; deps: QueryDeps; articles: number; trends: number; bytes: number }[] = [];
  for (const factor of FACTORS) {
    const prefix = `size${factor}x`;
    if (loaded.has(factor)) log(`${prefix}: kept from an earlier run`);
    else await load(client, prefix, factor, now);
    const names = indexNames(prefix);
    const count = async (index: string): Promise<number> =>
      ((await client.count({ index })).body as { count: number }).count;
    const stats = (await client.indices.stats({ index: `${prefix}-*`, metric: 'store' })).body as {
      _all: { primaries: { store: { size_in_bytes: number } } };
    };
    sizes.push({
      factor,
      deps: { opensearch: client, names, queryTimeoutMs: 30_000, now: () => now },
      articles: await count(names.articles),
      trends: await count(names.trends),
      bytes: stats._all.primaries.store.size_in_bytes,
    });
  }
  for (const s of sizes)
    log(`${s.factor}x: ${s.articles} articles, ${s.trends} trends, ${(s.bytes / 1e9).toFixed(2)} GB of primaries`);

  // The shard request cache would answer repeated aggregations (categories, stats) without running
  // them; a new pipeline write empties it anyway, so the cost that matters is the uncached one.
  await client.indices.putSettings({ index: 'size*', body: { 'index.requests.cache.enable': false } });
  const cases = useCases(sampleId);
  const times = new Map<string, number[]>();
  // Warm-up: every case once on every size (first queries load field data and caches).
  for (const s of sizes) for (const c of cases) await c.run(s.deps);
  log(
    `load average at the start of the rounds: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      for (const s of sizes) {
        for (let i = 0; i < CALLS; i++) {
          const t0 = performance.now();
          await c.run(s.deps);
          const key = `${c.name}|${s.factor}`;
          const list = times.get(key) ?? [];
          list.push(performance.now() - t0);
          times.set(key, list);
        }
      }
    }
    log(`round ${round + 1}/${ROUNDS} done`);
  }
  log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const header = `| use case | ${sizes.map((s) => `${s.factor}x (${(s.articles / 1e6).toFixed(2)} M articles) ms`).join(' | ')} | ${sizes
    .slice(1)
    .map((s) => `${s.factor}x / 1x`)
    .join(' | ')} |`;
  const lines = [header, `|${' --- |'.repeat(sizes.length * 2)}`];
  for (const c of cases) {
    const med = sizes.map((s) => median(times.get(`${c.name}|${s.factor}`) ?? []));
    const base = med[0] ?? 1;
    lines.push(
      `| ${c.name} | ${med.map((m) => m.toFixed(1)).join(' | ')} | ${med
        .slice(1)
        .map((m) => `${(m / base).toFixed(2)}x`)
        .join(' | ')} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  await client.close();
}

main().catch((err: unknown) => {
  log(`failed: ${(err as Error).stack ?? String(err)}`);
  process.exit(1);
});
