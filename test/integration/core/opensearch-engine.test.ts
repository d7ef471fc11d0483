import { expect } from 'chai';
import { migrateIndices } from '@trendscope/core';
import { openTestServices, type TestServices } from '../../support/services';

describe('the real OpenSearch engine', function () {
  this.timeout(60_000);
  let s: TestServices;
  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names, { kinds: ['articles'] });
  });
  after(async () => {
    await s.cleanup();
  });

  it('reports distribution opensearch, version 2.19.x', async () => {
    const info = await s.opensearch.info();
    expect(info.body.version.distribution).to.equal('opensearch');
    expect(info.body.version.number).to.match(/^2\.19\./);
  });

  it('keeps one document when a bulk write with the same id is sent twice', async () => {
    const doc = { url: 'https://a.example/x', domain: 'a.example', title: 'Twice', content_retained: false };
    for (let i = 0; i < 2; i += 1) {
      const res = await s.opensearch.helpers.bulk({
        datasource: [doc],
        onDocument: () => ({ index: { _index: s.names.articles, _id: 'same-id' } }),
        refreshOnCompletion: true,
      });
      expect(res.failed).to.equal(0);
    }
    const count = await s.opensearch.count({
      index: s.names.articles,
      body: { query: { term: { domain: 'a.example' } } },
    });
    expect(count.body.count).to.equal(1);
  });

  it('matches "regulation" against "regulations" in an english-analyzed field', async () => {
    await s.opensearch.index({
      index: s.names.articles,
      id: 'eng',
      body: { url: 'https://b.example/r', domain: 'b.example', title: 'New regulations for banks' },
      refresh: true,
    });
    const res = await s.opensearch.search({
      index: s.names.articles,
      body: { query: { match: { title: 'regulation' } } },
    });
    expect(res.body.hits.hits.map((h) => h._id)).to.include('eng');
  });

  it('counts with a terms aggregation', async () => {
    const docs = ['c.example', 'c.example', 'd.example'].map((domain, i) => ({
      url: `https://${domain}/${i}`,
      domain,
    }));
    await s.opensearch.helpers.bulk({
      datasource: docs,
      onDocument: (d) => ({ index: { _index: s.names.articles, _id: d.url } }),
      refreshOnCompletion: true,
    });
    const res = await s.opensearch.search({
      index: s.names.articles,
      body: {
        size: 0,
        query: { terms: { domain: ['c.example', 'd.example'] } },
        aggs: { by: { terms: { field: 'domain' } } },
      } as Record<string, unknown>,
    });
    const buckets = (res.body.aggregations?.by as { buckets: { key: string; doc_count: number }[] }).buckets;
    expect(buckets).to.deep.equal([
      { key: 'c.example', doc_count: 2 },
      { key: 'd.example', doc_count: 1 },
    ]);
  });

  it('rejects a field the strict mapping does not know', async () => {
    try {
      await s.opensearch.index({ index: s.names.articles, body: { url: 'u', unexpected: 1 } });
      expect.fail('strict mapping accepted an unknown field');
    } catch (err) {
      expect((err as { meta?: { statusCode?: number } }).meta?.statusCode).to.equal(400);
    }
  });
});
