import { expect } from 'chai';
import { SCHEMA_VERSION } from '@trendscope/core';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset, seedDataset } from '../support/dataset';
import { buildArticle, buildDomain, FACTORY_NOW, hoursAgo, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Body = Record<string, unknown> & {
  domain: string;
  quality_score: number | null;
  quality_breakdown: Record<string, unknown> & {
    prior_source: string;
    prior: number;
    weights: { prior: number; observed: number };
  };
  rated: boolean | null;
  rating: { source: string; value: number } | null;
  articles: number;
  trends: number;
  first_seen: string | null;
  last_seen: string | null;
};

describe('GET /v1/sources/{domain}', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const data = buildDataset();
  const get = (domain: string) => getJson<Body>(api.url, `/v1/sources/${encodeURIComponent(domain)}`);

  before(async () => {
    // Time-outs wide enough that a loaded machine answers the first (cold) aggregation in time.
    s = await openTestServices({ API_REQUEST_TIMEOUT_MS: '20000', OPENSEARCH_QUERY_TIMEOUT_MS: '15000' });
    // A document written before the estimate had a shape part, an interval and observation counts.
    const { shape: _none, ...legacyParts } = buildDomain().estimate_parts!;
    const {
      estimate_interval: _i,
      estimate_observations: _o,
      observed_articles: _a,
      headline_only: _h,
      ...legacy
    } = buildDomain({ domain: 'legacy.example', estimate_parts: legacyParts });
    data.domains.push(legacy);
    // A rated outlet seen only in feed headlines: nothing observed, the rating stands.
    data.domains.push(
      buildDomain({
        domain: 'feedonly.example',
        rated: true,
        rating: { source: 'Lin et al. 2023, PNAS Nexus', value: 0.5 },
        observed_articles: 0,
        headline_only: 30,
        articles: 30,
        share_with_author: null,
        share_with_date: null,
        median_word_count: null,
        originality: null,
        https_share: null,
        extraction_success: null,
        observed_score: null,
        prior: 5.5,
        weights: { ...buildDomain().weights, prior: 1, observed: 0 },
        quality_score: 5.5,
      }),
    );
    // A domain as detection writes it: with its counters, which are never served.
    data.domains.push({
      ...buildDomain({ domain: 'tallied.example' }),
      detect_counters: { version: 1, days: {}, recent: [{ id: 'x', time: 0, title: 'T', url: 'u' }], counted: ['x'] },
    });
    await seedDataset(s, data);
    // A domain whose articles are stored (not yet in a trend) but that no detection run has scored yet.
    const unscored = (publisher: string, hours: number) =>
      buildArticle({ domain: 'unscored.example', publisher, published_date: hoursAgo(hours) });
    await seed(s, {
      articles: [unscored('Unscored Daily', 30), unscored('Unscored Daily', 2), unscored('unscored.example', 6)],
    });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('answers a rated source with its score, its parts, its rating and its footprint', async () => {
    const res = await get('bbc.co.uk');
    expect(res.status).to.equal(200);
    expect(Object.keys(res.body).sort()).to.deep.equal([
      'articles',
      'domain',
      'first_seen',
      'last_seen',
      'publisher',
      'quality_breakdown',
      'quality_score',
      'rated',
      'rating',
      'schema_version',
      'trends',
    ]);
    expect(res.body).to.include({
      domain: 'bbc.co.uk',
      publisher: 'BBC News',
      quality_score: 7.5,
      rated: true,
      schema_version: SCHEMA_VERSION,
    });
    expect(res.body.rating).to.deep.equal({ source: 'Lin et al. 2023, PNAS Nexus', value: 0.718 });
    expect(res.body.quality_breakdown).to.include({ prior_source: 'rating', prior: 7.5 });
    expect(res.body.quality_breakdown.weights.prior + res.body.quality_breakdown.weights.observed).to.be.closeTo(
      1,
      1e-9,
    );
    const stored = data.articles.filter((a) => a.domain === 'bbc.co.uk');
    expect(res.body.articles).to.equal(stored.length).and.to.be.greaterThan(0);
    expect(res.body.trends).to.equal(data.trends.filter((t) => t.source_domains.includes('bbc.co.uk')).length);
    expect(res.body.first_seen).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(res.body.last_seen!)).to.be.at.least(Date.parse(res.body.first_seen!));
  });

  it("does not serve detection's per-domain counters", async () => {
    const res = await get('tallied.example');
    expect(res.status).to.equal(200);
    expect(res.body).to.not.have.property('detect_counters');
    expect(JSON.stringify(res.body)).to.not.include('"recent"');
  });

  it('answers an unrated source with rating null and the estimate as its prior', async () => {
    const res = await get('xn--bcher-kva.de');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ rated: false, rating: null, quality_score: 6.4 });
    expect(res.body.quality_breakdown).to.include({ prior_source: 'estimate', prior: 6.4, estimate: 6.4 });
    expect(res.body.quality_breakdown['estimate_parts']).to.include({ text: -0.08, log_articles: -0.01, shape: 0.02 });
    expect(res.body.quality_breakdown['estimate_interval']).to.deep.equal({
      low: 4.9,
      high: 7.8,
      level: 0.8,
      held_out_domains: 628,
      spearman_rho: 0.214,
    });
    expect(res.body.quality_breakdown['estimate_observations']).to.deep.equal({ articles: 4, stories: 2 });
  });

  it('answers null signals for a rated source seen only in feed headlines, its score the rating', async () => {
    const res = await get('feedonly.example');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ rated: true, quality_score: 5.5 });
    expect(res.body.quality_breakdown).to.include({ prior_source: 'rating', prior: 5.5 });
    expect(res.body.quality_breakdown['observed']).to.deep.include({
      score: null,
      articles: 0,
      headline_only: 30,
      share_with_author: null,
      extraction_success: null,
    });
    expect(res.body.quality_breakdown.weights).to.include({ prior: 1, observed: 0 });
  });

  it('answers a shape part of 0, no interval and every article observed for a source scored before them', async () => {
    const res = await get('legacy.example');
    expect(res.status).to.equal(200);
    expect(res.body.quality_breakdown['estimate_parts']).to.include({ text: -0.08, shape: 0 });
    expect(res.body.quality_breakdown).to.include({ estimate_interval: null, estimate_observations: null });
    expect(res.body.quality_breakdown['observed']).to.include({ articles: 4, headline_only: 0, score: 8.2 });
  });

  it('answers nulls and zeros for a scored source with no stored article or trend', async () => {
    const res = await get('quiet.example');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ articles: 0, trends: 0, first_seen: null, last_seen: null });
  });

  it('answers a source whose articles are stored but not yet scored with what is known and null scores', async () => {
    const res = await get('WWW.Unscored.example');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      domain: 'unscored.example',
      publisher: 'Unscored Daily',
      quality_score: null,
      quality_breakdown: null,
      rated: null,
      rating: null,
      articles: 3,
      trends: 0,
      first_seen: hoursAgo(30).replace(/\.\d{3}Z$/, 'Z'),
      last_seen: hoursAgo(2).replace(/\.\d{3}Z$/, 'Z'),
      schema_version: SCHEMA_VERSION,
    });
  });

  it('normalises case, a leading www. and internationalised names as /trending does', async () => {
    for (const [variant, domain] of [
      ['WWW.BBC.co.uk', 'bbc.co.uk'],
      ['bücher.de', 'xn--bcher-kva.de'],
      ['www.BÜCHER.de', 'xn--bcher-kva.de'],
    ] as const) {
      const res = await get(variant);
      expect(res.status, variant).to.equal(200);
      expect(res.body.domain, variant).to.equal(domain);
    }
  });

  it('answers 404 {"detail": "Source not found"} for a domain never seen', async () => {
    const res = await get('never-seen.example');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ detail: 'Source not found' });
  });

  it('drops a leading www. once: www.www.bbc.co.uk is not bbc.co.uk', async () => {
    const res = await get('www.www.bbc.co.uk');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({
      detail: 'Source not found: sources are named by their registrable domain; ask for bbc.co.uk',
    });
  });

  it('answers a subdomain with a 404 naming the registrable domain citations show', async () => {
    const res = await get('news.bbc.co.uk');
    expect(res.status).to.equal(404);
    expect((res.body as unknown as { detail: string }).detail).to.match(/ask for bbc\.co\.uk$/);
  });

  it('answers 422 for a malformed domain', async () => {
    for (const bad of ['not a domain', 'a..b', 'localhost', '-bad-.com']) {
      const res = await get(bad);
      expect(res.status, bad).to.equal(422);
      const detail = (res.body as unknown as { detail: { loc: string[] }[] }).detail;
      expect(detail[0]!.loc, bad).to.deep.equal(['path', 'domain']);
    }
  });
});
