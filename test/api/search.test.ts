import { expect } from 'chai';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Result = { id: string; score: number; highlights: { topic?: string; summary?: string } };
type Body = {
  query: string;
  time_window: string;
  results: Result[];
  total: number;
  limit: number;
  schema_version: string;
};

describe('GET /v1/search', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const data = buildDataset();
  const { ai, chip, rates, football, election, quantumNew, quantumOld } = data.named;
  const search = (query: string) => getJson<Body>(api.url, `/v1/search?${query}`);
  const ids = async (query: string): Promise<string[]> => (await search(query)).body.results.map((r) => r.id);

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: data.trends, articles: data.articles });
    // The resilience suite may just have restarted the shared node: one highlighted search warms it,
    // so a cold first query does not outlast the API's request bound (1.8 s) under a loaded machine.
    await s.opensearch.search({
      index: s.names.trends,
      body: { query: { match: { topic: 'ai' } }, highlight: { fields: { topic: {}, summary: {} } } },
    });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('answers {query, time_window, results, total, limit, schema_version}; results add score and highlights', async () => {
    const res = await search('q=%20AI%20');
    expect(res.status).to.equal(200);
    expect(Object.keys(res.body).sort()).to.deep.equal([
      'limit',
      'query',
      'results',
      'schema_version',
      'time_window',
      'total',
    ]);
    expect(res.body).to.include({ query: 'AI', time_window: '7d', limit: 20, total: 2 });
    expect(res.body.results.map((r) => r.id)).to.have.members([ai.id, chip.id]);
    for (const r of res.body.results) expect(r.score).to.be.a('number').above(0);
  });

  it('marks matches with <em> only and escapes any other markup', async () => {
    const res = await search('q=AI');
    const chipResult = res.body.results.find((r) => r.id === chip.id);
    expect(chipResult?.highlights.topic).to.equal('Chipmaker unveils new <em>AI</em> accelerator');
    expect(chipResult?.highlights.summary).to.include('&lt;b&gt;fast&lt;&#x2F;b&gt;').and.include('<em>AI</em>');
    const withoutEm = JSON.stringify(res.body.results.map((r) => r.highlights)).replace(/<\/?em>/g, '');
    expect(withoutEm).not.to.match(/</);
  });

  it('matches quoted phrases', async () => {
    expect(await ids('q=%22interest%20rates%22&time_window=30d')).to.deep.equal([rates.id]);
    expect(await ids('q=%22rates%20interest%22&time_window=30d')).to.deep.equal([]);
  });

  it('excludes words and phrases with -', async () => {
    expect(await ids('q=AI%20-chipmaker')).to.deep.equal([ai.id]);
    expect(await ids('q=AI%20-%22new%20AI%20accelerator%22')).to.deep.equal([ai.id]);
  });

  it('matches either side of OR', async () => {
    expect(await ids('q=football%20OR%20election&time_window=30d')).to.have.members([football.id, election.id]);
    expect(await ids('q=football%20OR%20election&time_window=7d')).to.deep.equal([football.id]);
    expect(await ids('q=football%20OR%20election&time_window=24h')).to.deep.equal([]);
  });

  it('never errors on malformed syntax', async () => {
    for (const q of ['"AI act', '((( AND NOT', '-', '"', 'OR', 'a:b*~^2', '\\', '{"$gt":1}', '-"', '<script>']) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.status, q).to.equal(200);
    }
    expect(await ids('q=%22AI%20act')).to.deep.equal([ai.id]);
  });

  it('answers a query that only excludes with an empty 200, not every trend without the word', async () => {
    for (const q of ['-chipmaker', '-"interest rates"', '-chipmaker OR -rates']) {
      const res = await search(`q=${encodeURIComponent(q)}&time_window=30d`);
      expect(res.status, q).to.equal(200);
      expect(res.body, q).to.deep.include({ results: [], total: 0 });
    }
    expect(await ids('q=AI%20-chipmaker')).to.deep.equal([ai.id]);
  });

  it('blends relevance with recency: of two equal matches the recent one ranks first', async () => {
    const res = await search('q=quantum');
    expect(res.body.results.map((r) => r.id)).to.deep.equal([quantumNew.id, quantumOld.id]);
    expect(res.body.results[0]!.score).to.be.above(res.body.results[1]!.score);
  });

  it('filters by category (case-insensitively), min_impact and limit', async () => {
    expect(await ids('q=AI&category=Technology')).to.have.members([ai.id, chip.id]);
    expect(await ids('q=AI&category=business')).to.deep.equal([]);
    expect(await ids('q=AI&min_impact=7')).to.deep.equal([ai.id]);
    const one = await search('q=AI&limit=1');
    expect(one.body.results).to.have.length(1);
    expect(one.body.total).to.equal(2);
  });

  it('answers an empty 200 when nothing matches', async () => {
    const res = await search('q=zzzyzzx');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ results: [], total: 0 });
  });
});
