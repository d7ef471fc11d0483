import { expect } from 'chai';
import { CATEGORIES, IPTC_MEDIA_TOPICS } from '@trendscope/core';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Json = Record<string, unknown>;
type Categories = {
  categories: { category: string; iptc_media_topic: string | null; trend_count: number; velocity_breakdown: Json }[];
  total_trends: number;
};

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe('GET /v1/categories, /v1/benefits, /v1/stats', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const data = buildDataset();
  // The dataset's trends the list can show: all but one last seen over 90 days ago (counts-match-list.test.ts).
  const listed = data.trends.length - 1;

  before(async () => {
    s = await openTestServices();
    // Empty indices first: the null rules.
    await seed(s, {});
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  describe('before any data', () => {
    it('lists every category with zeros', async () => {
      const res = await getJson<Categories>(api.url, '/v1/categories');
      expect(res.status).to.equal(200);
      expect(res.body.categories.map((c) => c.category)).to.deep.equal([...CATEGORIES]);
      for (const c of res.body.categories) {
        expect(c.trend_count).to.equal(0);
        expect(c.velocity_breakdown).to.deep.equal({ emerging: 0, accelerating: 0, peak: 0, declining: 0 });
      }
      expect(res.body.total_trends).to.equal(0);
    });

    it('answers null, never 0, for every benefit that cannot be measured', async () => {
      const res = await getJson<Json>(api.url, '/v1/benefits');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({
        trends: null,
        documents_retained: null,
        publishers: null,
        source_urls: null,
        fetch_methods: null,
        fetch_method_counts: null,
      });
      expect(res.body.generated_at).to.match(TIME);
      expect(res.body.schema_version).to.equal('1.2');
    });

    it('answers null freshness (last_pipeline_run_at, lag_seconds, ...) and null publishers before any run', async () => {
      const res = await getJson<Json>(api.url, '/v1/stats');
      expect(res.status).to.equal(200);
      expect(res.body.freshness).to.deep.equal({
        last_article_at: null,
        last_trend_update_at: null,
        last_pipeline_run_at: null,
        lag_seconds: null,
      });
      expect(res.body.publishers).to.equal(null);
      expect(res.body.trends).to.deep.equal({
        total: 0,
        by_velocity: { emerging: 0, accelerating: 0, peak: 0, declining: 0 },
      });
    });
  });

  describe('after a pipeline write', () => {
    before(async () => {
      // seed bumps the data generation, so the cached empty answers must not be served.
      await seed(s, { trends: data.trends, articles: data.articles, runs: data.runs });
    });

    it('counts trends per category and velocity, with IPTC topics, zeros where empty', async () => {
      const res = await getJson<Categories>(api.url, '/v1/categories');
      const byName = Object.fromEntries(res.body.categories.map((c) => [c.category, c]));
      expect(byName.technology).to.deep.equal({
        category: 'technology',
        iptc_media_topic: IPTC_MEDIA_TOPICS.technology,
        trend_count: 2,
        velocity_breakdown: { emerging: 1, accelerating: 1, peak: 0, declining: 0 },
      });
      expect(byName.world?.trend_count).to.equal(0);
      expect(byName.other?.iptc_media_topic).to.equal(null);
      expect(byName.entertainment?.trend_count).to.equal(23);
      expect(res.body.total_trends).to.equal(listed);
    });

    it('measures benefits from the indices', async () => {
      const res = await getJson<Json>(api.url, '/v1/benefits');
      expect(res.body).to.deep.include({
        trends: listed,
        documents_retained: 3,
        source_urls: data.articles.length,
        fetch_methods: 2,
        fetch_method_counts: { page: 4, feed: 1 },
      });
      expect(res.body.publishers).to.equal(3);
    });

    it('answers counts and freshness, last_pipeline_run_at from the newest run', async () => {
      const res = await getJson<{ trends: Json; articles: Json; freshness: Json; publishers: number }>(
        api.url,
        '/v1/stats',
      );
      expect(res.body.trends).to.deep.equal({
        total: listed,
        by_velocity: { emerging: 1, accelerating: 3, peak: 25, declining: 1 },
      });
      expect(res.body.articles).to.deep.equal({ total: 5, retained: 3, last_24h: 5 });
      expect(res.body.publishers).to.equal(3);
      expect(res.body.freshness.last_pipeline_run_at).to.equal(data.ago(1.5).replace(/\.\d{3}Z$/, 'Z'));
      expect(res.body.freshness.last_article_at).to.match(TIME);
      expect(res.body.freshness.lag_seconds).to.equal(3600);
    });
  });
});
