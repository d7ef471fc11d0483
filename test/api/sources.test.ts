import { expect } from 'chai';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

type Item = { id: string; origin: boolean; domain_articles: number };
type Body = { domain: string; trends: Item[]; total: number; limit: number; schema_version: string };

describe('GET /v1/sources/{domain}/trending', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const data = buildDataset();
  const { ai, rates } = data.named;
  const get = (domain: string, query = '') =>
    getJson<Body>(api.url, `/v1/sources/${encodeURIComponent(domain)}/trending${query}`);

  before(async () => {
    s = await openTestServices();
    await seed(s, { trends: data.trends });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('lists the trends a domain reported, most recent first, with origin and domain_articles', async () => {
    const res = await get('bbc.co.uk');
    expect(res.status).to.equal(200);
    expect(Object.keys(res.body).sort()).to.deep.equal(['domain', 'limit', 'schema_version', 'total', 'trends']);
    expect(res.body.trends.map((t) => [t.id, t.origin, t.domain_articles])).to.deep.equal([
      [ai.id, false, 5],
      [rates.id, false, 1],
    ]);
    expect(res.body.total).to.equal(2);
  });

  it('flags the domain that published the earliest article as origin', async () => {
    const res = await get('reuters.com');
    expect(res.body.trends.map((t) => [t.id, t.origin, t.domain_articles])).to.deep.equal([[rates.id, true, 4]]);
  });

  it('normalises case and a leading www.', async () => {
    for (const variant of ['BBC.CO.UK', 'www.bbc.co.uk', 'WWW.Bbc.Co.Uk']) {
      const res = await get(variant);
      expect(res.body.domain, variant).to.equal('bbc.co.uk');
      expect(res.body.total, variant).to.equal(2);
    }
  });

  it('drops a leading www. once: www.www.bbc.co.uk is not bbc.co.uk', async () => {
    const res = await get('www.www.bbc.co.uk');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ domain: 'www.bbc.co.uk', trends: [], total: 0 });
  });

  it('compares internationalised names in punycode', async () => {
    for (const variant of ['bücher.de', 'www.BÜCHER.de', 'xn--bcher-kva.de']) {
      const res = await get(variant);
      expect(res.body.domain, variant).to.equal('xn--bcher-kva.de');
      expect(
        res.body.trends.map((t) => [t.id, t.origin, t.domain_articles]),
        variant,
      ).to.deep.equal([[ai.id, true, 2]]);
    }
  });

  it('answers an empty 200 for a domain with no trends', async () => {
    const res = await get('nobody.example');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ domain: 'nobody.example', trends: [], total: 0, limit: 20 });
  });

  it('limits the list but reports the total', async () => {
    const res = await get('bbc.co.uk', '?limit=1');
    expect(res.body.trends).to.have.length(1);
    expect(res.body).to.include({ total: 2, limit: 1 });
  });
});
