import { expect } from 'chai';
import { CATEGORIES } from '@trendscope/core';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { buildTrend, FACTORY_NOW, hoursAgo, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Categories = { categories: { category: string; trend_count: number }[]; total_trends: number };
type Recent = { total: number; trends: { id: string }[] };
type Stats = { trends: { total: number; by_velocity: Record<string, number> } };

// The counts of /v1/categories, /v1/stats and /v1/benefits against what /v1/trends/recent lists,
// with trends the list leaves out: one publisher, roundup columns' editions, last seen before its
// 90-day window, merged away.
describe('counts agree with the list (/v1/categories, /v1/stats, /v1/benefits against /v1/trends/recent)', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const data = buildDataset();
  const onePublisher = buildTrend({
    topic: 'Governor corruption trial opens',
    category: 'politics',
    velocity: 'emerging',
    source_domains: ['only.example.com'],
  });
  // Two outlets' roundup editions ("Business in Brief"): two publishers, yet not listed (roundup-title.ts).
  const roundup = buildTrend({ topic: 'Business in Brief', category: 'politics', velocity: 'emerging', roundup: true });
  const old = buildTrend({
    topic: 'Old election recount',
    category: 'politics',
    velocity: 'declining',
    first_seen: hoursAgo(2300),
    last_seen: hoursAgo(2200),
  });
  const absorbed = buildTrend({ topic: 'Absorbed fragment', category: 'politics', merged_into: data.trends[0]!.id });
  const listedPolitics = buildTrend({ topic: 'Parliament passes budget', category: 'politics', velocity: 'peak' });

  before(async () => {
    s = await openTestServices();
    await seed(s, {
      trends: [...data.trends, onePublisher, roundup, old, absorbed, listedPolitics],
      articles: data.articles,
    });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('counts per category exactly what ?category= lists, never a trend the list cannot show', async () => {
    const cats = (await getJson<Categories>(api.url, '/v1/categories')).body;
    for (const category of CATEGORIES) {
      const counted = cats.categories.find((c) => c.category === category)!.trend_count;
      const listed = (await getJson<Recent>(api.url, `/v1/trends/recent?category=${category}&limit=50`)).body;
      expect(listed.total, category).to.equal(counted);
      if (counted > 0) expect(listed.trends, category).to.not.be.empty;
    }
    // The one-publisher, roundup, old and absorbed politics trends are stored but neither listed nor counted.
    const politics = (await getJson<Recent>(api.url, '/v1/trends/recent?category=politics&limit=50')).body.trends;
    expect(politics.map((t) => t.id)).to.include(listedPolitics.id);
    for (const t of [onePublisher, roundup, old, absorbed]) expect(politics.map((p) => p.id)).to.not.include(t.id);
    expect(cats.categories.find((c) => c.category === 'politics')!.trend_count).to.equal(politics.length);
    for (const t of [onePublisher, roundup]) {
      expect((await getJson<{ id: string }>(api.url, `/v1/trends/${t.id}`)).status).to.equal(200);
    }
  });

  it('totals in /v1/categories, /v1/stats and /v1/benefits equal the list total', async () => {
    const listed = (await getJson<Recent>(api.url, '/v1/trends/recent')).body.total;
    // The shared dataset's trends but one last seen over 90 days ago, plus listedPolitics.
    expect(listed).to.equal(data.trends.length - 1 + 1);
    expect((await getJson<Categories>(api.url, '/v1/categories')).body.total_trends).to.equal(listed);
    const stats = (await getJson<Stats>(api.url, '/v1/stats')).body;
    expect(stats.trends.total).to.equal(listed);
    expect(Object.values(stats.trends.by_velocity).reduce((a, b) => a + b, 0)).to.equal(listed);
    expect((await getJson<{ trends: number }>(api.url, '/v1/benefits')).body.trends).to.equal(listed);
  });

  it('counts per velocity exactly what ?velocity= lists', async () => {
    const stats = (await getJson<Stats>(api.url, '/v1/stats')).body;
    for (const [velocity, n] of Object.entries(stats.trends.by_velocity)) {
      const listed = (await getJson<Recent>(api.url, `/v1/trends/recent?velocity=${velocity}`)).body;
      expect(listed.total, velocity).to.equal(n);
    }
  });
});
