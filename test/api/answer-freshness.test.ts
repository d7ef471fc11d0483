import { expect } from 'chai';
import { migrateIndices, type ArticleDoc } from '@trendscope/core';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import type { IndexBatcher } from '@trendscope/pipeline/articles/index-batcher';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildArticle, buildTrend, seed } from '../support/factories';
import { detectDeps, openTestServices, type TestServices } from '../support/services';
import { testIndexBatcher } from '../support/pipeline-harness';

/** The longest cache slot the configuration allows. */
const SLOT_MS = 600_000;

/**
 * Waits past the next slot edge when it is near, so the slot stays the same for the next 90 s: then
 * only the generation can change an ETag.
 */
async function clearOfSlotEdge(): Promise<void> {
  const left = SLOT_MS - (Date.now() % SLOT_MS);
  if (left < 90_000) await new Promise((r) => setTimeout(r, left + 100));
}

/** `count` articles of one story, fetched just now, as the process stage writes them. */
function story(count: number, title: string): ArticleDoc[] {
  const now = new Date();
  return Array.from({ length: count }, (_, i) => {
    const url = `https://news${i}.example.org/${title.replace(/\W+/g, '-')}-${now.getTime()}-${i}`;
    return buildArticle(
      {
        url,
        canonical_url: url,
        domain: `news${i}.example.org`,
        title,
        body: `${title}. The announcement was made on Tuesday and markets reacted at once.`,
        published_date: new Date(now.getTime() - 60_000).toISOString(),
        fetched_at: now.toISOString(),
      },
      now,
    );
  });
}

/** GET `path`, again while it answers 503 (a first search on a loaded machine may pass the 2 s bound). */
async function answered<T = Record<string, unknown>>(
  base: string,
  path: string,
): Promise<{ status: number; headers: Headers; body: T }> {
  for (let i = 0; ; i += 1) {
    const res = await getJson<T>(base, path);
    if (res.status !== 503 || i === 10) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('answer freshness while the pipeline ingests (real OpenSearch + Redis)', function () {
  this.timeout(400_000);
  let s: TestServices;
  let api: RunningApi;
  let batcher: IndexBatcher;
  const trend = buildTrend({}, new Date());

  const ingest = (docs: ArticleDoc[]): Promise<void[]> =>
    Promise.all(docs.map((d) => batcher.write(articleId(d.canonical_url), d)));

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
    await seed(s, { trends: [trend] });
    batcher = testIndexBatcher(s);
    api = await startApi(s, { env: { API_CACHE_TTL_MS: String(SLOT_MS) } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  it('keeps trend answers cached through an ingest batch, and says how old they are', async () => {
    await clearOfSlotEdge();
    const paths = ['/v1/trends/recent', `/v1/trends/${trend.id}`, '/v1/search?q=bank', '/v1/categories'];
    const before = [];
    for (const path of paths) before.push(await answered(api.url, path));
    // Changed behind the API's back (no generation bump): only a recomputed answer would show it.
    await s.opensearch.update({
      index: s.names.trends,
      id: trend.id,
      body: { doc: { topic: 'Changed without detection' } },
      refresh: true,
    });
    await ingest(story(30, 'Volcano erupts near island village, thousands evacuated'));
    await new Promise((r) => setTimeout(r, 1100));
    for (const [i, path] of paths.entries()) {
      const after = await getJson(api.url, path);
      expect(after.status, path).to.equal(200);
      expect(after.headers.get('etag'), path).to.equal(before[i]!.headers.get('etag'));
      expect(after.body, path).to.deep.equal(before[i]!.body);
      expect(after.headers.get('last-modified'), path).to.equal(before[i]!.headers.get('last-modified'));
      expect(Number(after.headers.get('age')), path).to.be.at.least(1);
    }
  });

  it("serves detection's write at once: it empties the trend answers", async () => {
    await clearOfSlotEdge();
    const before = await answered<{ total: number }>(api.url, '/v1/trends/recent');
    const detail = await answered(api.url, `/v1/trends/${trend.id}`);
    const summary = await runDetect(detectDeps(s), { now: new Date() });
    expect(summary.articles_assigned).to.be.at.least(30);
    const after = await getJson<{ total: number }>(api.url, '/v1/trends/recent');
    expect(after.headers.get('etag')).not.to.equal(before.headers.get('etag'));
    expect(after.body.total).to.be.greaterThan(before.body.total);
    const changed = await getJson(api.url, `/v1/trends/${trend.id}`);
    expect(changed.headers.get('etag')).not.to.equal(detail.headers.get('etag'));
    expect(Number(changed.headers.get('age'))).to.equal(0);
  });

  it('lets article counts follow an ingest within the cache slot, each saying when it was counted', async () => {
    const short = await startApi(s, { env: { API_CACHE_TTL_MS: '1500' } });
    try {
      type Stats = { articles: { total: number }; generated_at: string };
      const first = await answered<Stats>(short.url, '/v1/stats');
      const lastModified = Date.parse(first.headers.get('last-modified')!);
      // Last-Modified (whole seconds) is when the read began; generated_at is the clock of that read.
      expect(Date.parse(first.body.generated_at) - lastModified).to.be.within(0, 1999);
      const benefits = await answered(short.url, '/v1/benefits');
      expect(benefits.headers.get('last-modified')).to.be.a('string');
      await ingest(story(5, 'Storm closes ports along the coast'));
      let latest = await getJson<Stats>(short.url, '/v1/stats');
      for (let i = 0; i < 40 && latest.body.articles.total === first.body.articles.total; i += 1) {
        // Within the slot the count may lag (the answer is kept); it says how old it is.
        expect(latest.headers.get('age')).to.match(/^\d+$/);
        await new Promise((r) => setTimeout(r, 100));
        latest = await getJson<Stats>(short.url, '/v1/stats');
      }
      expect(latest.body.articles.total).to.equal(first.body.articles.total + 5);
      // A later read: its clock (whole seconds) and Last-Modified never go back; both reads can fall in
      // one second when the ingest was quick (CI once had them equal).
      expect(Date.parse(latest.body.generated_at)).to.be.at.least(Date.parse(first.body.generated_at));
      expect(Date.parse(latest.headers.get('last-modified')!)).to.be.at.least(lastModified);
    } finally {
      await short.close();
    }
  });
});
