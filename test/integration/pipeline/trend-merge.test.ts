import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '@trendscope/mcp';
import { expect } from 'chai';
import {
  getRecentTrends,
  getSourceTrends,
  getTrend,
  getTrendContent,
  listCategories,
  migrateIndices,
  searchTrends,
  type ArticleDoc,
  type OpenSearchClient,
  type QueryDeps,
  type TrendDoc,
} from '@trendscope/core';
import { loadDetectInput } from '@trendscope/pipeline/detect/detect-load';
import { detectSettings, runDetect } from '@trendscope/pipeline/detect/run-detect';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';
import { publisherArticle } from '../../support/factories';
import { indexArticles } from '../../support/index-articles';
import { detectDeps, openTestServices, silentLogger, type TestServices } from '../../support/services';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const S = 1000;

function article(id: string, seconds: number, title: string, entities: string[] = []): { id: string; doc: ArticleDoc } {
  return publisherArticle(id, T0 + seconds * S, title, entities);
}

/** Fresh indices for one scenario, and query deps reading them an hour after T0. */
async function openScenario(): Promise<{ s: TestServices; q: QueryDeps }> {
  const s = await openTestServices();
  await migrateIndices(s.opensearch, s.names);
  return {
    s,
    q: { opensearch: s.opensearch, names: s.names, queryTimeoutMs: 5000, now: () => new Date(T0 + 3_600_000) },
  };
}

describe('trend ids across a merge in a real detection run (OpenSearch + Redis)', function () {
  this.timeout(60_000);
  let s: TestServices;
  let q: QueryDeps;
  const first = trendIdFor('a1');
  const second = trendIdFor('b1');

  before(async () => {
    ({ s, q } = await openScenario());
  });
  after(async () => {
    await s.cleanup();
  });

  const deps = () => detectDeps(s);
  const index = (docs: { id: string; doc: ArticleDoc }[]): Promise<void> => indexArticles(s, docs);

  it('serves two fragments, then keeps the absorbed id resolving to the survivor after they merge', async () => {
    // Run 1: two reports seconds apart that share no word, name or subject: two trends, both served.
    await index([article('a1', 0, 'Licence approval for bank'), article('b1', 5, 'Rajan wins chess tournament')]);
    await runDetect(deps(), { now: new Date(T0 + 60 * S) });
    expect((await getTrend(q, { trend_id: first })).id).to.equal(first);
    expect((await getTrend(q, { trend_id: second })).id).to.equal(second);

    // Run 2: a report bridging both makes their centroids agree: the later fragment is absorbed.
    await index([article('c1', 10, 'Rajan bank licence chess')]);
    const summary = await runDetect(deps(), { now: new Date(T0 + 120 * S) });
    expect(summary.trends_merged).to.equal(1);

    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10, sort: [{ id: 'asc' }] } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    expect(trends.map((t) => t.id)).to.deep.equal([first]);
    expect(trends[0]!.aliases).to.deep.equal([second]);
    expect(trends[0]!.article_count).to.equal(3);
    const articles = await s.opensearch.search({ index: s.names.articles, body: { size: 10 } });
    for (const h of articles.body.hits.hits) expect((h._source as unknown as ArticleDoc).trend_id).to.equal(first);

    // The absorbed id still answers, with the survivor's body plus merged_into; lists show the
    // survivor only, which lists the absorbed id in aliases.
    const detail = await getTrend(q, { trend_id: second });
    expect(detail).to.include({ id: first, article_count: 3, merged_into: first });
    expect(detail.aliases).to.deep.equal([second]);
    const survivor = await getTrend(q, { trend_id: first });
    expect(survivor.merged_into).to.equal(null);
    expect({ ...survivor, merged_into: first }).to.deep.equal(detail);
    const content = await getTrendContent(q, { trend_id: second, limit: 20 });
    expect(content).to.include({ trend_id: first, merged_into: first });
    expect(content.documents).to.have.length(3);
    const recent = await getRecentTrends(q, { page: 1, limit: 50 });
    expect(recent.trends.map((t) => t.id)).to.deep.equal([first]);

    // The same through MCP: the get_trend tool and the trend:// resource.
    const server = createMcpServer({ ...q, callTimeoutMs: 10_000, logger: silentLogger });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'merge-test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const tool = (await client.callTool({ name: 'get_trend', arguments: { trend_id: second } })) as CallToolResult;
      expect(tool.structuredContent).to.include({ id: first, merged_into: first });
      const resource: ReadResourceResult = await client.readResource({ uri: `trend://${second}` });
      const first0 = resource.contents[0] as { text: string };
      expect(JSON.parse(first0.text)).to.include({ id: first, merged_into: first });
    } finally {
      await client.close();
    }
  });
});

/** The steps of a merge after which a run can die (run-detect.ts writes them in this order). */
type Step = 'marked' | 'trends written' | 'articles moved';

class Interrupted extends Error {}

/**
 * The real client, except that the write following `after` throws, as a process that dies there
 * would leave things: bulk writes are the mark (1), the trends (2) and the article moves (3); the
 * deletion of the absorbed trend follows them.
 */
function interruptedClient(client: OpenSearchClient, after: Step): OpenSearchClient {
  let bulks = 0;
  const failAtBulk = after === 'marked' ? 2 : after === 'trends written' ? 3 : Infinity;
  const helpers = new Proxy(client.helpers, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== 'bulk' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (++bulks === failAtBulk) throw new Interrupted(`died after: ${after}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'helpers') return helpers;
      if (prop === 'deleteByQuery' && after === 'articles moved') {
        return () => Promise.reject(new Interrupted(`died after: ${after}`));
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('a merge interrupted between its steps (real OpenSearch + Redis)', function () {
  this.timeout(90_000);
  const first = trendIdFor('a1');
  const second = trendIdFor('b1');

  for (const step of ['marked', 'trends written', 'articles moved'] as const) {
    describe(`a run that dies once the absorbed trend is ${step === 'marked' ? 'marked' : `marked and the ${step}`}`, () => {
      let s: TestServices;
      let q: QueryDeps;

      before(async () => {
        ({ s, q } = await openScenario());
      });
      after(async () => {
        await s.cleanup();
      });

      const index = (docs: { id: string; doc: ArticleDoc }[]): Promise<void> => indexArticles(s, docs);

      /** Every trend id some list, search, count or source page shows. */
      async function listedIds(): Promise<string[]> {
        const recent = await getRecentTrends(q, { page: 1, limit: 50 });
        const search = await searchTrends(q, { q: 'rupee OR licence OR bank', time_window: '30d', limit: 50 });
        const bySource = await Promise.all(
          ['a1', 'a2', 'b1', 'b2', 'c1'].map((d) => getSourceTrends(q, { domain: `news-${d}.example`, limit: 50 })),
        );
        const categories = await listCategories(q);
        const ids = [
          ...recent.trends.map((t) => t.id),
          ...search.results.map((t) => t.id),
          ...bySource.flatMap((r) => r.trends.map((t) => t.id)),
        ];
        expect(categories.total_trends).to.equal(new Set(ids).size);
        return [...new Set(ids)].sort();
      }

      it('lists never show the absorbed id, it resolves to the survivor, and the next run finishes the merge', async () => {
        // Run 1: two stories of two publishers each, seconds apart, sharing no word: both listed.
        await index([
          article('a1', 0, 'Licence approval for bank'),
          article('a2', 1, 'Licence approval for bank'),
          article('b1', 5, 'Rajan wins chess tournament'),
          article('b2', 6, 'Rajan wins chess tournament'),
        ]);
        await runDetect(detectDeps(s), { now: new Date(T0 + 60 * S) });
        expect(await listedIds()).to.deep.equal([first, second].sort());

        // Run 2 merges them (a report bridging both) but dies after `step`.
        await index([article('c1', 10, 'Rajan bank licence chess'), article('c2', 11, 'Rajan bank licence chess')]);
        const dying = { ...detectDeps(s), opensearch: interruptedClient(s.opensearch, step) };
        let error: unknown = null;
        await runDetect(dying, { now: new Date(T0 + 120 * S) }).catch((err: unknown) => (error = err));
        expect(error).to.be.instanceOf(Interrupted);

        const marked = await s.opensearch.get({ index: s.names.trends, id: second });
        expect((marked.body._source as unknown as TrendDoc).merged_into).to.equal(first);
        expect(await listedIds()).to.deep.equal([first]);
        const detail = await getTrend(q, { trend_id: second });
        expect(detail).to.include({ id: first, merged_into: first });
        const content = await getTrendContent(q, { trend_id: second, limit: 20 });
        expect(content).to.include({ trend_id: first, merged_into: first });
        // The survivor's documents include the absorbed trend's, moved or not yet.
        expect(content.total).to.be.at.least(4);

        // The next run finishes the merge: one trend of all six reports, the absorbed id an alias.
        const summary = await runDetect(detectDeps(s), { now: new Date(T0 + 180 * S) });
        expect(summary.trends_merged).to.be.at.least(1);
        const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10, sort: [{ id: 'asc' }] } });
        const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
        expect(trends.map((t) => t.id)).to.deep.equal([first]);
        expect(trends[0]).to.include({ article_count: 6 });
        expect(trends[0]!.aliases).to.deep.equal([second]);
        expect(trends[0]!.merged_into).to.equal(undefined);
        const articles = await s.opensearch.search({ index: s.names.articles, body: { size: 10 } });
        for (const h of articles.body.hits.hits) expect((h._source as unknown as ArticleDoc).trend_id).to.equal(first);
        expect(await listedIds()).to.deep.equal([first]);
        expect(await getTrend(q, { trend_id: second })).to.include({ id: first, merged_into: first, article_count: 6 });
      });
    });
  }

  it('reads what a run that died before its closing refresh wrote: its assigned reports are not new again', async () => {
    // A run that dies after moving articles skips its refresh (write-detect.ts); were the next run
    // to read them as new and then, after a periodic refresh, among its trend's members, it would
    // count them twice (a trend of 6 served with 8). Periodic refresh off: only the run's own shows them.
    const { s } = await openScenario();
    try {
      await indexArticles(s, [
        article('a1', 0, 'Licence approval for bank'),
        article('a2', 1, 'Licence approval for bank'),
      ]);
      await s.opensearch.indices.putSettings({ index: s.names.articles, body: { index: { refresh_interval: '-1' } } });
      for (const id of ['a1', 'a2']) {
        await s.opensearch.update({ index: s.names.articles, id, body: { doc: { trend_id: first } } });
      }
      const input = await loadDetectInput(detectDeps(s), detectSettings({ now: new Date(T0 + 60 * S) }));
      expect(input.unassigned.map((a) => a.id)).to.deep.equal([]);
    } finally {
      await s.cleanup();
    }
  });

  it('undoes a mark whose survivor was never written: that trend is served and listed again', async () => {
    const { s, q } = await openScenario();
    try {
      await indexArticles(s, [
        article('a1', 0, 'Licence approval for bank'),
        article('a2', 1, 'Licence approval for bank'),
      ]);
      await runDetect(detectDeps(s), { now: new Date(T0 + 60 * S) });
      // As a run would leave it had it died right after marking the trend for a new survivor.
      await s.opensearch.update({
        index: s.names.trends,
        id: first,
        body: { doc: { merged_into: 'tr_never_written' } },
        refresh: true,
      });
      expect((await getRecentTrends(q, { page: 1, limit: 50 })).trends).to.have.length(0);
      expect(await getTrend(q, { trend_id: first })).to.include({ id: first, merged_into: null });

      await runDetect(detectDeps(s), { now: new Date(T0 + 120 * S) });
      const stored = await s.opensearch.get({ index: s.names.trends, id: first });
      expect((stored.body._source as unknown as TrendDoc).merged_into).to.equal(undefined);
      expect((await getRecentTrends(q, { page: 1, limit: 50 })).trends.map((t) => t.id)).to.deep.equal([first]);
    } finally {
      await s.cleanup();
    }
  });

  it('lets a story reported again months later rejoin its closed trend, read back from its stored state', async () => {
    const { s } = await openScenario();
    try {
      const DAY = 86_400;
      const lead = 'Equifax breach exposed credit data of millions of customers';
      const names = ['equifax', 'experian', 'atlanta'];
      await indexArticles(s, [article('e1', 0, lead, names), article('e2', 60, `${lead}, company says`, names)]);
      await runDetect(detectDeps(s), { now: new Date(T0 + 3_600 * S) });
      const story = trendIdFor('e1');
      const stored = await s.opensearch.get({ index: s.names.trends, id: story });
      const doc = stored.body._source as unknown as TrendDoc;
      expect(doc.entities).to.deep.equal(['atlanta', 'equifax', 'experian']);
      expect(Object.keys(doc.detect_state!.terms)).to.include.members(['equifax', 'breach', 'credit']);

      // 90 days later, past the 60-day window: the same story naming two of its entities rejoins
      // it; an unrelated headline naming one of them founds its own trend.
      const later = 90 * DAY;
      await indexArticles(s, [
        article('e3', later, 'Equifax breach: credit data of millions of customers exposed', ['equifax', 'experian']),
        article('x1', later + 7_200, 'Experian opens new office in Atlanta', ['experian']),
      ]);
      await runDetect(detectDeps(s), { now: new Date(T0 + (later + 3 * 3_600) * S) });
      const arts = await s.opensearch.mget({ index: s.names.articles, body: { ids: ['e3', 'x1'] } });
      const trendOf = (arts.body.docs as unknown as { _source: ArticleDoc }[]).map((d) => d._source.trend_id);
      expect(trendOf[0]).to.equal(story);
      expect(trendOf[1]).to.not.equal(story);
      const rejoined = (await s.opensearch.get({ index: s.names.trends, id: story })).body
        ._source as unknown as TrendDoc;
      expect(rejoined).to.include({ article_count: 3 });
    } finally {
      await s.cleanup();
    }
  });
});
