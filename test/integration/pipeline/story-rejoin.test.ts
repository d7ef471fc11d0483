import { expect } from 'chai';
import {
  getRecentTrends,
  getTrend,
  migrateIndices,
  type ArticleDoc,
  type QueryDeps,
  type TrendDoc,
} from '@trendscope/core';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';
import { indexArticles } from '../../support/index-articles';
import { KICKSTARTER, LAUNCH, ponoArticle as article } from '../../support/pono-story';
import { detectDeps, openTestServices, useTestServices, type TestServices } from '../../support/services';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const M = 60_000;
const H = 60 * M;

describe('trends of one story founded a day apart, rejoined by a later run (OpenSearch + Redis + encoder)', function () {
  this.timeout(120_000);
  let s: TestServices;
  let q: QueryDeps;
  const first = trendIdFor('a0');
  const second = trendIdFor('b0');

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
    q = { opensearch: s.opensearch, names: s.names, queryTimeoutMs: 5000, now: () => new Date(T0 + 30 * H) };
  });
  after(async () => {
    await s.cleanup();
  });

  it('keeps both while the later is small and reads apart, then joins it into the earlier; the absorbed id resolves', async () => {
    // Run 1: the launch, five reports a minute apart. Run 2, a day later: four reports of the
    // Kickstarter campaign, a trend of its own (the first closed hours ago), too small to rejoin
    // (a late fragment joins only at rejoinLateMeaning, set above their meaning here).
    const strict = { rejoin: { rejoinLateMeaning: 1 } };
    await indexArticles(
      s,
      LAUNCH.map((t, i) => article(`a${i}`, T0 + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(T0 + H), ...strict });
    await indexArticles(
      s,
      KICKSTARTER.slice(0, 4).map((t, i) => article(`b${i}`, T0 + 24 * H + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(T0 + 25 * H), ...strict });
    expect((await getTrend(q, { trend_id: second })).id).to.equal(second);
    expect((await getTrend(q, { trend_id: first })).id).to.equal(first);

    // Run 3: a fifth report makes the later trend large enough: it joins the earlier one.
    await indexArticles(s, [article('b4', T0 + 26 * H, KICKSTARTER[4]!)]);
    const summary = await runDetect(detectDeps(s), { now: new Date(T0 + 27 * H), ...strict });
    expect(summary.trends_merged).to.equal(1);

    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10 } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    expect(trends.map((t) => t.id)).to.deep.equal([first]);
    expect(trends[0]!).to.include({ article_count: 10 });
    expect(trends[0]!.aliases).to.deep.equal([second]);
    // Both foundings' views as the rejoin judged them, kept for later runs to judge new trends by.
    const foundings = trends[0]!.detect_state?.foundings ?? [];
    expect(foundings.map((f) => [f.first_seen, f.article_count])).to.deep.equal([
      [T0, 5],
      [T0 + 24 * H, 5],
    ]);
    expect(LAUNCH, 'the first founding read as the launch').to.include.members(foundings[0]!.central);
    expect(KICKSTARTER, 'the latest as the campaign').to.include.members(foundings[1]!.central);
    const detail = await getTrend(q, { trend_id: second });
    expect(detail).to.include({ id: first, merged_into: first, article_count: 10 });
    const recent = await getRecentTrends(q, { page: 1, limit: 50 });
    expect(recent.trends.map((t) => t.id)).to.deep.equal([first]);
  });

  it('joins a late fragment of four reports a day later into the earlier trend; its id resolves', async () => {
    await s.opensearch.deleteByQuery({
      index: `${s.names.trends},${s.names.articles}`,
      body: { query: { match_all: {} } },
      refresh: true,
    });
    await indexArticles(
      s,
      LAUNCH.map((t, i) => article(`a${i}`, T0 + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(T0 + H) });
    await indexArticles(
      s,
      KICKSTARTER.slice(0, 4).map((t, i) => article(`b${i}`, T0 + 24 * H + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(T0 + 25 * H) });
    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10 } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    expect(trends.map((t) => t.id)).to.deep.equal([first]);
    expect(trends[0]!).to.include({ article_count: 9 });
    expect((await getTrend(q, { trend_id: first })).id).to.equal(first);
  });

  it('joins a story reported again into a stored trend that no run reads any more', async () => {
    // The first trend is settled after the second run (written two velocity windows after its last
    // report: its velocity cannot move, so no run reads it for that), and closed to new reports: the
    // third run, 59 h after it, reads it only because its stored state pairs it with the new trend.
    await s.opensearch.deleteByQuery({
      index: `${s.names.trends},${s.names.articles}`,
      body: { query: { match_all: {} } },
      refresh: true,
    });
    const later = T0 + 100 * H;
    await indexArticles(
      s,
      LAUNCH.map((t, i) => article(`c${i}`, later + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(later + H) });
    await runDetect(detectDeps(s), { now: new Date(later + 50 * H) });
    await indexArticles(
      s,
      KICKSTARTER.map((t, i) => article(`d${i}`, later + 59 * H + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(later + 60 * H) });
    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10 } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    expect(trends.map((t) => t.id)).to.deep.equal([trendIdFor('c0')]);
    expect(trends[0]!).to.include({ article_count: 10 });
  });
});

describe('a trend founded and rejoined into an older one in the same run (OpenSearch + Redis + encoder)', function () {
  this.timeout(120_000);
  const s = useTestServices({ migrate: true });

  it('is not counted among the trends the run created', async () => {
    await indexArticles(
      s,
      LAUNCH.map((t, i) => article(`a${i}`, T0 + i * M, t)),
    );
    const first = await runDetect(detectDeps(s), { now: new Date(T0 + H) });
    expect(first.trends_created).to.equal(1);
    // A day later, five reports at once: a trend of their own, large enough to rejoin the first.
    await indexArticles(
      s,
      KICKSTARTER.map((t, i) => article(`b${i}`, T0 + 24 * H + i * M, t)),
    );
    const second = await runDetect(detectDeps(s), { now: new Date(T0 + 25 * H) });
    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10 } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    expect(trends.map((t) => t.id)).to.deep.equal([trendIdFor('a0')]);
    expect(trends[0]!).to.include({ article_count: 10 });
    expect(second).to.include({ articles_assigned: 5, trends_created: 0, trends_written: 1 });
  });
});

const FUNDED = [
  "Neil Young's Pono player passes $2 million on Kickstarter",
  'Pono music player Kickstarter campaign tops its goal for Neil Young',
  "Neil Young's Pono raises millions from Kickstarter backers",
  "Kickstarter backers pour money into Neil Young's Pono music player",
  'Neil Young Pono Kickstarter smashes its funding target',
  'Pono, the Neil Young music player, is a Kickstarter hit',
];

describe('velocity of a story rejoined across runs (OpenSearch + Redis + encoder)', function () {
  this.timeout(120_000);
  const s = useTestServices({ migrate: true });

  it('serves the whole life of the story: founded at its first report, never emerging two days later', async () => {
    // Three bursts of one story: the launch (5 reports); 23 h later the Kickstarter campaign, a
    // trend of its own while it has 4 reports and rejoined into the launch by the next run when a
    // fifth arrives; a day after that its funding (6). At the last run the story is 49 h old, its
    // current window (6) a little above the previous one (5) and below 0.8 of its peak (the first
    // two bursts, 10, inside one 24 h window): gaining again, not new. (Late fragments off, so the
    // four stay apart until the fifth: rejoinLateMeaning would join them a day after the launch.)
    const strict = { rejoin: { rejoinLateMeaning: 1 } };
    await indexArticles(
      s,
      LAUNCH.map((t, i) => article(`a${i}`, T0 + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(T0 + H), ...strict });
    await indexArticles(
      s,
      KICKSTARTER.slice(0, 4).map((t, i) => article(`b${i}`, T0 + 23 * H + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(T0 + 23 * H + 10 * M), ...strict });
    await indexArticles(s, [article('b4', T0 + 23 * H + 30 * M, KICKSTARTER[4]!)]);
    expect((await runDetect(detectDeps(s), { now: new Date(T0 + 24 * H), ...strict })).trends_merged).to.equal(1);
    await indexArticles(
      s,
      FUNDED.map((t, i) => article(`c${i}`, T0 + 48 * H + i * M, t)),
    );
    const now = new Date(T0 + 49 * H);
    await runDetect(detectDeps(s), { now, ...strict });

    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10 } });
    expect(stored.body.hits.hits.map((h) => (h._source as unknown as TrendDoc).aliases)).to.deep.equal([
      [trendIdFor('b0')],
    ]);
    const q: QueryDeps = { opensearch: s.opensearch, names: s.names, queryTimeoutMs: 5000, now: () => now };
    const recent = await getRecentTrends(q, { page: 1, limit: 50 });
    expect(recent.trends.map((t) => t.id)).to.deep.equal([trendIdFor('a0')]);
    const detail = await getTrend(q, { trend_id: trendIdFor('a0') });
    expect(detail).to.include({ article_count: 16, first_seen: new Date(T0).toISOString().replace('.000', '') });
    expect(detail.timeline.map((b) => b.articles)).to.deep.equal([5, 5, 6]);
    expect(detail.velocity_metrics).to.include({ current: 6, previous: 5, peak: 10, age_hours: 49 });
    expect(detail.velocity_metrics.rule).to.equal('regrowing');
    expect(detail.velocity).to.equal('accelerating');
    // The launch stays the first founding kept through the later run's rebuild.
    const kept = (stored.body.hits.hits[0]!._source as unknown as TrendDoc).detect_state?.foundings ?? [];
    expect(kept.map((f) => f.first_seen)[0]).to.equal(T0);
    expect(kept).to.have.length(2);
  });
});

describe('a story rejoined across runs, compared with later reports as one run compares it (OpenSearch + Redis + encoder)', function () {
  this.timeout(180_000);
  let s: TestServices;
  // A report of the launch after the launch's trend closed (five reports a minute apart close
  // within about 17 h): it shares only three words with the Kickstarter campaign.
  const late = { id: 'e0', at: T0 + 26 * H, title: 'Neil Young unveils high-resolution Pono' };

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
  });
  after(async () => {
    await s.cleanup();
  });

  const trendOf = async (id: string): Promise<string | null | undefined> =>
    ((await s.opensearch.get({ index: s.names.articles, id })).body._source as ArticleDoc).trend_id;
  const clear = (): Promise<unknown> =>
    s.opensearch.deleteByQuery({
      index: `${s.names.trends},${s.names.articles}`,
      body: { query: { match_all: {} } },
      refresh: true,
    });
  const stories = [
    ...LAUNCH.map((t, i) => article(`a${i}`, T0 + i * M, t)),
    ...KICKSTARTER.map((t, i) => article(`b${i}`, T0 + 24 * H + i * M, t)),
  ];

  it('keeps a later report out of the rejoined trend when one run over the same reports does', async () => {
    await indexArticles(s, [...stories, article(late.id, late.at, late.title)]);
    await runDetect(detectDeps(s), { now: new Date(T0 + 27 * H) });
    const once = await trendOf(late.id);
    expect(await trendOf('b0'), 'one run rejoins the campaign into the launch').to.equal(trendIdFor('a0'));
    expect(once, 'one run: the late report founds a trend of its own').to.equal(trendIdFor(late.id));

    await clear();
    await indexArticles(s, stories.slice(0, 5));
    await runDetect(detectDeps(s), { now: new Date(T0 + H) });
    await indexArticles(s, stories.slice(5));
    await runDetect(detectDeps(s), { now: new Date(T0 + 25 * H) });
    expect(await trendOf('b0')).to.equal(trendIdFor('a0'));
    const survivor = (await s.opensearch.get({ index: s.names.trends, id: trendIdFor('a0') })).body._source as TrendDoc;
    // Compared by its latest part, the campaign, founded at its first report: the sums are of it.
    expect(survivor.detect_state?.part).to.deep.equal({ first_seen: T0 + 24 * H, article_count: 5 });
    expect(survivor.article_count).to.equal(10);
    await indexArticles(s, [article(late.id, late.at, late.title)]);
    await runDetect(detectDeps(s), { now: new Date(T0 + 27 * H) });
    expect(await trendOf(late.id), 'runs a day apart: as one run').to.equal(once);
  });
});
