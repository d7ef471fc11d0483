import { expect } from 'chai';
import { migrateIndices, type ArticleDoc, type TrendDoc } from '@trendscope/core';
import { runDetect, type DetectOptions } from '@trendscope/pipeline/detect/run-detect';
import { publisherArticle } from '../../support/factories';
import { detectDeps, openTestServices, type TestServices } from '../../support/services';

const T0 = Date.parse('2026-11-20T09:00:07Z');
const S = 1000;
/** Merges judged one minute after each trend's founding (off by default). */
const SETTLE: Partial<DetectOptions> = { cluster: { mergeSettleMinutes: 1 } };

// Two reports seconds apart that share no word, name or subject found two trends; a third bridging
// both makes their centroids agree before the later one's settle time (65 s): it is absorbed.
const ARTICLES = [
  publisherArticle('a1', T0, 'Licence approval for bank'),
  publisherArticle('b1', T0 + 5 * S, 'Rajan wins chess tournament'),
  publisherArticle('c1', T0 + 10 * S, 'Rajan bank licence chess'),
];

/**
 * What the runs leave: each trend's id and size, and each report's trend (not the aliases: a trend
 * absorbed in the run that founded it was never served, so no id of it resolves).
 */
interface Outcome {
  trends: { id: string; article_count: number }[];
  articles: Record<string, string | undefined>;
}

/** Runs detection over ARTICLES in fresh indices, once per entry of `runs`, and reads what it left. */
async function detectIn(runs: { atSeconds: number; maxNewReports?: number; maxPasses?: number }[]): Promise<Outcome> {
  const s: TestServices = await openTestServices();
  try {
    await migrateIndices(s.opensearch, s.names);
    const body = ARTICLES.flatMap(({ id, doc }) => [{ index: { _index: s.names.articles, _id: id } }, doc]);
    expect((await s.opensearch.bulk({ body, refresh: true })).body.errors).to.equal(false);
    for (const run of runs) {
      await runDetect(detectDeps(s), {
        ...SETTLE,
        now: new Date(T0 + run.atSeconds * S),
        maxNewReports: run.maxNewReports,
        maxPasses: run.maxPasses,
      });
    }
    const stored = await s.opensearch.search({ index: s.names.trends, body: { size: 10, sort: [{ id: 'asc' }] } });
    const trends = stored.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
    const read = await s.opensearch.search({ index: s.names.articles, body: { size: 10 } });
    const articles = Object.fromEntries(
      read.body.hits.hits.map((h) => [h._id, (h._source as unknown as ArticleDoc).trend_id ?? undefined]),
    );
    return {
      trends: trends.map((t) => ({ id: t.id, article_count: t.article_count })),
      articles,
    };
  } finally {
    await s.cleanup();
  }
}

describe('merges judged at a settle time in real detection runs (mergeSettleMinutes; OpenSearch + Redis)', function () {
  this.timeout(120_000);
  let once: Outcome;

  before(async () => {
    once = await detectIn([{ atSeconds: 600 }]);
  });

  it('joins the fragments in one run', () => {
    expect(once.trends).to.have.length(1);
    expect(once.trends[0]!.article_count).to.equal(3);
    expect(new Set(Object.values(once.articles))).to.deep.equal(new Set([once.trends[0]!.id]));
  });

  it('makes the same merge over runs at several clocks, the last ones without new reports', async () => {
    // 7 s: two trends, none settled; 30 s: the bridge joins one; 62 s: the first settles (no
    // report); 600 s: the second settles into the first (no report).
    const runs = [7, 30, 62, 600].map((atSeconds) => ({ atSeconds }));
    expect(await detectIn(runs)).to.deep.equal(once);
  });

  it('makes the same merge when each run reads one report and judges only up to it', async () => {
    const runs = [600, 600, 600, 600].map((atSeconds) => ({ atSeconds, maxNewReports: 1, maxPasses: 1 }));
    expect(await detectIn(runs)).to.deep.equal(once);
  });

  it('makes the same merge in one run whose passes read one report each, each judging only up to it', async () => {
    expect(await detectIn([{ atSeconds: 600, maxNewReports: 1 }])).to.deep.equal(once);
  });
});
