/**
 * What storing bodies apart costs and saves, on a replayed corpus (docs/operations.md, "Capacity
 * plan"): run after `trendscope replay` (and `detect`) under OPENSEARCH_INDEX_PREFIX, e.g.
 *   OPENSEARCH_URL=http://127.0.0.1:9200 OPENSEARCH_INDEX_PREFIX=capfull node --import tsx test/bench/body-split.ts
 * Builds `<prefix>-inside-articles-v1`, the same articles with their bodies put back inside (the
 * layout before the bodies index), force-merges the three indices to one segment, then prints:
 *  - bytes per article of the articles and bodies indices and of the layout with bodies inside;
 *  - the content answer of every trend (getTrendContent: trend lookup and the body searches)
 *    against the trend lookup plus the one search that answered it on bodies inside, timed in
 *    alternating rounds, and
 *    whether both give the same documents in the same order with the same total.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { loadavg } from 'node:os';
import {
  createOpenSearchClient,
  fetchTrendDoc,
  getTrendContent,
  indexBody,
  indexNames,
  loadIndexDefinition,
  readBodies,
  type ArticleDoc,
  type QueryDeps,
} from '@trendscope/core';
import { median } from '../support/median';

const URL_ = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200';
const PREFIX = process.env.OPENSEARCH_INDEX_PREFIX ?? 'capfull';
const ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 15);
const LIMIT = 20;

const os = createOpenSearchClient({ url: URL_, requestTimeoutMs: 120_000 });
const names = indexNames(PREFIX);
const inside = `${PREFIX}-inside-articles-v1`;

/** The content request as it was with bodies inside the article documents: one search. */
function insideRequest(trendId: string, topic: string): Record<string, unknown> {
  return {
    query: {
      bool: {
        filter: [{ terms: { trend_id: [trendId] } }, { term: { content_retained: true } }],
        should: topic ? [{ multi_match: { query: topic, fields: ['title^2', 'body'] } }] : [],
      },
    },
    sort: [
      { _score: { order: 'desc' } },
      { published_date: { order: 'desc', missing: '_last' } },
      { fetched_at: { order: 'desc' } },
      { canonical_url: { order: 'asc' } },
    ],
    size: LIMIT,
    track_total_hits: true,
    _source: { includes: ['url', 'body'] },
  };
}

async function buildInside(): Promise<number> {
  await os.indices.delete({ index: inside }, { ignore: [404] });
  await os.indices.create({ index: inside, body: indexBody(loadIndexDefinition('articles')) });
  const res = await os.search({ index: names.articles, body: { size: 10_000, query: { match_all: {} } } });
  const hits = res.body.hits.hits as unknown as { _id: string; _source: ArticleDoc }[];
  const bodies = await readBodies(
    os,
    names,
    hits.map((h) => h._id),
  );
  const ops = hits.flatMap((h) => [
    { index: { _index: inside, _id: h._id } },
    { ...h._source, body: bodies.get(h._id) ?? h._source.body },
  ]);
  for (let i = 0; i < ops.length; i += 2000) await os.bulk({ body: ops.slice(i, i + 2000) as never, refresh: true });
  return hits.length;
}

async function storeSizes(): Promise<Map<string, { docs: number; bytes: number }>> {
  const indices = `${names.articles},${names.bodies},${inside}`;
  await os.indices.forcemerge({ index: indices, max_num_segments: 1 });
  await os.indices.flush({ index: indices, force: true });
  const res = await os.cat.indices({
    index: [names.articles, names.bodies, inside],
    bytes: 'b',
    h: ['index', 'docs.count', 'pri.store.size'],
    format: 'json',
  });
  const rows = res.body as unknown as { index: string; 'docs.count': string; 'pri.store.size': string }[];
  return new Map(rows.map((r) => [r.index, { docs: Number(r['docs.count']), bytes: Number(r['pri.store.size']) }]));
}

const articles = await buildInside();
const sizes = await storeSizes();
const sum = (prefix: string): number =>
  [...sizes].filter(([i]) => i.startsWith(prefix)).reduce((n, [, s]) => n + s.bytes, 0);
const perArticle = (bytes: number): string => `${bytes} B (${(bytes / articles / 1000).toFixed(2)} KB/article)`;
const [a, b] = [sum(`${names.articles}-`), sum(`${names.bodies}-`)];
console.log(`${articles} articles, each index merged to one segment:`);
console.log(`  articles index: ${perArticle(a)}`);
console.log(`  bodies index:   ${perArticle(b)}`);
console.log(`  apart, in all:  ${perArticle(a + b)}`);
console.log(`  bodies inside:  ${perArticle(sizes.get(inside)?.bytes ?? 0)}`);

const deps: QueryDeps = { opensearch: os, names, queryTimeoutMs: 10_000 };
const res = await os.search({ index: names.trends, body: { size: 1000, _source: ['id', 'topic'] } });
const trends = (res.body.hits.hits as unknown as { _source: { id: string; topic: string } }[]).map((h) => h._source);
let same = 0;
const apart: number[] = [];
const before: number[] = [];
const lookup: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const t of trends) {
    let at = performance.now();
    await fetchTrendDoc(deps, t.id);
    lookup.push(performance.now() - at);
    at = performance.now();
    const got = await getTrendContent(deps, { trend_id: t.id, limit: LIMIT });
    apart.push(performance.now() - at);
    at = performance.now();
    const one = await os.search({ index: inside, body: insideRequest(t.id, t.topic) });
    before.push(performance.now() - at);
    if (round > 0) continue;
    const urls = (one.body.hits.hits as unknown as { _source: { url: string } }[]).map((h) => h._source.url);
    const total = (one.body.hits.total as { value: number }).value;
    if (JSON.stringify(urls) === JSON.stringify(got.documents.map((d) => d.url)) && total === got.total) same++;
  }
}
console.log(`content of ${trends.length} trends: same documents, order and total on both layouts: ${same}`);
console.log(
  `  median ms over ${ROUNDS} rounds: getTrendContent ${median(apart).toFixed(2)}; ` +
    `the trend lookup alone ${median(lookup).toFixed(2)} plus the one search on bodies inside ${median(before).toFixed(2)}; ` +
    `load average ${loadavg()[0]!.toFixed(1)}`,
);
await os.close();
