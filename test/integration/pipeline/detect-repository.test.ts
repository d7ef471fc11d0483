import { expect } from 'chai';
import { BulkWriteError, bulkWrite, loadUnassignedArticles } from '@trendscope/pipeline/detect/detect.repository';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { buildArticle } from '../../support/factories';
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

  it('runs over an empty window: no trends, a succeeded run record', async () => {
    const summary = await runDetect(detectDeps(s), { now: new Date('2026-11-21T12:00:00Z') });
    expect(summary).to.include({ articles_considered: 0, articles_assigned: 0, trends_written: 0 });
    const run = await s.opensearch.get({ index: s.names.runs, id: summary.run_id });
    expect(run.body._source).to.include({ kind: 'detect', status: 'succeeded' });
  });

  it('reads at most maxNewReports new reports, the earliest first, and leaves the rest to the next run', async () => {
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

    const first = await runDetect(detectDeps(s), { now, maxNewReports: 3 });
    expect(first.articles_considered).to.equal(3);
    const second = await runDetect(detectDeps(s), { now, maxNewReports: 3 });
    expect(second.articles_considered).to.equal(3);
    const third = await runDetect(detectDeps(s), { now, maxNewReports: 3 });
    expect(third.articles_considered).to.equal(0);
  });
});
