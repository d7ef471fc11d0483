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
import { runDetect } from '../../../services/pipeline/src/detect/run-detect';
import { trendIdFor } from '../../../services/pipeline/src/detect/trend-id';
import { buildArticle } from '../../support/article-factory';
import { openTestServices, silentLogger, type TestServices } from '../../support/services';

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

  const deps = () => ({
    opensearch: s.opensearch,
    names: s.names,
    redis: s.redis,
    keyPrefix: s.prefix,
    logger: silentLogger,
  });
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

    // The absorbed id still answers, with the survivor's body; lists show the survivor only.
    const detail = await getTrend(q, { trend_id: second });
    expect(detail.id).to.equal(first);
    expect(detail.article_count).to.equal(3);
    const content = await getTrendContent(q, { trend_id: second, limit: 20 });
    expect(content.trend_id).to.equal(first);
    expect(content.documents).to.have.length(3);
    const recent = await getRecentTrends(q, { page: 1, limit: 50 });
    expect(recent.trends.map((t) => t.id)).to.deep.equal([first]);
  });
});
