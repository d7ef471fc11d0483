import { expect } from 'chai';
import { getTrend, type ArticleDoc, type QueryDeps, type TrendDoc } from '@trendscope/core';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { trendIdFor } from '@trendscope/pipeline/detect/trend-id';
import { indexArticles } from '../../support/index-articles';
import { KICKSTARTER, LAUNCH, ponoArticle as article } from '../../support/pono-story';
import { detectDeps, useTestServices } from '../../support/services';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const M = 60_000;
const H = 60 * M;
// A report of the launch in few of its words (three shared with the campaign's, fewer than a late
// report needs to join a trend), reading as the story (0.81 to its central headlines).
const DEBUTS = "Neil Young's Pono debuts";

describe('a small trend of a large story moved into it by a later run (OpenSearch + Redis + encoder)', function () {
  this.timeout(180_000);
  const s = useTestServices({ migrate: true });

  it("moves the small trend's members into the story's trend; the emptied trend's id resolves to it", async () => {
    const launch = trendIdFor('a0');
    const small = trendIdFor('e0');
    const trendOf = async (id: string): Promise<string | null | undefined> =>
      ((await s.opensearch.get({ index: s.names.articles, id })).body._source as ArticleDoc).trend_id;
    // The small trend's copies read as the launch: the rejoin's late-fragment test would join them
    // whole in run 2 (rejoinLateMeaning); set above their meaning here, the absorb is what moves them.
    const strict = { rejoin: { rejoinLateMeaning: 1 } };
    // Run 1: the launch, five reports a minute apart.
    await indexArticles(
      s,
      LAUNCH.map((t, i) => article(`a${i}`, T0 + i * M, t)),
    );
    await runDetect(detectDeps(s), { now: new Date(T0 + H), ...strict });
    // Run 2, after the launch's trend closed: two copies of a report of it, a small trend of their
    // own, too small and too late to rejoin. No large trend is changed: nothing moves.
    await indexArticles(s, [article('e0', T0 + 19 * H, DEBUTS), article('e1', T0 + 19 * H + M, DEBUTS)]);
    await runDetect(detectDeps(s), { now: new Date(T0 + 20 * H), ...strict });
    expect(await trendOf('e0')).to.equal(small);
    expect(await trendOf('a0')).to.equal(launch);

    // Run 3: a third copy joins the small trend; the Kickstarter campaign, five reports, is rejoined
    // into the launch (ten members, read whole); the small trend's copies read as it and move.
    await indexArticles(s, [
      article('e2', T0 + 23 * H + 50 * M, DEBUTS),
      ...KICKSTARTER.map((t, i) => article(`b${i}`, T0 + 24 * H + i * M, t)),
    ]);
    await runDetect(detectDeps(s), { now: new Date(T0 + 25 * H), ...strict });

    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10 } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    expect(trends.map((t) => t.id)).to.deep.equal([launch]);
    expect(trends[0]!).to.include({ article_count: 13 });
    // The campaign's trend, founded and rejoined in this run, was never served: no alias of it.
    expect(trends[0]!.aliases).to.deep.equal([small]);
    for (const id of ['e0', 'e1', 'e2']) expect(await trendOf(id), id).to.equal(launch);
    const q: QueryDeps = {
      opensearch: s.opensearch,
      names: s.names,
      queryTimeoutMs: 5000,
      now: () => new Date(T0 + 25 * H),
    };
    expect(await getTrend(q, { trend_id: small })).to.include({ id: launch, merged_into: launch, article_count: 13 });
  });
});

describe("a small trend's members moved into a stored large trend the run did not change (OpenSearch + Redis + encoder)", function () {
  this.timeout(180_000);
  const s = useTestServices({ migrate: true });

  it('judges it by its stored central headlines, reads it whole and rebuilds it with the members it takes', async () => {
    const launch = trendIdFor('a0');
    const small = trendIdFor('e0');
    const trendOf = async (id: string): Promise<string | null | undefined> =>
      ((await s.opensearch.get({ index: s.names.articles, id })).body._source as ArticleDoc).trend_id;
    const countOf = async (id: string): Promise<number> =>
      ((await s.opensearch.get({ index: s.names.trends, id })).body._source as TrendDoc).article_count;
    // Run 1: the launch and the campaign reported at once, one trend of ten.
    await indexArticles(s, [
      ...LAUNCH.map((t, i) => article(`a${i}`, T0 + i * M, t)),
      ...KICKSTARTER.map((t, i) => article(`b${i}`, T0 + (5 + i) * M, t)),
    ]);
    await runDetect(detectDeps(s), { now: new Date(T0 + H) });
    expect(await countOf(launch)).to.equal(10);
    // Run 2, the next day: a report of the launch in few of its words, a trend of its own.
    await indexArticles(s, [article('e0', T0 + 19 * H, DEBUTS)]);
    await runDetect(detectDeps(s), { now: new Date(T0 + 19 * H + 10 * M) });
    expect(await trendOf('e0')).to.equal(small);

    // Run 3: only a copy of it, which joins the small trend. The launch's trend is not changed by
    // the run, too long before to rejoin it, yet the copies read as it (its stored central
    // headlines) and move: it is read whole and rebuilt with them, and the small trend's id resolves to it.
    await indexArticles(s, [article('e1', T0 + 20 * H, DEBUTS)]);
    await runDetect(detectDeps(s), { now: new Date(T0 + 20 * H + 10 * M) });

    for (const id of ['e0', 'e1']) expect(await trendOf(id), id).to.equal(launch);
    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10 } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    expect(trends.map((t) => t.id)).to.deep.equal([launch]);
    expect(trends[0]!).to.include({ article_count: 12 });
    expect(trends[0]!.aliases).to.deep.equal([small]);
    const q: QueryDeps = {
      opensearch: s.opensearch,
      names: s.names,
      queryTimeoutMs: 5000,
      now: () => new Date(T0 + 20 * H + 10 * M),
    };
    expect(await getTrend(q, { trend_id: small })).to.include({ id: launch, merged_into: launch, article_count: 12 });
  });
});
