import { expect } from 'chai';
import { createOpenSearchClient, migrateIndices, readGeneration, type ArticleDoc } from '@trendscope/core';
import { pino } from 'pino';
import type { IndexBatcher } from '@trendscope/pipeline/articles/index-batcher';
import { IndexMissingError, IndexOutage } from '@trendscope/pipeline/articles/index-outage';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import { buildArticle } from '../../support/factories';
import { openTestServices, type TestServices } from '../../support/services';
import { testIndexBatcher } from '../../support/pipeline-harness';

describe('index batcher (real OpenSearch)', function () {
  this.timeout(60_000);
  let s: TestServices;
  let batcher: IndexBatcher;

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names, { kinds: ['articles', 'bodies'] });
    batcher = testIndexBatcher(s);
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

  it('stores the body in the bodies index, not in the article, and deletes it when a re-fetch keeps none', async () => {
    const doc = buildArticle({ url: 'https://example.com/b/1', canonical_url: 'https://example.com/b/1' });
    const id = articleId(doc.canonical_url);
    await batcher.write(id, doc);
    const article = (await s.opensearch.get({ index: s.names.articles, id })).body._source as ArticleDoc;
    expect(article).to.include({ body: null, content_retained: true });
    const stored = await s.opensearch.get({ index: s.names.bodies, id }, { ignore: [404] });
    expect(stored.body._source).to.deep.equal({ fetched_at: doc.fetched_at, body: doc.body });
    await batcher.write(id, { ...doc, body: null, content_retained: false });
    const gone = await s.opensearch.get({ index: s.names.bodies, id }, { ignore: [404] });
    expect((gone.body as { found: boolean }).found).to.equal(false);
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
    expect(await count()).to.equal(122);
  });

  it('reports a failed bulk request as retryable for every document of the batch', async () => {
    const down = createOpenSearchClient({ url: 'http://127.0.0.1:1', requestTimeoutMs: 1000 });
    const broken = testIndexBatcher(s, { opensearch: down, batchSize: 10 });
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

describe('index batcher when the articles index is lost (real OpenSearch)', function () {
  this.timeout(60_000);
  let s: TestServices;

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
  });
  after(() => s.cleanup());

  it('creates no index under the alias, logs the outage once, sends nothing until the index is back', async () => {
    const lines: { level: string; msg: string }[] = [];
    const logger = pino({ level: 'debug' }, { write: (l: string) => lines.push(JSON.parse(l) as (typeof lines)[0]) });
    const bulks: string[] = [];
    s.opensearch.on('request', (_err, event) => {
      const path = (event as { meta: { request: { params: { path: string } } } }).meta.request.params.path;
      if (path.endsWith('/_bulk')) bulks.push(path);
    });
    const outage = new IndexOutage({ opensearch: s.opensearch, names: s.names, logger, recheckMs: 300 });
    const batcher = testIndexBatcher(s, { batchSize: 5, lingerMs: 5, logger, outage });
    const doc = (i: number) =>
      buildArticle({ url: `https://example.com/l/${i}`, canonical_url: `https://example.com/l/${i}` });
    const write = (i: number) => batcher.write(articleId(doc(i).canonical_url), doc(i));
    await s.opensearch.indices.delete({ index: `${s.names.articles}-*` });

    const first = await Promise.allSettled([0, 1, 2].map(write));
    expect(first.map((r) => r.status)).to.deep.equal(['rejected', 'rejected', 'rejected']);
    expect((first[0] as PromiseRejectedResult).reason).to.be.instanceOf(IndexMissingError);
    expect((await s.opensearch.indices.exists({ index: s.names.articles })).body, 'auto-created').to.equal(false);
    const sentWhileFound = bulks.length;
    expect(sentWhileFound).to.equal(1);
    // While the index is missing: refused without a request, and not logged again.
    for (let i = 3; i < 13; i++) await write(i).catch(() => undefined);
    expect(bulks.length).to.equal(sentWhileFound);
    expect(lines.filter((l) => l.level === 'error' || (l as { level: unknown }).level === 50)).to.have.length(1);
    expect(outage.down).to.equal(true);

    await migrateIndices(s.opensearch, s.names, { kinds: ['articles'] });
    await new Promise((r) => setTimeout(r, 350));
    await write(20);
    expect(outage.down).to.equal(false);
    const count = (await s.opensearch.count({ index: s.names.articles })).body as { count: number };
    expect(count.count).to.equal(1);
    expect(lines.filter((l) => /resumed/.test(l.msg))).to.have.length(1);
  });
});
