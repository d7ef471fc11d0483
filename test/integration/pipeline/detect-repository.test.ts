import { expect } from 'chai';
import { migrateIndices } from '@trendscope/core';
import { BulkWriteError, bulkWrite } from '@trendscope/pipeline/detect/detect.repository';
import { runDetect } from '@trendscope/pipeline/detect/run-detect';
import { detectDeps, openTestServices, type TestServices } from '../../support/services';

describe('detection writes (real OpenSearch + Redis)', function () {
  this.timeout(60_000);
  let s: TestServices;
  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
  });
  after(async () => {
    await s.cleanup();
  });

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
});
