import { expect } from 'chai';
import {
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
import { buildArticle, buildRun, buildTrend, FACTORY_NOW, hoursAgo, seed } from '../../support/factories';
import { openTestServices, type TestServices } from '../../support/services';

describe('core query layer', function () {
  this.timeout(60_000);
  let s: TestServices;
  let deps: QueryDeps;
  const ai = buildTrend({
    topic: 'EU AI Act enforcement begins',
    summary: 'Regulators start enforcing the AI Act against general-purpose models.',
    keywords: ['ai act', 'european commission'],
    category: 'technology',
    velocity: 'emerging',
    business_impact_score: 8,
    domain_quality_score: 8.4,
    last_seen: hoursAgo(1),
    source_domains: ['xn--bcher-kva.de', 'bbc.co.uk'],
    origin_domain: 'xn--bcher-kva.de',
    domain_articles: { 'xn--bcher-kva.de': 2, 'bbc.co.uk': 5 },
  });
  const rates = buildTrend({
    topic: 'Central bank raises interest rates',
    last_seen: hoursAgo(3),
    source_domains: ['bbc.co.uk'],
    origin_domain: 'bbc.co.uk',
  });
  const old = buildTrend({
    topic: 'Football final ends in penalties',
    category: 'sports',
    velocity: 'declining',
    last_seen: hoursAgo(200),
  });

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
    expect([b.trends, b.documents_retained, b.publishers, b.source_urls, b.fetch_methods]).to.deep.equal([
      null,
      null,
      null,
      null,
      null,
    ]);
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
    await seed(s, {
      trends: [ai, rates, old],
      articles: [
        buildArticle({ trend_id: ai.id, title: 'AI Act now enforced', domain: 'bbc.co.uk' }),
        buildArticle({ trend_id: ai.id, content_retained: false, body: null }),
        buildArticle({ trend_id: rates.id, fetch_method: 'feed' }),
      ],
      runs: [buildRun({ started_at: hoursAgo(2), finished_at: hoursAgo(1.5) })],
    });

    const recent = await getRecentTrends(deps, { page: 1, limit: 20, hours: 48 });
    expect(recent.trends.map((t) => t.id)).to.deep.equal([ai.id, rates.id]);
    expect(recent.total).to.equal(2);

    const found = await searchTrends(deps, { q: 'AI act -football', time_window: '7d', limit: 20 });
    expect(found.results.map((r) => r.id)).to.deep.equal([ai.id]);
    expect(found.results[0]?.highlights.topic).to.include('<em>');

    const cats = await listCategories(deps);
    expect(cats.categories).to.have.length(8);
    expect(cats.categories.find((c) => c.category === 'technology')?.velocity_breakdown.emerging).to.equal(1);

    const detail = await getTrend(deps, { trend_id: ai.id });
    expect(detail.citations).to.have.length(2);

    const content = await getTrendContent(deps, { trend_id: ai.id, limit: 20 });
    expect(content.total).to.equal(1);
    expect(content.documents[0]?.title).to.equal('AI Act now enforced');

    const src = await getSourceTrends(deps, { domain: 'WWW.Bücher.DE', limit: 20 });
    expect(src.domain).to.equal('xn--bcher-kva.de');
    expect(src.trends.map((t) => [t.id, t.origin, t.domain_articles])).to.deep.equal([[ai.id, true, 2]]);

    const b = await getBenefits(deps);
    expect(b.documents_retained).to.equal(2);
    expect(b.fetch_methods).to.deep.equal({ page: 2, feed: 1, sitemap: 0 });

    const st = await getStats(deps);
    expect(st.freshness.last_pipeline_run_at).to.equal(hoursAgo(1.5).replace(/\.\d{3}Z$/, 'Z'));
  });

  it('throws NotFoundError for an unknown trend', async () => {
    let caught: unknown;
    await getTrend(deps, { trend_id: 'tr_aaaaaaaaaa' }).catch((e: unknown) => (caught = e));
    expect(caught).to.be.instanceOf(NotFoundError);
    expect((caught as Error).message).to.equal('Trend not found');
  });
});
