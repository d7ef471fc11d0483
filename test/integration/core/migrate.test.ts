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

  it('copies to v2 with an alias swap and no lost documents when a field changes type', async () => {
    await migrateIndices(s.opensearch, s.names, { kinds: ['domains'] });
    const alias = s.names.domains;
    const docs = Array.from({ length: 250 }, (_, i) => ({ domain: `d${i}.example`, articles: i }));
    await s.opensearch.helpers.bulk({
      datasource: docs,
      onDocument: (d) => ({ index: { _index: alias, _id: d.domain } }),
      refreshOnCompletion: true,
    });
    // A keyword field made text: existing documents must be indexed again.
    const changed = (): IndexDefinition => {
      const def = loadIndexDefinition('domains');
      const props = (def.mappings.properties as Record<string, unknown>) ?? {};
      return { ...def, mappings: { ...def.mappings, properties: { ...props, domain: { type: 'text' } } } };
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
    // The copied documents are indexed under the new mapping: a word of the text matches every one
    // (as a keyword, `example` would match none).
    const hits = await s.opensearch.search({ index: alias, body: { query: { match: { domain: 'example' } } } });
    expect(hits.body.hits.total).to.deep.include({ value: 250 });
  });

  it('adds a new field to the live indices in place: same indices, nothing copied, the field live', async () => {
    // An articles index as the definition stood before detect_embeddings, with a stored article.
    const before = (): IndexDefinition => {
      const def = loadIndexDefinition('articles');
      const { detect_embeddings: _dropped, ...props } = def.mappings.properties as Record<string, unknown>;
      return { ...def, mappings: { ...def.mappings, properties: props } };
    };
    const now = new Date('2026-11-27T12:00:00Z');
    await migrateIndices(s.opensearch, s.names, { kinds: ['articles'], load: before, now });
    const alias = s.names.articles;
    const index = `${alias}-2026-11-v1`;
    await s.opensearch.index({
      index: alias,
      id: 'a1',
      body: { url: 'https://e.example/a', fetched_at: now.toISOString() },
      refresh: true,
    });

    const [result] = await migrateIndices(s.opensearch, s.names, { kinds: ['articles'], now });
    expect(result).to.deep.include({ action: 'updated', index });
    expect(result?.copied).to.equal(undefined);
    const aliases = await s.opensearch.indices.getAlias({ name: alias });
    expect(Object.keys(aliases.body)).to.deep.equal([index]);
    expect((await s.opensearch.count({ index: alias })).body.count).to.equal(1);
    // The strict mapping takes the new field now, and the stored hash is the definition's.
    await s.opensearch.update({ index, id: 'a1', body: { doc: { detect_embeddings: { voter: 'x' } } }, refresh: true });
    const again = await migrateIndices(s.opensearch, s.names, { kinds: ['articles'], now });
    expect(again[0]?.action).to.equal('unchanged');
  });
});

/** The is_write_index flag of the one index behind `alias` in a get-alias answer. */
function indicesBehindWrite(body: unknown, alias: string): boolean | undefined {
  const entry = Object.values(body as Record<string, { aliases: Record<string, { is_write_index?: boolean }> }>)[0];
  return entry?.aliases[alias]?.is_write_index;
}
