import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '@trendscope/mcp';
import { expect } from 'chai';
import {
  getRecentTrends,
  getTrend,
  getTrendContent,
  migrateIndices,
  type ArticleDoc,
  type QueryDeps,
  type TrendDoc,
} from '@trendscope/core';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';
import { buildArticle } from '../../support/factories';
import { detectDeps, openTestServices, silentLogger, type TestServices } from '../../support/services';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const S = 1000;

function article(id: string, seconds: number, title: string): { id: string; doc: ArticleDoc } {
  const at = new Date(T0 + seconds * S).toISOString();
  return {
    id,
    doc: buildArticle({
      url: `https://news-${id}.example/${id}`,
      canonical_url: `https://news-${id}.example/${id}`,
      domain: `news-${id}.example`,
      publisher: `News ${id}`,
      title,
      body: `${title}.`,
      published_date: at,
      fetched_at: at,
      indexed_at: at,
    }),
  };
}

describe('trend ids across a merge in a real detection run (OpenSearch + Redis)', function () {
  this.timeout(60_000);
  let s: TestServices;
  let q: QueryDeps;
  const first = trendIdFor('a1');
  const second = trendIdFor('b1');

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
    q = { opensearch: s.opensearch, names: s.names, queryTimeoutMs: 5000, now: () => new Date(T0 + 3_600_000) };
  });
  after(async () => {
    await s.cleanup();
  });

  const deps = () => detectDeps(s);
  async function index(docs: { id: string; doc: ArticleDoc }[]): Promise<void> {
    const body = docs.flatMap(({ id, doc }) => [{ index: { _index: s.names.articles, _id: id } }, doc]);
    const res = await s.opensearch.bulk({ body, refresh: true });
    expect(res.body.errors).to.equal(false);
  }

  it('serves two fragments, then keeps the absorbed id resolving to the survivor after they merge', async () => {
    // Run 1: two reports seconds apart that share no word: two trends, both served.
    await index([article('a1', 0, 'Licence approval for bank'), article('b1', 5, 'Rajan rupee exports dollar')]);
    await runDetect(deps(), { now: new Date(T0 + 60 * S) });
    expect((await getTrend(q, { trend_id: first })).id).to.equal(first);
    expect((await getTrend(q, { trend_id: second })).id).to.equal(second);

    // Run 2: a report bridging both makes their centroids agree: the later fragment is absorbed.
    await index([article('c1', 10, 'Rajan bank licence rupee')]);
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
