import { expect } from 'chai';
import { getRecentTrends, getStats, getTrend, migrateIndices, type QueryDeps, type TrendDoc } from '@trendscope/core';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { publisherArticle } from '../../support/factories';
import { detectDeps, openTestServices, type TestServices } from '../../support/services';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const S = 1_000;
const H = 3_600_000;

/**
 * Headlines of UCI's "Current Mortgage Rates" story (March 2014, delivered within a minute): four
 * sites' daily rate columns for three days, and two reports of the week's mortgage applications.
 */
const RATE_PAGES: [string, string][] = [
  ['fidaily.com', 'Mortgage Rate Summary for BMO Harris Bank Mar 13'],
  ['fidaily.com', 'Mortgage Rate Summary for PNC Bank Mar 12'],
  ['fidaily.com', 'HSBC Mortgage Rates Looking Better Thursday Mar 13'],
  ['modernreaders.com', 'Not Much Motion in PNC Bank Mortgage Rates Mar 13'],
  ['modernreaders.com', 'Home Loans: Current Mortgage Rates at BB&T Bank Mar 11'],
  ['modernreaders.com', 'Mortgage Interest Rates Jump at TD Bank Thursday Mar 13'],
  ['southerndailypress.com', '30-Year Mortgage Rates: PNC Bank Mortgage Interest Rates for March 12'],
  ['southerndailypress.com', 'Current Mortgage Rates: TD Bank Mortgage Interest Rates Roundup for March 11'],
  ['highlightpress.com', 'Mortgage Rates Today: Rates Flat at BMO Harris and Citizens Bank (March 13)'],
  ['highlightpress.com', 'Mortgage Rates Improve at TD Bank, US Bank and BMO Harris Bank (March 12)'],
  ['wsj.com', 'US Mortgage Application Volume Fell 2.1% Last Week as Mortgage Rates Rose, MBA Says'],
  ['reuters.com', 'US mortgage applications slip in latest week as mortgage rates rise -MBA'],
];

/** A story three outlets report within minutes. */
const STORY: [string, string][] = [
  ['apnews.com', 'Magnus Carlsen wins chess tournament in Oslo'],
  ['bbc.co.uk', 'Chess champion Magnus Carlsen wins Oslo tournament'],
  ['nrk.no', 'Carlsen wins the Oslo chess tournament again'],
];

describe("a template column's dated editions detected as a trend (OpenSearch + Redis)", function () {
  this.timeout(120_000);
  let s: TestServices;
  let q: QueryDeps;

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
    q = { opensearch: s.opensearch, names: s.names, queryTimeoutMs: 5000, now: () => new Date(T0 + H) };
    const docs = [
      ...RATE_PAGES.map(([domain, title], i) => publisherArticle(`r${i}`, T0 + i * S, title, [], domain)),
      ...STORY.map(([domain, title], i) =>
        publisherArticle(`s${i}`, T0 + (i + 20) * S, title, ['Magnus Carlsen'], domain),
      ),
    ];
    const body = docs.flatMap(({ id, doc }) => [{ index: { _index: s.names.articles, _id: id } }, doc]);
    const res = await s.opensearch.bulk({ body, refresh: true });
    expect(res.body.errors).to.equal(false);
  });
  after(async () => {
    await s.cleanup();
  });

  it('stores the column as a trend of several publishers, lists only the story, and serves the column by id', async () => {
    await runDetect(detectDeps(s), { now: new Date(T0 + H) });
    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 100 } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    const column = trends.find((t) => t.article_count >= 8);
    expect(column, JSON.stringify(trends.map((t) => [t.topic, t.article_count]))).to.not.equal(undefined);
    expect(column!.source_count).to.be.at.least(4);
    expect(column!.dated_column).to.equal(true);
    const story = trends.find((t) => t.source_count === 3 && t.id !== column!.id);
    expect(story, JSON.stringify(trends.map((t) => [t.topic, t.article_count, t.source_count]))).to.not.equal(
      undefined,
    );
    expect(story?.dated_column).to.equal(undefined);

    const recent = await getRecentTrends(q, { page: 1, limit: 50 });
    expect(recent.trends.map((t) => t.id)).to.deep.equal([story!.id]);
    // Stats count what the list can show.
    expect((await getStats(q)).trends.total).to.equal(1);
    // Not listed, yet the column's id resolves as a one-publisher trend's does.
    expect((await getTrend(q, { trend_id: column!.id })).id).to.equal(column!.id);
  });
});
