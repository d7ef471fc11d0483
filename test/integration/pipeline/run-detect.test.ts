import { expect } from 'chai';
import {
  CATEGORIES,
  generationKey,
  MAX_CITATIONS,
  migrateIndices,
  TREND_ID_PATTERN,
  VELOCITIES,
  type ArticleDoc,
  type DomainDoc,
  type RunDoc,
  type TrendDoc,
} from '@trendscope/core';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { memberText } from '@trendscope/pipeline/detect/trend-category';
import { decodeEmbedding, encodeEmbedding } from '@trendscope/pipeline/embed/compact-embedding';
import { dot } from '@trendscope/pipeline/text/word-vectors';
import { DEFAULT_RATINGS_FILE, loadDomainRatings, ratingOf } from '@trendscope/pipeline/score/domain-ratings';
import { loadGiveme, type GivemeArticle } from '@trendscope/pipeline/lab/corpus/giveme.corpus';
import { givemeArticleDoc } from '../../support/giveme-articles';
import { detectDeps, openTestServices, type TestServices } from '../../support/services';

const NOW = new Date('2018-02-08T00:00:00Z');
const FETCHED_AT = '2018-02-07T12:00:00Z';
const WINDOW_START = NOW.getTime() - 60 * 24 * 3_600_000;

/** Categories a Giveme5W1H gold category may rightly come out as. */
const ACCEPTED: Record<string, string[]> = {
  world: ['world', 'politics'],
  technology: ['technology'],
  science: ['technology', 'health'],
  entertainment: ['entertainment'],
  sports: ['sports'],
  business: ['business'],
};

describe('runDetect over Giveme5W1H articles (real OpenSearch + Redis)', function () {
  this.timeout(120_000);
  let s: TestServices;
  let records: GivemeArticle[];
  const ids = new Map<string, GivemeArticle>();

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
    records = loadGiveme();
    const body = records.flatMap((r) => {
      const { id, doc } = givemeArticleDoc(r, FETCHED_AT);
      ids.set(id, r);
      return [{ index: { _index: s.names.articles, _id: id } }, doc];
    });
    const res = await s.opensearch.bulk({ body, refresh: true });
    expect(res.body.errors).to.equal(false);
  });
  after(async () => {
    await s.cleanup();
  });

  const deps = () => detectDeps(s);

  async function allTrends(): Promise<TrendDoc[]> {
    const res = await s.opensearch.search({ index: s.names.trends, body: { size: 1000, sort: [{ id: 'asc' }] } });
    return res.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
  }
  async function allArticles(): Promise<(ArticleDoc & { id: string })[]> {
    const res = await s.opensearch.search({ index: s.names.articles, body: { size: 1000 } });
    return res.body.hits.hits.map((h) => ({ ...(h._source as unknown as ArticleDoc), id: h._id! }));
  }

  it('assigns every article of the window to a trend and writes well-formed trends, domains and a run', async () => {
    const summary = await runDetect(deps(), { now: NOW });
    const articles = await allArticles();
    const inWindow = articles.filter((a) => {
      const t = Date.parse(a.published_date ?? a.fetched_at);
      return t >= WINDOW_START && t <= NOW.getTime();
    });
    expect(inWindow.length).to.be.greaterThan(150);
    // Records with neither title, text nor names have nothing to compare and found no trend.
    const blank = inWindow.filter((a) => a.title.trim() === '' && !a.body?.trim() && a.entities.length === 0);
    expect(summary.articles_assigned).to.equal(inWindow.length - blank.length);
    for (const a of inWindow) {
      if (blank.includes(a)) expect(a.trend_id, a.url).to.equal(null);
      else expect(a.trend_id, a.url).to.match(TREND_ID_PATTERN);
    }
    for (const a of articles.filter((x) => !inWindow.includes(x))) expect(a.trend_id).to.equal(null);

    const trends = await allTrends();
    expect(trends.length).to.equal(summary.trends_written).and.equal(summary.trends_created);
    expect(new Set(inWindow.filter((a) => !blank.includes(a)).map((a) => a.trend_id)).size).to.equal(trends.length);
    let categoryHits = 0;
    let judged = 0;
    for (const t of trends) {
      expect(t.id).to.match(TREND_ID_PATTERN);
      expect(CATEGORIES).to.include(t.category);
      expect(VELOCITIES).to.include(t.velocity);
      expect(t.business_impact_score).to.be.a('number').within(1, 10);
      expect(Number.isInteger(t.business_impact_score)).to.be.true;
      expect(t.domain_quality_score).to.be.within(1, 10);
      expect(Math.round(t.domain_quality_score * 10) / 10).to.equal(t.domain_quality_score);
      expect(t.citations.length).to.be.within(1, MAX_CITATIONS);
      const members = inWindow.filter((a) => a.trend_id === t.id);
      expect(t.article_count).to.equal(members.length);
      expect(Object.values(t.domain_articles).reduce((x, y) => x + y, 0)).to.equal(members.length);
      expect(t.origin_domain).to.be.a('string').and.not.empty;
      expect(t.velocity_metrics.window_hours).to.equal(24);
      expect(t.timeline.reduce((x, b) => x + b.articles, 0)).to.equal(members.length);
      expect(t.topic).to.be.a('string').and.not.empty;
      expect(t.summary).to.be.a('string').and.not.empty;
      if (members.length >= 3) {
        judged++;
        const gold = ids.get(members[0]!.id)!.category;
        if (ACCEPTED[gold]!.includes(t.category)) categoryHits++;
      }
    }
    expect(judged).to.be.greaterThan(10);
    expect(categoryHits / judged).to.be.at.least(0.6);

    const domains = await s.opensearch.search({ index: s.names.domains, body: { size: 500 } });
    const domainDocs = domains.body.hits.hits.map((h) => h._source as unknown as DomainDoc);
    expect(domainDocs.length).to.equal(new Set(inWindow.map((a) => a.domain)).size);
    for (const d of domainDocs) {
      expect(d.quality_score).to.be.within(1, 10);
      expect(d.weights.prior + d.weights.observed).to.be.closeTo(1, 1e-3);
      // Rated outlets start from their published rating; the others from the estimate.
      if (d.rated) expect(d.prior).to.equal(Math.round((1 + 9 * d.rating!.value) * 10) / 10);
      else expect(d).to.include({ rating: null, prior: d.estimate });
    }
    const ratings = loadDomainRatings(DEFAULT_RATINGS_FILE);
    const rated = domainDocs.filter((d) => d.rated);
    expect(rated.length).to.be.greaterThan(5);
    for (const d of rated) expect(d.rating!.value).to.equal(ratingOf(ratings, d.domain));
    expect(domainDocs.some((d) => !d.rated && d.estimate_parts !== null)).to.equal(true);

    const runs = await s.opensearch.search({ index: s.names.runs, body: { query: { term: { kind: 'detect' } } } });
    const run = runs.body.hits.hits[0]!._source as unknown as RunDoc;
    expect(run.status).to.equal('succeeded');
    expect(run.counts.articles_assigned).to.equal(inWindow.length - blank.length);
    // The run starts at its clock and finishes as long after it as it took (a run takes time).
    expect(run.started_at).to.equal(NOW.toISOString());
    expect(Date.parse(run.finished_at!)).to.be.above(Date.parse(run.started_at));
    expect(await s.redis.get(generationKey(s.prefix))).to.be.a('string');
  });

  it('is idempotent: a second run with the same clock writes the same trends with the same ids', async () => {
    const before = await allTrends();
    const generation = await s.redis.get(generationKey(s.prefix));
    const summary = await runDetect(deps(), { now: NOW });
    expect(summary.articles_assigned).to.equal(0);
    expect(summary.trends_created).to.equal(0);
    const after = await allTrends();
    expect(after.map((t) => t.id)).to.deep.equal(before.map((t) => t.id));
    expect(after).to.deep.equal(before);
    expect(await s.redis.get(generationKey(s.prefix))).not.to.equal(generation);
    const runs = await s.opensearch.count({ index: s.names.runs });
    expect(runs.body.count).to.equal(1);
  });

  it('rewrites, on a later clock, only the trends whose velocity can still move', async () => {
    const later = new Date(NOW.getTime() + 24 * 3_600_000);
    const before = await allTrends();
    const summary = await runDetect(deps(), { now: later });
    // Still inside two windows, or settled since the last write (its stored previous count is stale).
    const settles = (t: TrendDoc): number => Date.parse(t.last_seen) + 48 * 3_600_000;
    const recent = before.filter((t) => settles(t) >= later.getTime() || Date.parse(t.updated_at) < settles(t));
    expect(recent.length).to.be.greaterThan(0);
    const settledSince = recent.filter((t) => settles(t) < later.getTime());
    expect(settledSince.length, 'trends that settled between the two runs').to.be.greaterThan(0);
    expect(summary.trends_written).to.equal(recent.length);
    const after = await allTrends();
    // Written once more after settling: nothing in either window, so the served numbers are final.
    for (const t of settledSince) {
      const now = after.find((a) => a.id === t.id)!;
      expect(now.velocity_metrics, t.id).to.deep.include({ current: 0, previous: 0, rule: 'below_peak' });
      expect(now.velocity, t.id).to.equal('declining');
    }
    for (const t of after) {
      const rewritten = recent.some((r) => r.id === t.id);
      expect(t.updated_at, t.id).to.equal(
        rewritten ? later.toISOString().replace('.000Z', 'Z') : before.find((b) => b.id === t.id)!.updated_at,
      );
    }
  });

  it('refreshes an untouched trend from its stored document exactly as a rebuild from its articles would', async () => {
    const later = new Date(NOW.getTime() + 20 * 3_600_000);
    const fromState = await runDetect(deps(), { now: later });
    expect(fromState.articles_assigned).to.equal(0);
    expect(fromState.trends_written).to.be.greaterThan(0);
    const refreshed = await allTrends();
    expect(refreshed.every((t) => t.detect_state?.clock !== undefined)).to.equal(true);
    // Without their clocks the same run reads the trends' articles and rebuilds them.
    await s.opensearch.updateByQuery({
      index: s.names.trends,
      body: { query: { match_all: {} }, script: { source: "ctx._source.detect_state.remove('clock')" } },
      refresh: true,
    });
    const fromArticles = await runDetect(deps(), { now: later });
    expect(fromArticles.trends_written).to.equal(fromState.trends_written);
    // The trends the run did not rewrite keep their documents, now without the clock.
    const stamp = later.toISOString().replace('.000Z', 'Z');
    const expected = refreshed.map((t) => {
      if (t.updated_at === stamp) return t;
      const { clock: _, ...state } = t.detect_state!;
      return { ...t, detect_state: state };
    });
    expect(refreshed.filter((t) => t.updated_at === stamp)).to.have.length(fromState.trends_written);
    expect(await allTrends()).to.deep.equal(expected);
  });

  it("embeds an article's text once: a rebuild reads what the first run stored on the article", async () => {
    const later = new Date(NOW.getTime() + 20 * 3_600_000);
    const stamp = later.toISOString().replace('.000Z', 'Z');
    const trend = (await allTrends()).find((t) => t.updated_at === stamp && t.article_count >= 2)!;
    const [kept, cleared] = (await allArticles()).filter((a) => a.trend_id === trend.id);
    for (const a of [kept!, cleared!]) expect(a.detect_embeddings?.voter, a.id).to.be.a('string');
    // A vector the encoder would never give: still there after the rebuild if nothing re-embedded it.
    const planted = encodeEmbedding(
      memberText(kept!),
      Float32Array.from({ length: 384 }, (_, i) => (i % 2 ? 1 : -1)),
    );
    const update = (id: string, source: string, params: Record<string, unknown> = {}) =>
      s.opensearch.updateByQuery({
        index: s.names.articles,
        body: { query: { ids: { values: [id] } }, script: { source, params } },
        refresh: true,
      });
    await update(kept!.id, 'ctx._source.detect_embeddings.voter = params.v', { v: planted });
    await update(cleared!.id, "ctx._source.remove('detect_embeddings')");
    // Without its clock the trend is rebuilt from its articles.
    await s.opensearch.updateByQuery({
      index: s.names.trends,
      body: { query: { ids: { values: [trend.id] } }, script: { source: "ctx._source.detect_state.remove('clock')" } },
      refresh: true,
    });
    await runDetect(deps(), { now: later });
    const after = new Map((await allArticles()).map((a) => [a.id, a]));
    expect(after.get(kept!.id)!.detect_embeddings!.voter).to.equal(planted);
    const again = after.get(cleared!.id)!.detect_embeddings!.voter;
    const text = memberText(cleared!);
    expect(dot(decodeEmbedding(text, again)!, decodeEmbedding(text, cleared!.detect_embeddings!.voter)!)).to.be.above(
      0.999,
    );
  });
});
