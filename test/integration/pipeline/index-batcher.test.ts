import { expect } from 'chai';
import { createOpenSearchClient, migrateIndices, readGeneration, type ArticleDoc } from '@trendscope/core';
import { IndexBatcher } from '@trendscope/pipeline/articles/index-batcher';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import { buildArticle } from '../../support/factories';
import { openTestServices, silentLogger, type TestServices } from '../../support/services';

describe('index batcher (real OpenSearch)', function () {
  this.timeout(60_000);
  let s: TestServices;
  let batcher: IndexBatcher;

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names, { kinds: ['articles'] });
    batcher = new IndexBatcher({
      opensearch: s.opensearch,
      alias: s.names.articles,
      batchSize: 50,
      logger: silentLogger,
    });
  });
  after(() => s.cleanup());

  const count = async () => ((await s.opensearch.count({ index: s.names.articles })).body as { count: number }).count;

  it('writes concurrent documents in batches, visible at once, and leaves the data generation to detection', async () => {
    const docs = Array.from({ length: 120 }, (_, i) =>
      buildArticle({ url: `https://example.com/a/${i}`, canonical_url: `https://example.com/a/${i}` }),
    );
    await Promise.all(docs.map((d) => batcher.write(articleId(d.canonical_url), d)));
    expect(await count()).to.equal(120);
    // Trend answers are cached until detection writes; a batch of articles must not empty that cache.
    expect(await readGeneration(s.redis, s.prefix)).to.equal(null);
  });

  it('overwrites rather than duplicates on a replay, and keeps the trend assignment', async () => {
    const doc = buildArticle({ url: 'https://example.com/a/0', canonical_url: 'https://example.com/a/0' });
    const id = articleId(doc.canonical_url);
    await s.opensearch.update({
      index: s.names.articles,
      id,
      body: { doc: { trend_id: 'tr_abcdefgh' } },
      refresh: true,
    });
    await batcher.write(id, { ...doc, title: 'Replayed' });
    expect(await count()).to.equal(120);
    const got = (await s.opensearch.get({ index: s.names.articles, id })).body._source as ArticleDoc;
    expect(got.title).to.equal('Replayed');
    expect(got.trend_id).to.equal('tr_abcdefgh');
  });

  it('rejects a document the strict mapping refuses as unrecoverable, and writes its batch neighbours', async () => {
    const good = buildArticle({ canonical_url: 'https://example.com/good', url: 'https://example.com/good' });
    const bad = { ...buildArticle({ canonical_url: 'https://example.com/bad' }), surprise: 1 } as ArticleDoc;
    const results = await Promise.allSettled([
      batcher.write(articleId(good.canonical_url), good),
      batcher.write(articleId(bad.canonical_url), bad),
    ]);
    expect(results[0].status).to.equal('fulfilled');
    expect(results[1].status).to.equal('rejected');
    expect(((results[1] as PromiseRejectedResult).reason as Error).name).to.equal('UnrecoverableError');
    expect(await count()).to.equal(121);
  });

  it('reports a failed bulk request as retryable for every document of the batch', async () => {
    const down = createOpenSearchClient({ url: 'http://127.0.0.1:1', requestTimeoutMs: 1000 });
    const broken = new IndexBatcher({
      opensearch: down,
      alias: s.names.articles,
      batchSize: 10,
      logger: silentLogger,
    });
    const docs = [
      buildArticle({ canonical_url: 'https://example.com/x' }),
      buildArticle({ canonical_url: 'https://example.com/y' }),
    ];
    const results = await Promise.allSettled(docs.map((d) => broken.write(articleId(d.canonical_url), d)));
    for (const r of results) {
      expect(r.status).to.equal('rejected');
      expect(((r as PromiseRejectedResult).reason as Error).name).to.equal('BulkItemRetryableError');
    }
    await down.close();
  });
});
