import { expect } from 'chai';
import { applyRetention, fetchTrendDoc, getTrend, migrateIndices, type QueryDeps } from '@trendscope/core';
import { bulkWrite } from '@trendscope/pipeline/detect/detect.repository';
import { buildTrend } from '../../support/factories';
import { useTestServices } from '../../support/services';

describe('a trend by id across monthly indices (real OpenSearch)', function () {
  this.timeout(120_000);
  const s = useTestServices();

  it("reads the current month's trends with a get, older ones and merged ids through the alias", async () => {
    const T = s.names.trends;
    await migrateIndices(s.opensearch, s.names, { kinds: ['trends'], now: new Date('2026-01-05T00:00:00Z') });
    const january = buildTrend({ topic: 'January story' }, new Date('2026-01-12T00:00:00Z'));
    await bulkWrite(s.opensearch, T, [{ id: january.id, doc: january }], 'index');
    // February: writes move to February's index; January's trend stays where it is.
    await applyRetention(
      s.opensearch,
      s.names,
      { articles: 100, trends: 400, bodies: 100 },
      { now: new Date('2026-02-01T01:00:00Z') },
    );
    const at = new Date('2026-02-10T00:00:00Z');
    const survivor = buildTrend({ topic: 'February story', aliases: ['tr_deletedfragment'] }, at);
    const absorbed = buildTrend({ topic: 'February fragment', merged_into: survivor.id }, at);
    await bulkWrite(
      s.opensearch,
      T,
      [survivor, absorbed].map((t) => ({ id: t.id, doc: t })),
      'index',
    );
    await s.opensearch.indices.refresh({ index: T });

    // Every search the query layer sends is counted: a trend of the current month needs none.
    let searches = 0;
    const opensearch = new Proxy(s.opensearch, {
      get(target, key, receiver) {
        if (key === 'search') return (...args: unknown[]) => (searches++, target.search(...(args as [never])));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const deps: QueryDeps = { opensearch, names: s.names, queryTimeoutMs: 5000 };
    expect(await fetchTrendDoc(deps, survivor.id)).to.include({ topic: 'February story' });
    expect(searches, "a get on the current month's index").to.equal(0);

    expect(await fetchTrendDoc(deps, january.id)).to.include({ topic: 'January story' });
    expect(searches, 'an earlier month: the ids search over the alias').to.equal(1);
    expect(await getTrend(deps, { trend_id: january.id })).to.include({ id: january.id, merged_into: null });

    // API.md: an absorbed id answers with the survivor's body and merged_into, marked or deleted.
    expect(await getTrend(deps, { trend_id: absorbed.id })).to.include({
      id: survivor.id,
      topic: 'February story',
      merged_into: survivor.id,
    });
    expect(await getTrend(deps, { trend_id: 'tr_deletedfragment' })).to.include({
      id: survivor.id,
      merged_into: survivor.id,
    });
    expect(await fetchTrendDoc(deps, 'tr_nosuchtrend')).to.equal(null);
  });
});
