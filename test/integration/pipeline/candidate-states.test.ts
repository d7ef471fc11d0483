import { expect } from 'chai';
import { migrateIndices, type ArticleDoc, type TrendDoc } from '@trendscope/core';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';
import { publisherArticle } from '../../support/factories';
import { detectDeps, openTestServices, type TestServices } from '../../support/services';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const S = 1000;

type Search = (params: { index?: unknown }, ...rest: unknown[]) => Promise<{ body: { hits?: { hits?: unknown[] } } }>;

describe('open trend states a detection run holds (real OpenSearch + Redis)', function () {
  this.timeout(90_000);
  let s: TestServices;
  /** Ids of the trends each search returned with their clustering sums, since the last reset. */
  const held = new Set<string>();

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
    const client = s.opensearch as unknown as { search: Search };
    const search = client.search.bind(client);
    client.search = async (params, ...rest) => {
      const res = await search(params, ...rest);
      if (typeof params.index === 'string' && params.index.startsWith(s.names.trends)) {
        for (const h of (res.body.hits?.hits ?? []) as { _id: string; _source?: Partial<TrendDoc> }[]) {
          if (h._source?.detect_state?.terms) held.add(h._id);
        }
      }
      return res;
    };
  });
  after(async () => {
    await s.cleanup();
  });

  const index = async (docs: { id: string; doc: ArticleDoc }[]): Promise<void> => {
    const body = docs.flatMap(({ id, doc }) => [{ index: { _index: s.names.articles, _id: id } }, doc]);
    expect((await s.opensearch.bulk({ body, refresh: true })).body.errors).to.equal(false);
  };
  const run = async (seconds: number, postingsPerTerm?: number) => {
    held.clear();
    return runDetect(detectDeps(s), {
      now: new Date(T0 + seconds * S),
      ...(postingsPerTerm ? { cluster: { postingsPerTerm } } : {}),
    });
  };

  it('reads the state of the trends a new report can reach only, none without reports, and rewrites nothing unchanged', async () => {
    // Three stories founded minutes apart (beyond the fragment merge's minute).
    await index([
      publisherArticle('bank-1', T0, 'Central bank approves new banking licences for lenders', ['Reserve Bank']),
      publisherArticle('chess-1', T0 + 300 * S, 'Chess champion wins tournament in Oslo', ['Magnus Carlsen']),
      publisherArticle('volcano-1', T0 + 600 * S, 'Volcano erupts on remote Pacific island', ['Pacific']),
    ]);
    await run(900);
    const trends = (await s.opensearch.search({ index: s.names.trends, body: { size: 10 } })).body.hits.hits.map(
      (h) => h._source as unknown as TrendDoc,
    );
    expect(trends).to.have.length(3);
    for (const t of trends) {
      expect(t.detect_terms, t.id).to.be.an('array').that.is.not.empty;
      expect(Date.parse(t.detect_founded!), t.id).to.equal(Date.parse(t.first_seen));
    }

    // A later report on the bank story: its trend is a candidate, the volcano's is not read.
    await index([
      publisherArticle('bank-2', T0 + 1500 * S, 'Central bank banking licences approved for two lenders', [
        'Reserve Bank',
      ]),
    ]);
    await run(1600);
    expect(held.has(trendIdFor('bank-1'))).to.equal(true);
    expect(held.has(trendIdFor('volcano-1'))).to.equal(false);

    // No report: no state read at all.
    await run(1700);
    expect([...held]).to.deep.equal([]);

    // The same clock again: every refresh would write what is stored, so nothing is written.
    const replay = await run(1700);
    expect(replay.trends_written).to.equal(0);
  });

  it('holds of the trends under a queried term only those its postings keep: the ones reported last', async () => {
    // Five stories of one rare word, founded 10 minutes apart, each its own trend.
    const stories = [
      'Zanzibar ferry operator buys two new vessels',
      'Zanzibar clove harvest falls after heavy rains',
      'Zanzibar hotel strike ends with pay deal',
      'Zanzibar marathon draws record runners',
      'Zanzibar airport runway reopens after repairs',
    ];
    const at = (i: number) => T0 + 3600 * S + i * 600 * S;
    await index(stories.map((title, i) => publisherArticle(`zan-${i}`, at(i), title, ['Zanzibar'])));
    await run(3600 + 3600, 2);
    const ids = stories.map((_, i) => trendIdFor(`zan-${i}`));
    const stored = await s.opensearch.mget({ index: s.names.trends, body: { ids } });
    const found = (stored.body.docs as { found: boolean }[]).filter((d) => d.found).length;
    expect(found, 'each story its own trend').to.equal(5);

    // A report on a sixth Zanzibar story: with two trends per term's postings, only the two
    // Zanzibar trends reported last can be reached, so only they are read with their state.
    await index([
      publisherArticle('zan-new', at(4) + 2 * 3600 * S, 'Zanzibar fishermen protest new quotas', ['Zanzibar']),
    ]);
    await run(3600 + 3 * 3600 + 600, 2);
    expect(held.has(ids[4]!), 'reported last').to.equal(true);
    expect(held.has(ids[3]!), 'reported second to last').to.equal(true);
    expect(held.has(ids[0]!), 'reported first').to.equal(false);
    expect(held.has(ids[1]!)).to.equal(false);
  });

  it('holds no state for the editions of a recurring column: they are never clustered', async () => {
    const at = T0 + 10 * 3600 * S;
    await index([
      publisherArticle('health-1', at, 'Health officials warn of measles outbreak in schools', ['Measles']),
    ]);
    await run(10 * 3600 + 600);
    const story = trendIdFor('health-1');
    const stored = (await s.opensearch.get({ index: s.names.trends, id: story })).body._source as unknown as TrendDoc;
    expect(stored.detect_terms, 'the story is found by the edition term').to.include('health');

    // A dated column's edition hours later (a label and a date: recurring-column.ts): it queries
    // "health", yet it is never clustered, so no trend's state is read for it.
    await index([publisherArticle('column-1', at + 3 * 3600 * S, 'Health Highlights: March 12, 2014')]);
    await run(13 * 3600 + 600);
    expect([...held]).to.deep.equal([]);
    const edition = await s.opensearch.get({ index: s.names.articles, id: 'column-1' });
    expect((edition.body._source as unknown as ArticleDoc).trend_id ?? null).to.equal(null);
  });
  it('holds no state for a report with nothing to compare, even one reported seconds after a trend was founded', async () => {
    const at = T0 + 20 * 3600 * S;
    await index([publisherArticle('quake-1', at, 'Earthquake shakes coastal town of Ferndale', ['Ferndale'])]);
    await run(20 * 3600 + 600);
    // Only stopwords, no date, no names: clusterArticles can compare it with nothing, so it reaches
    // no trend, not even through the fragment merge's founding window (30 s after the story's).
    await index([publisherArticle('empty-1', at + 30 * S, 'What it is and what it was')]);
    await run(20 * 3600 + 1200);
    expect([...held]).to.deep.equal([]);
    const left = await s.opensearch.get({ index: s.names.articles, id: 'empty-1' });
    expect((left.body._source as unknown as ArticleDoc).trend_id ?? null).to.equal(null);
  });

  it('marks an edition found with the members it joined, and later runs hold no state for it', async () => {
    const day = 24 * 3600;
    const desk = (id: string, seconds: number): { id: string; doc: ArticleDoc } => {
      const a = publisherArticle(id, T0 + seconds * S, 'Acme Research weekly copper market outlook note');
      return { id, doc: { ...a.doc, domain: 'desk.example' } };
    };
    // One publisher's template on three days: the first two make one trend, the third is an
    // edition only with them (the new reports alone show one day).
    const start = 40 * 3600;
    await index([desk('desk-1', start)]);
    await run(start + 600);
    await index([desk('desk-2', start + day)]);
    await run(start + day + 600);
    const story = trendIdFor('desk-1');
    const second = await s.opensearch.get({ index: s.names.articles, id: 'desk-2' });
    expect((second.body._source as unknown as ArticleDoc).trend_id).to.equal(story);
    await index([desk('desk-3', start + 2 * day)]);
    await run(start + 2 * day + 600);
    expect([...held], 'found with the members of the trend it joined').to.include(story);
    const edition = (await s.opensearch.get({ index: s.names.articles, id: 'desk-3' })).body
      ._source as unknown as ArticleDoc;
    expect(edition.trend_id ?? null).to.equal(null);
    expect(edition.detect_column).to.equal(true);

    // The next run leaves it out from the start: no candidate, no member read again.
    await run(start + 2 * day + 12 * 3600);
    expect([...held]).to.deep.equal([]);
  });
});
