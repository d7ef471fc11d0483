import { expect } from 'chai';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { buildArticle, buildTrend, FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Json = Record<string, unknown>;

describe('GET /v1/trends/{trend_id} and GET /v1/content/{trend_id}', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const data = buildDataset();
  const { ai, chip } = data.named;

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: data.trends, articles: data.articles });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('answers the summary plus citations, timeline, velocity_metrics, score_breakdown, updated_at', async () => {
    const res = await getJson<Json & { citations: Json[]; timeline: Json[]; velocity_metrics: Json }>(
      api.url,
      `/v1/trends/${ai.id}`,
    );
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ id: ai.id, topic: ai.topic, schema_version: '1.2', domain_quality_score: 9 });
    for (const key of ['citations', 'timeline', 'velocity_metrics', 'score_breakdown', 'updated_at'])
      expect(res.body).to.have.property(key);
    // Not merged into another trend, and nothing merged into it.
    expect(res.body).to.include({ merged_into: null });
    expect(res.body.aliases).to.deep.equal([]);
    expect(Object.keys(res.body.citations[0]!).sort()).to.deep.equal(
      ['author', 'domain', 'fetch_method', 'published_date', 'publisher', 'title', 'url', 'word_count'].sort(),
    );
    expect(Object.keys(res.body.timeline[0]!).sort()).to.deep.equal(['articles', 'bucket']);
    expect(Object.keys(res.body.velocity_metrics).sort()).to.deep.equal([
      'age_hours',
      'current',
      'growth',
      'peak',
      'previous',
      'rule',
      'rule_version',
      'thresholds',
      'window_hours',
    ]);
    // Written before rules were versioned (the factory's metrics): rule 1 with DESIGN.md's thresholds.
    expect(res.body.velocity_metrics).to.deep.include({ peak: 3, age_hours: 30, rule_version: 1, rule: null });
    expect(res.body.velocity_metrics.thresholds).to.deep.include({ burst_hours: 0, emerging_max_age_hours: 48 });
    expect(res.body.score_breakdown).to.deep.equal(ai.score_breakdown);
  });

  it('serves null for a citation author and published_date the source did not give', async () => {
    const res = await getJson<{ citations: Json[] }>(api.url, `/v1/trends/${ai.id}`);
    const second = res.body.citations[1]!;
    expect(second.author).to.equal(null);
    expect(second.published_date).to.equal(null);
  });

  it('answers 404 {"detail": "Trend not found"} for an unknown id', async () => {
    for (const path of ['/v1/trends/tr_zzzzzzzzzz', '/v1/content/tr_zzzzzzzzzz']) {
      const res = await getJson(api.url, path);
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ detail: 'Trend not found' });
    }
  });

  it('serves the retained bodies of a trend, only those, with the document fields', async () => {
    const res = await getJson<{
      documents: Json[];
      total: number;
      content_retained: boolean;
      trend_id: string;
      limit: number;
    }>(api.url, `/v1/content/${ai.id}`);
    expect(res.status).to.equal(200);
    expect(Object.keys(res.body).sort()).to.deep.equal([
      'content_retained',
      'documents',
      'limit',
      'merged_into',
      'schema_version',
      'total',
      'trend_id',
    ]);
    expect(res.body).to.include({ trend_id: ai.id, content_retained: true, total: 3, limit: 20, merged_into: null });
    expect(res.body.documents.map((d) => d.title)).to.have.members([
      'AI Act enforcement begins today',
      'What the AI Act means',
      'Brussels and the AI Act',
    ]);
    expect(Object.keys(res.body.documents[0]!).sort()).to.deep.equal(
      [
        'author',
        'body',
        'domain',
        'fetch_method',
        'fetched_at',
        'language',
        'published_date',
        'publisher',
        'title',
        'url',
        'word_count',
      ].sort(),
    );
    const undated = res.body.documents.find((d) => d.title === 'What the AI Act means')!;
    expect(undated.author).to.equal(null);
    expect(undated.published_date).to.equal(null);
  });

  it('limits the documents but reports the total', async () => {
    const res = await getJson<{ documents: Json[]; total: number }>(api.url, `/v1/content/${ai.id}?limit=2`);
    expect(res.body.documents).to.have.length(2);
    expect(res.body.total).to.equal(3);
  });

  it('answers documents [] and content_retained false when nothing was retained', async () => {
    const res = await getJson(api.url, `/v1/content/${chip.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ documents: [], content_retained: false, total: 0 });
  });

  it('serves bodies from the bodies index and, for articles from before it, from the article document', async () => {
    const trend = buildTrend({ topic: 'Harbour bridge reopens' });
    const at = (path: string, body: string | null) =>
      buildArticle({
        url: `https://port.example/${path}`,
        canonical_url: `https://port.example/${path}`,
        title: `Harbour bridge ${path}`,
        trend_id: trend.id,
        body,
      });
    // One body in the bodies index, one inside an article written before it; and an article that kept
    // a body which has since expired (retention dropped its month of bodies before its articles).
    const stored = at('stored', 'The bridge reopened on Monday after repairs.');
    const legacy = at('legacy', 'Traffic returned to the bridge within the hour.');
    const expired = { ...at('expired', null), content_retained: true };
    await seed(s, { trends: [trend], articles: [stored, expired], legacyArticles: [legacy] });
    const res = await getJson<{ documents: Json[]; total: number; content_retained: boolean }>(
      api.url,
      `/v1/content/${trend.id}`,
    );
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ content_retained: true, total: 2 });
    expect(res.body.documents.map((d) => [d.title, d.body])).to.have.deep.members([
      ['Harbour bridge stored', stored.body],
      ['Harbour bridge legacy', legacy.body],
    ]);
  });

  it('serves the page of a large trend with its bodies, counting all it kept', async () => {
    const trend = buildTrend({ topic: 'Grain prices rise' });
    // More retained articles than are read with their scores: the page's bodies are read apart.
    const articles = Array.from({ length: 60 }, (_, i) =>
      buildArticle({
        url: `https://grain.example/${i}`,
        canonical_url: `https://grain.example/${i}`,
        trend_id: trend.id,
        body: `Grain report number ${i}.`,
      }),
    );
    await seed(s, { trends: [trend], articles });
    const res = await getJson<{ documents: Json[]; total: number }>(api.url, `/v1/content/${trend.id}?limit=7`);
    expect(res.body.total).to.equal(60);
    expect(res.body.documents).to.have.length(7);
    for (const d of res.body.documents) expect(d.body).to.match(/^Grain report number \d+\.$/);
  });
});
