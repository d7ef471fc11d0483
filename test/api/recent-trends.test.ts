import { expect } from 'chai';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { buildTrend, FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Summary = Record<string, unknown> & { id: string; last_seen: string; business_impact_score: number };
type Page = {
  trends: Summary[];
  total: number;
  page: number;
  limit: number;
  has_more: boolean;
  schema_version: string;
};

describe('GET /v1/trends/recent', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const data = buildDataset();
  const { ai, chip, rates, football, election, quantumNew, quantumOld } = data.named;
  // One publisher's report, the newest of all: stored and served by id, never listed.
  const solo = buildTrend({
    topic: 'Single outlet report',
    last_seen: data.ago(0.1),
    source_domains: ['solo.example.net'],
  });
  const ids = async (query: string): Promise<string[]> =>
    (await getJson<Page>(api.url, `/v1/trends/recent?limit=50&${query}`)).body.trends.map((t) => t.id);

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: [...data.trends, solo], articles: data.articles, runs: data.runs });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('answers the paginated shape with trend summaries of exactly the API.md fields', async () => {
    const res = await getJson<Page>(api.url, '/v1/trends/recent');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(Object.keys(res.body).sort()).to.deep.equal([
      'has_more',
      'limit',
      'page',
      'schema_version',
      'total',
      'trends',
    ]);
    expect(res.body).to.include({ page: 1, limit: 20, schema_version: '1.2' });
    // The newest listed trend, as the dataset stores it (times to the second, 20 h and 30 min before FACTORY_NOW).
    const newest = {
      id: ai.id,
      topic: 'EU AI Act enforcement begins',
      summary: 'Regulators start enforcing the AI Act against general-purpose models.',
      category: 'technology',
      velocity: 'emerging',
      business_impact_score: 9,
      domain_quality_score: 9,
      keywords: ['ai act', 'european commission'],
      article_count: 4,
      source_count: 2,
      first_seen: '2026-11-20T16:00:00Z',
      last_seen: '2026-11-21T11:30:00Z',
      language: 'en',
    };
    expect(res.body.trends[0]).to.deep.equal(newest);
    for (const t of res.body.trends) {
      expect(Object.keys(t)).to.have.members(Object.keys(newest));
      expect(t.first_seen).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
  });

  it('covers the 90-day window by default and sorts by last_seen, impact, then id', async () => {
    const res = await getJson<Page>(api.url, '/v1/trends/recent?limit=50');
    expect(res.body.total).to.equal(data.trends.length - 1); // all but the 125-day-old one
    const got = res.body.trends;
    const sorted = [...got].sort(
      (a, b) =>
        b.last_seen.localeCompare(a.last_seen) ||
        b.business_impact_score - a.business_impact_score ||
        a.id.localeCompare(b.id),
    );
    expect(got.map((t) => t.id)).to.deep.equal(sorted.map((t) => t.id));
    expect(got.slice(0, 3).map((t) => t.id)).to.deep.equal([ai.id, quantumNew.id, chip.id]);
  });

  it('lists only trends reported by at least two publishers; a one-publisher trend still answers by id', async () => {
    const listed = (await getJson<Page>(api.url, '/v1/trends/recent?limit=50')).body.trends;
    expect(listed.map((t) => t.id)).not.to.include(solo.id);
    for (const t of listed) expect(t.source_count).to.be.at.least(2);
    expect(await ids('hours=1')).to.deep.equal([ai.id]);
    const detail = await getJson<{ id: string; source_count: number }>(api.url, `/v1/trends/${solo.id}`);
    expect(detail.status).to.equal(200);
    expect(detail.body).to.include({ id: solo.id, source_count: 1 });
  });

  it('filters by velocity', async () => {
    expect(await ids('velocity=emerging')).to.deep.equal([ai.id]);
    expect(await ids('velocity=declining')).to.deep.equal([football.id]);
  });

  it('filters by category case-insensitively, and an unknown category is an empty 200', async () => {
    expect(await ids('category=TECHNOLOGY')).to.deep.equal([ai.id, chip.id]);
    expect(await ids('category=Technology')).to.deep.equal([ai.id, chip.id]);
    const none = await getJson<Page>(api.url, '/v1/trends/recent?category=astrology');
    expect(none.status).to.equal(200);
    expect(none.body).to.deep.include({ trends: [], total: 0, has_more: false });
  });

  it('filters by min_impact and min_quality (inclusive)', async () => {
    expect(await ids('min_impact=7')).to.deep.equal([ai.id, rates.id]);
    expect(await ids('min_quality=7.5')).to.deep.equal([ai.id, chip.id, election.id]);
    expect(await ids('min_impact=10')).to.deep.equal([]);
  });

  it('filters by hours', async () => {
    expect(await ids('hours=1')).to.deep.equal([ai.id]);
    expect(await ids('hours=24')).to.deep.equal([ai.id, quantumNew.id, chip.id]);
    const week = await ids('hours=168');
    expect(week).to.include.members([rates.id, football.id, quantumOld.id]);
    expect(week).not.to.include(election.id);
  });

  it('combines filters', async () => {
    expect(await ids('category=technology&velocity=accelerating&min_impact=5&hours=24')).to.deep.equal([chip.id]);
  });

  it('pages without overlap or gaps, with total and has_more', async () => {
    const seen: string[] = [];
    let page = 1;
    let more = true;
    while (more) {
      const res = await getJson<Page>(api.url, `/v1/trends/recent?category=entertainment&limit=5&page=${page}`);
      expect(res.body.total).to.equal(23);
      expect(res.body.page).to.equal(page);
      seen.push(...res.body.trends.map((t) => t.id));
      more = res.body.has_more;
      expect(more).to.equal(page * 5 < 23);
      page += 1;
    }
    expect(page - 1).to.equal(5);
    expect(new Set(seen).size).to.equal(23);
    expect(seen).to.have.members(data.paging.map((t) => t.id));
  });

  it('answers an empty 200 past the last page', async () => {
    const res = await getJson<Page>(api.url, '/v1/trends/recent?category=entertainment&limit=50&page=20');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ trends: [], total: 23, has_more: false, page: 20 });
  });
});
