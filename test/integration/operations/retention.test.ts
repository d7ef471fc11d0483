import { expect } from 'chai';
import {
  applyRetention,
  fetchTrendDoc,
  getBenefits,
  getStats,
  getTrendContent,
  indexBody,
  indicesBehind,
  loadIndexDefinition,
  migrateIndices,
  missingAliases,
  readGeneration,
  retentionPeriod,
  type ArticleDoc,
  type QueryDeps,
  type TrendDoc,
} from '@trendscope/core';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import type { IndexBatcher } from '@trendscope/pipeline/articles/index-batcher';
import { bulkWrite } from '@trendscope/pipeline/detect/detect.repository';
import { runRetentionCommand } from '@trendscope/cli/commands/retention.command';
import { buildArticle, buildTrend } from '../../support/factories';
import { textSink as sink } from '../../support/text-sink';
import { openTestServices, type TestServices } from '../../support/services';
import { testIndexBatcher } from '../../support/pipeline-harness';

const DAYS = { articles: 100, trends: 400, bodies: 100 };

describe('monthly indices and the retention policy (real OpenSearch, clock advanced)', function () {
  this.timeout(120_000);
  let s: TestServices;
  let batcher: IndexBatcher;
  let deps: QueryDeps;

  beforeEach(async () => {
    s = await openTestServices();
    batcher = testIndexBatcher(s);
    deps = { opensearch: s.opensearch, names: s.names, queryTimeoutMs: 5000 };
  });
  afterEach(async () => {
    await batcher.drain();
    await s.cleanup();
  });

  const behind = async (alias: string) => (await indicesBehind(s.opensearch, alias)).map((i) => i.index);
  const writeIndex = async (alias: string) => (await indicesBehind(s.opensearch, alias)).find((i) => i.isWrite)?.index;
  const article = (path: string, fetched: string): ArticleDoc =>
    buildArticle(
      { url: `https://example.com/${path}`, canonical_url: `https://example.com/${path}` },
      new Date(fetched),
    );
  const write = (a: ArticleDoc) => batcher.write(articleId(a.canonical_url), a);
  /** Where each copy of a document is stored, by index. */
  const copies = async (alias: string, id: string) => {
    const res = await s.opensearch.search({ index: alias, body: { query: { ids: { values: [id] } } } });
    return (res.body.hits.hits as unknown as { _index: string }[]).map((h) => h._index);
  };

  it('keeps each document in its month, drops whole expired months, and the aliases keep serving', async () => {
    const { articles: A, trends: T, bodies: B } = s.names;
    await migrateIndices(s.opensearch, s.names, {
      kinds: ['articles', 'trends', 'bodies'],
      now: new Date('2026-01-05T00:00:00Z'),
    });
    const january = article('jan', '2026-01-10T12:00:00Z');
    await write(january);
    const trend = buildTrend({ topic: 'January story' }, new Date('2026-01-12T00:00:00Z'));
    await bulkWrite(s.opensearch, T, [{ id: trend.id, doc: trend }], 'index');
    await s.opensearch.indices.refresh({ index: T });

    // February: the scheduler's retention run moves writes to February's indices, dropping nothing.
    const feb = await applyRetention(s.opensearch, s.names, DAYS, { now: new Date('2026-02-01T01:00:00Z') });
    expect(feb.map((r) => r.dropped)).to.deep.equal([[], [], []]);
    expect(await writeIndex(A)).to.equal(`${A}-2026-02-v1`);
    expect(await behind(T)).to.deep.equal([`${T}-2026-01-v1`, `${T}-2026-02-v1`]);

    const february = article('feb', '2026-02-10T12:00:00Z');
    await write(february);
    // A re-fetch of January's article and a detection update of January's trend stay in January.
    await write({ ...january, title: 'January, fetched again' });
    const moved: TrendDoc = { ...trend, article_count: trend.article_count + 1 };
    await bulkWrite(s.opensearch, T, [{ id: trend.id, doc: moved }], 'index');
    await bulkWrite(s.opensearch, T, [{ id: trend.id, doc: { summary: 'updated in February' } }], 'update');
    await s.opensearch.indices.refresh({ index: `${A},${T}` });
    expect(await copies(A, articleId(january.canonical_url))).to.deep.equal([`${A}-2026-01-v1`]);
    expect(await copies(A, articleId(february.canonical_url))).to.deep.equal([`${A}-2026-02-v1`]);
    expect(await copies(T, trend.id)).to.deep.equal([`${T}-2026-01-v1`]);
    // Bodies follow their article's month too.
    await s.opensearch.indices.refresh({ index: B });
    expect(await copies(B, articleId(january.canonical_url))).to.deep.equal([`${B}-2026-01-v1`]);
    expect(await copies(B, articleId(february.canonical_url))).to.deep.equal([`${B}-2026-02-v1`]);
    const stored = await fetchTrendDoc(deps, trend.id);
    expect(stored).to.include({ article_count: trend.article_count + 1, summary: 'updated in February' });

    // May 1st: January's articles (newest fetched Jan 10, + 100 days = Apr 20) have expired,
    // February's (Feb 10 + 100 = May 21) have not; trends are kept 400 days.
    const dry = await applyRetention(s.opensearch, s.names, DAYS, {
      now: new Date('2026-05-01T00:00:00Z'),
      dryRun: true,
    });
    expect(dry[0]?.dropped).to.deep.equal([`${A}-2026-01-v1`]);
    expect(await behind(A), 'a dry run changes nothing').to.include(`${A}-2026-01-v1`);
    const out = sink();
    const withDays = {
      ...s.config,
      pipeline: { ...s.config.pipeline, retention: { ...s.config.pipeline.retention, days: DAYS } },
    };
    const generation = await readGeneration(s.redis, s.prefix);
    await runRetentionCommand(withDays, sink().stream, { now: '2026-05-01T00:00:00Z', dryRun: true });
    expect(await readGeneration(s.redis, s.prefix), 'a dry run leaves the cache be').to.equal(generation);
    await runRetentionCommand(withDays, out.stream, { now: '2026-05-01T00:00:00Z' });
    expect(out.text()).to.contain(`dropped ${A}-2026-01-v1;`);
    const afterDrop = await readGeneration(s.redis, s.prefix);
    expect(afterDrop, 'dropped indices bump the data generation (cached answers forget them)').to.not.equal(generation);
    await runRetentionCommand(withDays, sink().stream, { now: '2026-05-01T00:00:00Z' });
    expect(await readGeneration(s.redis, s.prefix), 'nothing dropped, nothing to forget').to.equal(afterDrop);
    expect(await behind(A)).to.deep.equal([`${A}-2026-02-v1`, `${A}-2026-05-v1`]);
    expect(await writeIndex(A)).to.equal(`${A}-2026-05-v1`);
    expect(await behind(B)).to.deep.equal([`${B}-2026-02-v1`, `${B}-2026-05-v1`]);
    // February's trend index held nothing: it goes too.
    expect(await behind(T)).to.deep.equal([`${T}-2026-01-v1`, `${T}-2026-05-v1`]);
    expect(await missingAliases(s.opensearch, s.names)).to.not.include.members([A, T]);
    expect(await copies(A, articleId(january.canonical_url))).to.deep.equal([]);
    expect(await copies(A, articleId(february.canonical_url))).to.deep.equal([`${A}-2026-02-v1`]);
    const content = await getTrendContent(deps, { trend_id: trend.id, limit: 10 });
    expect(content.trend_id).to.equal(trend.id);

    // A year later the trend (last report Jan 2026, + 400 days = Feb 2027) resolves until it expires.
    await applyRetention(s.opensearch, s.names, DAYS, { now: new Date('2027-01-15T00:00:00Z') });
    expect(await fetchTrendDoc(deps, trend.id)).to.not.equal(null);
    const last = await applyRetention(s.opensearch, s.names, DAYS, { now: new Date('2027-03-01T00:00:00Z') });
    expect(last[1]?.dropped).to.deep.equal([`${T}-2026-01-v1`, `${T}-2027-01-v1`]);
    expect(await fetchTrendDoc(deps, trend.id)).to.equal(null);
    expect(await behind(T)).to.deep.equal([`${T}-2027-03-v1`]);
    expect(await behind(A)).to.deep.equal([`${A}-2027-03-v1`]);
    expect(await missingAliases(s.opensearch, s.names)).to.not.include.members([A, T]);

    // A lost index stays lost (restored from a snapshot), never recreated empty by a retention run.
    await s.opensearch.indices.delete({ index: `${A}-*` });
    const lost = await applyRetention(s.opensearch, s.names, DAYS, { now: new Date('2027-04-01T00:00:00Z') });
    expect(lost[0]).to.deep.include({ writeIndex: null, dropped: [] });
    expect(await missingAliases(s.opensearch, s.names)).to.include(A);
  });

  it("drops a month's bodies before its articles when bodies have the shorter period", async () => {
    const { articles: A, bodies: B } = s.names;
    const days = { articles: 100, trends: 400, bodies: 40 };
    await migrateIndices(s.opensearch, s.names, { now: new Date('2026-01-05T00:00:00Z') });
    const trend = buildTrend({ topic: 'Interest rates' }, new Date('2026-01-12T00:00:00Z'));
    await bulkWrite(s.opensearch, s.names.trends, [{ id: trend.id, doc: trend }], 'index');
    const january = { ...article('jan-body', '2026-01-10T12:00:00Z'), trend_id: trend.id };
    const id = articleId(january.canonical_url);
    await write(january);
    await s.opensearch.indices.refresh({ index: `${A},${B},${s.names.trends}` });
    // The body is stored apart: the article document holds none.
    const stored = (await s.opensearch.get({ index: `${A}-2026-01-v1`, id })).body._source as ArticleDoc;
    expect(stored).to.include({ body: null, content_retained: true });
    expect(await copies(B, id)).to.deep.equal([`${B}-2026-01-v1`]);
    const before = await getTrendContent(deps, { trend_id: trend.id, limit: 10 });
    expect(before).to.include({ content_retained: true, total: 1 });
    expect(before.documents.map((d) => d.body)).to.deep.equal([january.body]);
    expect((await getStats(deps)).articles).to.include({ total: 1, retained: 1 });
    expect(await getBenefits(deps)).to.include({ source_urls: 1, documents_retained: 1 });

    // Feb 25th: the body (Jan 10 + 40 days = Feb 19) has expired, the article (Apr 20) has not.
    const out = sink();
    const config = s.config;
    await runRetentionCommand(
      { ...config, pipeline: { ...config.pipeline, retention: { ...config.pipeline.retention, days } } },
      out.stream,
      { now: '2026-02-25T00:00:00Z' },
    );
    expect(out.text()).to.contain(`bodies (kept 40 days): writes to ${B}-2026-02-v1; dropped ${B}-2026-01-v1;`);
    expect(out.text()).to.contain(`articles (kept 100 days): writes to ${A}-2026-02-v1; dropped nothing;`);
    expect(await copies(A, id)).to.deep.equal([`${A}-2026-01-v1`]);
    expect(await copies(B, id)).to.deep.equal([]);
    // The article still cites; its content answers as one whose body was not kept (API.md).
    const after = await getTrendContent(deps, { trend_id: trend.id, limit: 10 });
    expect(after).to.deep.include({ trend_id: trend.id, documents: [], content_retained: false, total: 0 });
    // Counts say what is kept: the article still counts, its body no longer does.
    expect((await getStats(deps)).articles).to.include({ total: 1, retained: 0 });
    expect(await getBenefits(deps)).to.include({ source_urls: 1, documents_retained: 0 });
    expect(await missingAliases(s.opensearch, s.names)).to.deep.equal([]);

    // A bodies period above the articles period acts as the articles period.
    expect(retentionPeriod({ articles: 30, trends: 400, bodies: 90 }, 'bodies')).to.equal(30);
    expect(retentionPeriod(days, 'bodies')).to.equal(40);
  });

  it('migrates a single-index deployment in place, idempotently, serves its in-article bodies, and retires its index whole once expired', async () => {
    const { articles: A, trends: T, bodies: B } = s.names;
    // Today's layout before monthly indices: one `<alias>-v1` per kind, the alias without a write flag.
    for (const kind of ['articles', 'trends'] as const) {
      const index = `${s.names[kind]}-v1`;
      await s.opensearch.indices.create({
        index,
        body: { ...indexBody(loadIndexDefinition(kind)), aliases: { [s.names[kind]]: {} } },
      });
    }
    const trend = buildTrend({ topic: 'Old story' }, new Date('2025-12-21T00:00:00Z'));
    await bulkWrite(s.opensearch, T, [{ id: trend.id, doc: trend }], 'index');
    // Articles as written before bodies had their own index: the body inside the article document.
    const old = { ...article('old', '2025-12-20T00:00:00Z'), trend_id: trend.id, body: 'Body kept in the article.' };
    const refetched = { ...article('again', '2025-12-20T00:00:00Z'), trend_id: trend.id, body: 'Body of December.' };
    for (const a of [old, refetched])
      await s.opensearch.index({ index: A, id: articleId(a.canonical_url), body: a, refresh: true });

    const now = new Date('2026-01-05T00:00:00Z');
    const kinds = ['articles', 'trends', 'bodies'] as const;
    const first = await migrateIndices(s.opensearch, s.names, { kinds, now });
    expect(first.map((r) => [r.action, r.index])).to.deep.equal([
      ['partitioned', `${A}-2026-01-v1`],
      ['partitioned', `${T}-2026-01-v1`],
      ['created', `${B}-2026-01-v1`],
    ]);
    const again = await migrateIndices(s.opensearch, s.names, { kinds, now });
    expect(again.map((r) => r.action)).to.deep.equal(['unchanged', 'unchanged', 'unchanged']);
    expect(await behind(A)).to.deep.equal([`${A}-2026-01-v1`, `${A}-v1`]);

    const fresh = { ...article('new', '2026-01-06T00:00:00Z'), trend_id: trend.id, body: 'Body of January.' };
    await write(fresh);
    // A re-fetch moves the body out of the old article document into the bodies index.
    await write({ ...refetched, title: 'Old, fetched again', body: 'Body fetched again.' });
    // Trends are read by search (an ids query over the monthly indices): refreshed, not left to the 1 s interval.
    await s.opensearch.indices.refresh({ index: [A, T, B].join(',') });
    expect(await copies(A, articleId(old.canonical_url))).to.deep.equal([`${A}-v1`]);
    expect(await copies(A, articleId(fresh.canonical_url))).to.deep.equal([`${A}-2026-01-v1`]);
    expect(await copies(B, articleId(old.canonical_url)), 'nothing copied').to.deep.equal([]);
    expect(await copies(B, articleId(refetched.canonical_url))).to.deep.equal([`${B}-2026-01-v1`]);
    const moved = await s.opensearch.get({ index: `${A}-v1`, id: articleId(refetched.canonical_url) });
    expect(moved.body._source).to.include({ body: null, title: 'Old, fetched again' });
    expect(await fetchTrendDoc(deps, trend.id)).to.include({ topic: 'Old story' });
    // The content endpoint reads both: the bodies index, and the old in-article body.
    const content = await getTrendContent(deps, { trend_id: trend.id, limit: 10 });
    expect(content).to.include({ content_retained: true, total: 3 });
    expect(content.documents.map((d) => d.body)).to.have.members([
      'Body kept in the article.',
      'Body of January.',
      'Body fetched again.',
    ]);

    const later = await applyRetention(s.opensearch, s.names, DAYS, { now: new Date('2026-04-15T00:00:00Z') });
    expect(later[0]?.dropped).to.deep.equal([`${A}-v1`]);
    // The old trend (last report Dec 2025) stays for its 400 days; January's trend index held nothing.
    expect(later[1]?.dropped).to.deep.equal([`${T}-2026-01-v1`]);
    // January's bodies (newest Jan 6, + 100 days = Apr 16) stay.
    expect(later[2]?.dropped).to.deep.equal([]);
    expect(await fetchTrendDoc(deps, trend.id)).to.include({ topic: 'Old story' });
    expect(await copies(A, articleId(fresh.canonical_url))).to.deep.equal([`${A}-2026-01-v1`]);
    // The old index's in-article bodies went with it; a body whose article went is not served.
    const left = await getTrendContent(deps, { trend_id: trend.id, limit: 10 });
    expect(left).to.include({ content_retained: true, total: 1 });
    expect(left.documents.map((d) => d.body)).to.deep.equal(['Body of January.']);
    expect(await missingAliases(s.opensearch, s.names)).to.not.include.members([A, T, B]);
  });
});
