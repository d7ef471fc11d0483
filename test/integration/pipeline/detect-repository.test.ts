import { expect } from 'chai';
import {
  BulkWriteError,
  bulkWrite,
  bulkWriteAll,
  loadRejoinStates,
  loadUnassignedArticles,
  trendIdsByTerms,
} from '@trendscope/pipeline/detect/detect.repository';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { buildArticle, buildTrend } from '../../support/factories';
import { detectDeps, useTestServices } from '../../support/services';

describe('detection writes (real OpenSearch + Redis)', function () {
  this.timeout(60_000);
  const s = useTestServices({ migrate: true });

  it('throws BulkWriteError naming the rejected document instead of dropping it silently', async () => {
    const docs: { id: string; doc: Record<string, unknown> }[] = [
      { id: 'good.example', doc: { domain: 'good.example', articles: 1 } },
      { id: 'bad.example', doc: { domain: 'bad.example', not_in_mapping: true } },
    ];
    let caught: unknown;
    try {
      await bulkWrite(s.opensearch, s.names.domains, docs, 'index');
    } catch (err) {
      caught = err;
    }
    expect(caught).to.be.instanceOf(BulkWriteError);
    expect((caught as BulkWriteError).dropped.map((d) => d.id)).to.deep.equal(['bad.example']);
    expect((caught as BulkWriteError).dropped[0]!.status).to.equal(400);
  });

  it('writes an iterable in batches, drawing each batch only as it is written', async () => {
    let drawn = 0;
    const atRequest: number[] = [];
    const helpers = s.opensearch.helpers as { bulk: typeof s.opensearch.helpers.bulk };
    const bulk = helpers.bulk.bind(helpers);
    // How many documents had been drawn from the iterable when each bulk request started.
    helpers.bulk = ((opts: Parameters<typeof bulk>[0]) => {
      atRequest.push(drawn);
      return bulk(opts);
    }) as typeof bulk;
    function* docs(): Generator<{ id: string; doc: Record<string, unknown> }> {
      for (let i = 0; i < 5; i++) {
        drawn++;
        yield { id: `batch-${i}.example`, doc: { domain: `batch-${i}.example`, articles: i } };
      }
    }
    try {
      expect(await bulkWriteAll(s.opensearch, s.names.domains, docs(), 'index', 2)).to.equal(5);
    } finally {
      helpers.bulk = bulk;
    }
    // Three requests (2, 2 and 1 documents), each started when only the documents up to its own were drawn.
    expect(atRequest).to.deep.equal([2, 4, 5]);
    await s.opensearch.indices.refresh({ index: s.names.domains });
    const ids = [0, 1, 2, 3, 4].map((i) => `batch-${i}.example`);
    const got = await s.opensearch.mget({ index: s.names.domains, body: { ids } });
    expect((got.body.docs as { found: boolean }[]).map((d) => d.found)).to.deep.equal([true, true, true, true, true]);
  });

  it('runs over an empty window: no trends, a succeeded run record', async () => {
    const summary = await runDetect(detectDeps(s), { now: new Date('2026-11-21T12:00:00Z') });
    expect(summary).to.include({ articles_considered: 0, articles_assigned: 0, trends_written: 0 });
    const run = await s.opensearch.get({ index: s.names.runs, id: summary.run_id });
    expect(run.body._source).to.include({ kind: 'detect', status: 'succeeded' });
  });

  it('reads at most maxNewReports new reports per pass, the earliest first, and drains the rest in later passes of the same run', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const at = (h: number): string => new Date(now.getTime() - h * 3_600_000).toISOString();
    // Five reports of one story an hour apart, written in an order unlike their times, and one undated.
    const hours = [3, 5, 1, 4, 2];
    const body = hours.flatMap((h) => [
      { index: { _index: s.names.articles, _id: `capped-${h}` } },
      buildArticle({
        url: `https://capped.example/${String.fromCharCode(102 - h)}`,
        title: 'Harbour bridge closed after ship strikes pier',
        published_date: at(h),
        fetched_at: at(h),
      }),
    ]);
    body.push({ index: { _index: s.names.articles, _id: 'capped-undated' } });
    body.push(buildArticle({ url: 'https://capped.example/0', published_date: null, fetched_at: at(0.5) }));
    expect((await s.opensearch.bulk({ body, refresh: true })).body.errors).to.equal(false);
    const since = at(48);
    const three = await loadUnassignedArticles(s.opensearch, s.names, since, now.toISOString(), 3);
    // The three earliest published, in canonical URL order as every run reads them.
    expect(three.map((a) => a.id)).to.deep.equal(['capped-5', 'capped-4', 'capped-3']);
    const all = await loadUnassignedArticles(s.opensearch, s.names, since, now.toISOString());
    expect(all.map((a) => a.id)).to.deep.equal([
      'capped-undated',
      'capped-5',
      'capped-4',
      'capped-3',
      'capped-2',
      'capped-1',
    ]);

    // Bounded to one pass, a run reads the three earliest and leaves the rest to the next run.
    const one = await runDetect(detectDeps(s), { now, maxNewReports: 3, maxPasses: 1 });
    expect(one).to.include({ articles_considered: 3, passes: 1, stopped_at_max_passes: 1 });
    expect(await unassignedIds()).to.deep.equal(['capped-1', 'capped-2', 'capped-undated']);
    // Unbounded, the next run reads the other three in a second pass of three (full), then finds none.
    const drained = await runDetect(detectDeps(s), { now, maxNewReports: 3 });
    expect(drained).to.include({ articles_considered: 3, passes: 2, stopped_at_max_passes: 0 });
    expect(await unassignedIds()).to.deep.equal([]);
    const run = await s.opensearch.get({ index: s.names.runs, id: drained.run_id });
    expect((run.body._source as { counts: Record<string, number> }).counts).to.include({ passes: 2 });
    const after = await runDetect(detectDeps(s), { now, maxNewReports: 3 });
    expect(after).to.include({ articles_considered: 0, passes: 1 });

    async function unassignedIds(): Promise<string[]> {
      const left = await loadUnassignedArticles(s.opensearch, s.names, since, now.toISOString());
      return left.map((a) => a.id).sort();
    }
  });

  it('finds the trends the story rejoin may pair by term, within its bounds, and reads their state only', async () => {
    const at = (h: number): string => new Date(Date.parse('2026-10-01T00:00:00Z') + h * 3_600_000).toISOString();
    const trend = (id: string, terms: string[], count: number, lastHour: number) => ({
      id,
      doc: buildTrend({
        id,
        first_seen: at(0),
        last_seen: at(lastHour),
        article_count: count,
        detect_terms: terms,
        detect_founded: at(0),
        detect_state: { terms: { [terms[0]!]: 1 }, entities: {}, meaning: [0.5, 0.5] },
      }),
    });
    await bulkWrite(
      s.opensearch,
      s.names.trends,
      [
        trend('tr_rj_in', ['quokka', 'island'], 6, 50),
        trend('tr_rj_small', ['quokka'], 4, 50),
        trend('tr_rj_old', ['quokka'], 9, 10),
        trend('tr_rj_other', ['walrus'], 9, 50),
      ],
      'index',
    );
    await s.opensearch.indices.refresh({ index: s.names.trends });
    const since = at(-24);
    const every = await trendIdsByTerms(s.opensearch, s.names, since, ['quokka'], { minArticles: 0, lastSeenFrom: 0 });
    expect(every).to.deep.equal(['tr_rj_in', 'tr_rj_old', 'tr_rj_small']);
    const bounds = { minArticles: 5, lastSeenFrom: Date.parse(at(20)) };
    const ids = await trendIdsByTerms(s.opensearch, s.names, since, ['quokka'], bounds);
    expect(ids).to.deep.equal(['tr_rj_in']);
    const read = await loadRejoinStates(s.opensearch, s.names, ids);
    const state = read.get('tr_rj_in')!;
    expect(state.detect_state).to.deep.equal({ terms: { quokka: 1 }, entities: {} });
    expect(state.article_count).to.equal(6);
    expect(state).to.not.have.property('topic');
  });
});
