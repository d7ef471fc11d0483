import { expect } from 'chai';
import {
  comparableDomain,
  getBenefits,
  getRecentTrends,
  getSourceTrends,
  getStats,
  getTrend,
  getTrendContent,
  listCategories,
  NotFoundError,
  searchTrends,
  type QueryDeps,
} from '@trendscope/core';
import { buildDataset } from '../../support/dataset';
import { FACTORY_NOW, seed } from '../../support/factories';
import { openTestServices, type TestServices } from '../../support/services';

describe('core query layer', function () {
  this.timeout(60_000);
  let s: TestServices;
  let deps: QueryDeps;
  const data = buildDataset();
  const { ai, chip, quantumNew, rates } = data.named;

  before(async () => {
    s = await openTestServices();
    deps = { opensearch: s.opensearch, names: s.names, queryTimeoutMs: 5000, now: () => FACTORY_NOW };
  });
  after(async () => {
    await s.cleanup();
  });

  it('answers nulls for benefits and stats over empty indices', async () => {
    await seed(s, {});
    const b = await getBenefits(deps);
    expect([
      b.trends,
      b.documents_retained,
      b.publishers,
      b.source_urls,
      b.fetch_methods,
      b.fetch_method_counts,
    ]).to.deep.equal([null, null, null, null, null, null]);
    const st = await getStats(deps);
    expect(st.freshness).to.deep.equal({
      last_article_at: null,
      last_trend_update_at: null,
      last_pipeline_run_at: null,
      lag_seconds: null,
    });
    expect(st.trends.total).to.equal(0);
  });

  it('reads seeded trends, articles and runs through every use case', async () => {
    await seed(s, { trends: data.trends, articles: data.articles, runs: data.runs });

    const recent = await getRecentTrends(deps, { page: 1, limit: 20, hours: 48 });
    // The window is inclusive: the three look-alikes last seen exactly 48 h ago are in, by impact.
    const [p0, p1, p2] = data.paging;
    expect(recent.trends.map((t) => t.id)).to.deep.equal([
      ai.id,
      quantumNew.id,
      chip.id,
      rates.id,
      p2?.id,
      p1?.id,
      p0?.id,
    ]);
    expect(recent.total).to.equal(7);

    const found = await searchTrends(deps, { q: 'AI act -football', time_window: '7d', limit: 20 });
    expect(found.results.map((r) => r.id)).to.deep.equal([ai.id]);
    expect(found.results[0]?.highlights.topic).to.include('<em>');

    const cats = await listCategories(deps);
    expect(cats.categories).to.have.length(8);
    expect(cats.categories.find((c) => c.category === 'technology')?.velocity_breakdown.emerging).to.equal(1);

    const detail = await getTrend(deps, { trend_id: ai.id });
    expect(detail.citations).to.have.length(ai.citations.length);

    const content = await getTrendContent(deps, { trend_id: ai.id, limit: 20 });
    expect(content.total).to.equal(3);
    expect(content.documents[0]?.title).to.equal('AI Act enforcement begins today');

    // The query takes the domain in the form request validation gives it (comparableDomain, once).
    const src = await getSourceTrends(deps, { domain: comparableDomain('WWW.Bücher.DE'), limit: 20 });
    expect(src.domain).to.equal('xn--bcher-kva.de');
    expect(src.trends.map((t) => [t.id, t.origin, t.domain_articles])).to.deep.equal([[ai.id, true, 2]]);

    const b = await getBenefits(deps);
    expect(b.documents_retained).to.equal(3);
    expect(b.fetch_methods).to.equal(2);
    expect(b.fetch_method_counts).to.deep.equal({ page: 4, feed: 1 });

    const st = await getStats(deps);
    expect(st.freshness.last_pipeline_run_at).to.equal(data.ago(1.5).replace(/\.\d{3}Z$/, 'Z'));
  });

  it('throws NotFoundError for an unknown trend', async () => {
    let caught: unknown;
    await getTrend(deps, { trend_id: 'tr_aaaaaaaaaa' }).catch((e: unknown) => (caught = e));
    expect(caught).to.be.instanceOf(NotFoundError);
    expect((caught as Error).message).to.equal('Trend not found');
  });
});
