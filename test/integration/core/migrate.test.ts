import { expect } from 'chai';
import {
  INDEX_KINDS,
  isPartitioned,
  loadIndexDefinition,
  migrateIndices,
  type IndexDefinition,
} from '@trendscope/core';
import { openTestServices, type TestServices } from '../../support/services';

describe('migrateIndices (real OpenSearch)', function () {
  this.timeout(60_000);
  let s: TestServices;
  beforeEach(async () => {
    s = await openTestServices();
  });
  afterEach(async () => {
    await s.cleanup();
  });

  it('creates every index as <alias>-v1 behind its alias, articles and trends as the write index of the month', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const results = await migrateIndices(s.opensearch, s.names, { now });
    expect(results.map((r) => r.action)).to.deep.equal(INDEX_KINDS.map(() => 'created'));
    for (const kind of INDEX_KINDS) {
      const res = await s.opensearch.indices.getAlias({ name: s.names[kind] });
      const monthly = isPartitioned(kind);
      expect(Object.keys(res.body)).to.deep.equal([`${s.names[kind]}-${monthly ? '2026-11-' : ''}v1`]);
      expect(indicesBehindWrite(res.body, s.names[kind])).to.equal(monthly ? true : undefined);
    }
  });

  it('is idempotent: a second run changes nothing', async () => {
    await migrateIndices(s.opensearch, s.names);
    const again = await migrateIndices(s.opensearch, s.names);
    expect(again.every((r) => r.action === 'unchanged')).to.be.true;
  });

  it('migrates a changed mapping to v2 with an alias swap and no lost documents', async () => {
    await migrateIndices(s.opensearch, s.names, { kinds: ['domains'] });
    const alias = s.names.domains;
    const docs = Array.from({ length: 250 }, (_, i) => ({ domain: `d${i}.example`, articles: i }));
    await s.opensearch.helpers.bulk({
      datasource: docs,
      onDocument: (d) => ({ index: { _index: alias, _id: d.domain } }),
      refreshOnCompletion: true,
    });
    const changed = (): IndexDefinition => {
      const def = loadIndexDefinition('domains');
      const props = (def.mappings.properties as Record<string, unknown>) ?? {};
      return { ...def, mappings: { ...def.mappings, properties: { ...props, region: { type: 'keyword' } } } };
    };
    const [result] = await migrateIndices(s.opensearch, s.names, { kinds: ['domains'], load: changed });
    expect(result?.action).to.equal('migrated');
    expect(result?.index).to.equal(`${alias}-v2`);
    const aliases = await s.opensearch.indices.getAlias({ name: alias });
    expect(Object.keys(aliases.body)).to.deep.equal([`${alias}-v2`]);
    const count = await s.opensearch.count({ index: alias });
    expect(count.body.count).to.equal(250);
    const oldExists = await s.opensearch.indices.exists({ index: `${alias}-v1` });
    expect(oldExists.body).to.be.false;
    // The new field is live.
    await s.opensearch.index({ index: alias, id: 'x', body: { domain: 'x', region: 'eu' }, refresh: true });
    const hits = await s.opensearch.search({ index: alias, body: { query: { term: { region: 'eu' } } } });
    expect(hits.body.hits.hits).to.have.length(1);
  });
});

/** The is_write_index flag of the one index behind `alias` in a get-alias answer. */
function indicesBehindWrite(body: unknown, alias: string): boolean | undefined {
  const entry = Object.values(body as Record<string, { aliases: Record<string, { is_write_index?: boolean }> }>)[0];
  return entry?.aliases[alias]?.is_write_index;
}
