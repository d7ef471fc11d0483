import { expect } from 'chai';
import { type OpenSearchClient, type TrendDoc } from '@trendscope/core';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { buildArticle } from '../../support/factories';
import { detectDeps, useTestServices } from '../../support/services';

const H = 3_600_000;
const BOUND = 100;
const NOW = Date.parse('2026-11-22T12:00:00Z');
const TITLES = [
  'Harbour bridge closed after cargo ship strikes pier',
  'Cargo ship strikes harbour bridge pier, bridge closed',
  'Harbour bridge stays closed after ship hits pier',
];

/** One report of the harbour-bridge story, `hoursAgo` before `now`, from site `site`. */
function report(i: number, site: number, hoursAgo: number, now: number) {
  const at = new Date(now - hoursAgo * H + i * 1_000).toISOString();
  return buildArticle({
    url: `https://site${site}.example/bridge-${i}`,
    domain: `site${site}.example`,
    publisher: `Site ${site}`,
    title: TITLES[i % TITLES.length]!,
    description: 'The harbour bridge was closed after a cargo ship struck one of its piers overnight.',
    published_date: at,
    fetched_at: at,
    entities: ['Harbour Bridge'],
  });
}

/** Counts the whole article documents (not the few-field reads) a client's searches and mgets return. */
function countArticleReads(client: OpenSearchClient, articles: string): { read: number; restore: () => void } {
  type Reply = { body: { hits: { hits: unknown[] }; docs?: unknown[] } };
  type Fn = (params: { index?: unknown; body?: { _source?: unknown } }, ...rest: unknown[]) => Promise<Reply>;
  const target = client as unknown as { search: Fn; mget: Fn };
  const search = target.search;
  const mget = target.mget;
  const out = { read: 0, restore: () => Object.assign(target, { search, mget }) };
  const ofArticles = (index: unknown): boolean => typeof index === 'string' && index.startsWith(articles);
  target.search = async (params, ...rest) => {
    const res = await search.call(client, params, ...rest);
    if (ofArticles(params.index) && params.body?._source === undefined) out.read += res.body.hits.hits.length;
    return res;
  };
  target.mget = async (params, ...rest) => {
    const res = await mget.call(client, params, ...rest);
    if (ofArticles(params.index)) out.read += (res.body.docs ?? []).length;
    return res;
  };
  return out;
}

describe('detection of a trend above the member bound (real OpenSearch + Redis)', function () {
  this.timeout(120_000);
  const s = useTestServices({ migrate: true });

  async function index(docs: { id: string; doc: object }[]): Promise<void> {
    const body = docs.flatMap((d) => [{ index: { _index: s.names.articles, _id: d.id } }, d.doc]);
    expect((await s.opensearch.bulk({ body, refresh: true })).body.errors).to.equal(false);
  }
  async function trends(): Promise<TrendDoc[]> {
    await s.opensearch.indices.refresh({ index: s.names.trends });
    const res = await s.opensearch.search({ index: s.names.trends, body: { size: 100 } });
    return res.body.hits.hits.map((h) => h._source as unknown as TrendDoc);
  }
  /** The trend's members and distinct domains as the articles index holds them. */
  async function stored(trendId: string): Promise<{ members: number; domains: number }> {
    await s.opensearch.indices.refresh({ index: s.names.articles });
    const res = await s.opensearch.search({
      index: s.names.articles,
      body: { size: 1000, _source: ['domain'], query: { term: { trend_id: trendId } } },
    });
    const domains = res.body.hits.hits.map((h) => (h._source as { domain: string }).domain);
    return { members: domains.length, domains: new Set(domains).size };
  }

  it('reads at most the bound of a trend it adds reports to, and serves all its members counted', async () => {
    const first = NOW - 2 * H;
    // 150 reports of one story from 8 sites over 20 hours: one trend above the bound of 100.
    await index(Array.from({ length: 150 }, (_, i) => ({ id: `old-${i}`, doc: report(i, i % 8, 20 - i / 8, first) })));
    const before = await runDetect(detectDeps(s), { now: new Date(first), maxMembersRead: BOUND });
    expect(before.trends_created).to.equal(1);
    const [big] = await trends();
    expect(big!.article_count).to.equal(150);
    expect(big!.detect_state!.growth).to.not.equal(undefined);

    // Three new reports an hour later, one from a site the trend has not cited yet.
    await index([
      { id: 'new-0', doc: report(200, 1, 1, NOW) },
      { id: 'new-1', doc: report(201, 2, 0.8, NOW) },
      { id: 'new-2', doc: report(202, 9, 0.5, NOW) },
    ]);
    const reads = countArticleReads(s.opensearch, s.names.articles);
    let summary;
    try {
      summary = await runDetect(detectDeps(s), { now: new Date(NOW), maxMembersRead: BOUND });
    } finally {
      reads.restore();
    }
    expect(summary.articles_assigned).to.equal(3);
    expect(summary.trends_created).to.equal(0);
    // The new reports and at most the bound of the trend's members (150 when rebuilt from all).
    expect(reads.read).to.be.at.most(BOUND + 3);
    const [grown] = await trends();
    const truth = await stored(grown!.id);
    expect(truth).to.deep.equal({ members: 153, domains: 9 });
    expect(grown!.article_count).to.equal(truth.members);
    expect(grown!.source_count).to.equal(truth.domains);
    expect(grown!.domain_articles['site9.example']).to.equal(1);
    expect(grown!.last_seen).to.equal(new Date(NOW - 0.5 * H + 202 * 1_000).toISOString().replace(/\.000Z$/, 'Z'));
    expect(grown!.timeline.reduce((n, b) => n + b.articles, 0)).to.equal(153);
    expect(grown!.score_breakdown.publishers).to.equal(9);
  });
});
