import { expect } from 'chai';
import { migrateIndices, type DomainDoc, type TrendDoc } from '@trendscope/core';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { loadGiveme } from '@trendscope/pipeline/lab/corpus/giveme.corpus';
import { givemeArticleDoc } from '../../support/giveme-articles';
import { detectDeps, openTestServices, type TestServices } from '../../support/services';

const NOW = new Date('2018-02-08T00:00:00Z');
const FETCHED_AT = '2018-02-07T12:00:00Z';

/**
 * Domain quality from per-domain counters over Giveme5W1H articles in two runs: the second run
 * rescores only its new reports' domains from the counters the first kept, and a deployment
 * without counters (written before they were kept) has them rebuilt from the window's articles.
 */
describe('domain quality counters across detection runs (real OpenSearch + Redis)', function () {
  this.timeout(180_000);
  let s: TestServices;
  let firstClock: Date;

  async function all<T>(index: string, sort: string): Promise<T[]> {
    const res = await s.opensearch.search({ index, body: { size: 1000, sort: [{ [sort]: 'asc' }] } });
    return res.body.hits.hits.map((h) => h._source as unknown as T);
  }

  /**
   * What `run` sends to the domains index in bulk requests: the ids written whole, and the
   * updates with their bodies.
   */
  async function domainWrites<T>(run: () => Promise<T>): Promise<{
    result: T;
    whole: string[];
    updates: { id: string; body: { script: { params: { doc: DomainDoc; added: { id: string }[] } } } }[];
  }> {
    const client = s.opensearch as unknown as { bulk: (...args: unknown[]) => unknown };
    const bulk = client.bulk;
    const whole: string[] = [];
    const updates: { id: string; body: never }[] = [];
    client.bulk = (...args: unknown[]) => {
      const lines = ((args[0] as { body: (string | object)[] }).body ?? []).map((l) =>
        typeof l === 'string' ? (JSON.parse(l) as Record<string, unknown>) : (l as Record<string, unknown>),
      );
      for (let i = 0; i < lines.length; i++) {
        const [action, meta] = Object.entries(lines[i]!)[0] as [string, { _index: string; _id: string }];
        if (action === 'delete') continue;
        if (meta._index.startsWith(s.names.domains)) {
          if (action === 'update') updates.push({ id: meta._id, body: lines[i + 1] as never });
          else whole.push(meta._id);
        }
        i++;
      }
      return bulk.apply(client, args);
    };
    try {
      return { result: await run(), whole, updates };
    } finally {
      client.bulk = bulk;
    }
  }

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
    const docs = loadGiveme().map((r) => givemeArticleDoc(r, FETCHED_AT));
    const body = docs.flatMap(({ id, doc }) => [{ index: { _index: s.names.articles, _id: id } }, doc]);
    expect((await s.opensearch.bulk({ body, refresh: true })).body.errors).to.equal(false);
    // The first run sees the earlier half of the window's reports, the second the rest.
    const times = docs
      .map(({ doc }) => Date.parse(doc.published_date ?? doc.fetched_at))
      .filter((t) => t >= NOW.getTime() - 60 * 24 * 3_600_000 && t <= NOW.getTime())
      .sort((a, b) => a - b);
    firstClock = new Date(times[Math.floor(times.length / 2)]!);
  });
  after(async () => {
    await s.cleanup();
  });

  it('rescores from the counters what a rebuild of the counters from the articles rescores', async () => {
    await runDetect(detectDeps(s), { now: firstClock });
    const trendsAfterFirst = await all<TrendDoc>(s.names.trends, 'id');
    const res = await s.opensearch.search({ index: s.names.articles, body: { size: 1000, _source: ['trend_id'] } });
    const assignedAfterFirst = res.body.hits.hits.map((h) => ({
      id: h._id!,
      trend_id: (h._source as { trend_id?: string | null }).trend_id ?? null,
    }));
    const first = await all<DomainDoc>(s.names.domains, 'domain');
    expect(first.length).to.be.greaterThan(0);
    expect(first.every((d) => d.detect_counters?.version === 1)).to.equal(true);

    const sent = await domainWrites(() => runDetect(detectDeps(s), { now: NOW }));
    const second = sent.result;
    expect(second.articles_assigned).to.be.greaterThan(0);
    // A domain with stored counters goes without its stored sample: only the headlines this run
    // counted for it (newly assigned reports), merged where it is stored; a new domain goes whole.
    const newlyAssigned = new Set(
      (
        await s.opensearch.search({ index: s.names.articles, body: { size: 1000, _source: ['trend_id'] } })
      ).body.hits.hits
        .filter((h) => (h._source as { trend_id?: string }).trend_id)
        .map((h) => h._id!)
        .filter((id) => !assignedAfterFirst.some((a) => a.id === id && a.trend_id)),
    );
    const firstDomains = new Set(first.map((d) => d.domain));
    expect(sent.updates.length).to.be.greaterThan(0);
    for (const u of sent.updates) {
      expect(firstDomains.has(u.id), u.id).to.equal(true);
      expect(u.body.script.params.doc.detect_counters!.recent).to.deep.equal([]);
      for (const r of u.body.script.params.added) expect(newlyAssigned.has(r.id), r.id).to.equal(true);
    }
    for (const id of sent.whole) expect(firstDomains.has(id), id).to.equal(false);
    const counted = await all<DomainDoc>(s.names.domains, 'domain');
    const stamp = NOW.toISOString();
    const rescored = counted.filter((d) => d.updated_at === stamp);
    // Only the domains of the second run's reports are rescored; the others keep their documents.
    expect(rescored.length).to.equal(second.domains_written).and.to.be.greaterThan(0);
    for (const d of counted.filter((c) => c.updated_at !== stamp)) {
      expect(d, d.domain).to.deep.equal(first.find((f) => f.domain === d.domain));
    }
    // Counters add up to the articles served.
    for (const d of rescored) {
      const days = Object.values(d.detect_counters!.days);
      expect(
        days.reduce((n, day) => n + day.all.n, 0),
        d.domain,
      ).to.be.at.most(d.articles);
    }

    // The same second run over a deployment whose domain documents have no counters: the state
    // after the first run, the counters removed, the second run's reports unassigned again.
    await s.opensearch.deleteByQuery({
      index: s.names.trends,
      body: { query: { match_all: {} } },
      refresh: true,
    });
    const trendBody = trendsAfterFirst.flatMap((t) => [{ index: { _index: s.names.trends, _id: t.id } }, t]);
    expect((await s.opensearch.bulk({ body: trendBody, refresh: true })).body.errors).to.equal(false);
    const articleBody = assignedAfterFirst.flatMap((a) => [
      { update: { _index: s.names.articles, _id: a.id } },
      { doc: { trend_id: a.trend_id } },
    ]);
    expect((await s.opensearch.bulk({ body: articleBody, refresh: true })).body.errors).to.equal(false);
    await s.opensearch.updateByQuery({
      index: s.names.domains,
      body: { query: { match_all: {} }, script: { source: "ctx._source.remove('detect_counters')" } },
      refresh: true,
    });
    const again = await runDetect(detectDeps(s), { now: NOW });
    expect(again.articles_assigned).to.equal(second.articles_assigned);
    const rebuilt = (await all<DomainDoc>(s.names.domains, 'domain')).filter((d) => d.updated_at === stamp);
    expect(rebuilt.map((d) => d.domain)).to.deep.equal(rescored.map((d) => d.domain));
    expect(rebuilt).to.deep.equal(rescored);
  });
});
