import { expect } from 'chai';
import { compareWithDefinition, flattenSettings, loadIndexDefinition, type IndexDefinition } from '@trendscope/core';

/** A live index as OpenSearch echoes a definition back: the mappings as given, settings flat and stringified. */
function liveOf(def: IndexDefinition): { mappings: Record<string, unknown>; settings: Record<string, unknown> } {
  return {
    mappings: { ...structuredClone(def.mappings), _meta: { definition_hash: 'old' } },
    settings: {
      ...flattenSettings(def.settings),
      'index.uuid': 'x',
      'index.number_of_replicas': '0',
      'index.provided_name': 'i',
    },
  };
}

function withProps(def: IndexDefinition, edit: (props: Record<string, unknown>) => void): IndexDefinition {
  const copy = structuredClone(def);
  edit(copy.mappings.properties as Record<string, unknown>);
  return copy;
}

describe('compareWithDefinition', () => {
  const articles = loadIndexDefinition('articles');
  const trends = loadIndexDefinition('trends');

  it('finds nothing to do when every definition equals its live index', () => {
    for (const def of [articles, trends, loadIndexDefinition('domains')]) {
      expect(compareWithDefinition(liveOf(def), def)).to.deep.equal({
        kind: 'in-place',
        addedFields: [],
        settings: {},
      });
    }
  });

  it('adds a new top-level field, and a field inside an object, in place', () => {
    const live = liveOf(withProps(articles, (p) => delete p.detect_embeddings));
    expect(compareWithDefinition(live, articles)).to.deep.include({
      kind: 'in-place',
      addedFields: ['detect_embeddings'],
    });
    const nested = withProps(articles, (p) => {
      (p.redactions as { properties: Record<string, unknown> }).properties.passport = { type: 'integer' };
    });
    expect(compareWithDefinition(liveOf(articles), nested)).to.deep.include({ addedFields: ['redactions.passport'] });
  });

  it('reindexes when a field changes type, gains a sub-field or an analyzer, or goes', () => {
    const cases: Array<[IndexDefinition, string]> = [
      [withProps(articles, (p) => (p.word_count = { type: 'long' })), 'field word_count changed'],
      [
        withProps(articles, (p) => ((p.body as Record<string, unknown>).fields = { raw: { type: 'keyword' } })),
        'field body changed',
      ],
      [withProps(articles, (p) => ((p.title as Record<string, unknown>).analyzer = 'standard')), 'field title changed'],
      [withProps(articles, (p) => delete p.simhash), 'field simhash removed'],
      [
        withProps(articles, (p) => ((p.redactions as Record<string, unknown>).type = 'nested')),
        'field redactions changed',
      ],
    ];
    for (const [def, reason] of cases) {
      expect(compareWithDefinition(liveOf(articles), def)).to.deep.equal({ kind: 'reindex', reason });
    }
  });

  it('reindexes for a static setting or a changed analysis, updates a dynamic setting in place', () => {
    const shards = structuredClone(articles);
    (shards.settings.index as Record<string, unknown>).number_of_shards = 3;
    expect(compareWithDefinition(liveOf(articles), shards)).to.deep.equal({
      kind: 'reindex',
      reason: 'setting index.number_of_shards changed',
    });
    const refresh = structuredClone(articles);
    (refresh.settings.index as Record<string, unknown>).refresh_interval = '5s';
    expect(compareWithDefinition(liveOf(articles), refresh)).to.deep.equal({
      kind: 'in-place',
      addedFields: [],
      settings: { 'index.refresh_interval': '5s' },
    });
    const noAnalysis = structuredClone(trends);
    delete noAnalysis.settings.analysis;
    expect(compareWithDefinition(liveOf(trends), noAnalysis).kind).to.equal('reindex');
  });

  it('reindexes a new field of a mapping that is not strict (a stored document may hold it unindexed)', () => {
    const loose = structuredClone(articles);
    loose.mappings.dynamic = false;
    const live = liveOf(withProps(loose, (p) => delete p.detect_embeddings));
    expect(compareWithDefinition(live, loose).kind).to.equal('reindex');
  });
});
