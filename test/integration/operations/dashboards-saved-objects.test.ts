import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { indexNames, migrateIndices, type IndexKind } from '@trendscope/core';
import { openTestServices, type TestServices } from '../../support/services';

const NDJSON = fileURLToPath(new URL('../../../infra/opensearch/dashboards/trendscope.ndjson', import.meta.url));

interface SavedObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  references: { name: string; type: string; id: string }[];
}

interface VisAgg {
  id: string;
  type: string;
  schema: string;
  params: { field?: string; size?: number; interval?: number | string; ranges?: unknown[] };
}

interface FieldCap {
  type: string;
  aggregatable: boolean;
}

const NUMERIC = ['long', 'integer', 'short', 'byte', 'double', 'float', 'half_float', 'scaled_float'];
/** Field types each aggregation of the visualizations accepts (as OpenSearch Dashboards offers them). */
const ACCEPTED: Record<string, readonly string[]> = {
  date_histogram: ['date', 'date_nanos'],
  histogram: NUMERIC,
  range: NUMERIC,
  avg: NUMERIC,
  sum: NUMERIC,
  max: [...NUMERIC, 'date'],
  min: [...NUMERIC, 'date'],
  terms: [...NUMERIC, 'keyword', 'date', 'boolean', 'ip'],
  cardinality: [...NUMERIC, 'keyword', 'date', 'boolean', 'ip'],
};

const objects: SavedObject[] = readFileSync(NDJSON, 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line) as SavedObject);
const byId = new Map(objects.map((o) => [`${o.type}:${o.id}`, o]));
const ofType = (type: string): SavedObject[] => objects.filter((o) => o.type === type);
const DEFAULT_NAMES = indexNames('trendscope');

/** The index kind an index pattern covers, from its title (the services' alias for the default prefix). */
function kindOf(pattern: SavedObject): IndexKind {
  const entry = Object.entries(DEFAULT_NAMES).find(([, alias]) => alias === pattern.attributes.title);
  if (!entry) throw new Error(`index pattern ${pattern.id} has title ${String(pattern.attributes.title)}, no alias`);
  return entry[0] as IndexKind;
}

function patternOf(vis: SavedObject): SavedObject {
  const meta = vis.attributes.kibanaSavedObjectMeta as { searchSourceJSON: string };
  const source = JSON.parse(meta.searchSourceJSON) as { indexRefName?: string };
  const ref = vis.references.find((r) => r.name === source.indexRefName);
  if (!ref) throw new Error(`${vis.id}: indexRefName ${String(source.indexRefName)} has no reference`);
  const pattern = byId.get(`${ref.type}:${ref.id}`);
  if (!pattern || pattern.type !== 'index-pattern') throw new Error(`${vis.id}: reference ${ref.id} does not resolve`);
  return pattern;
}

function aggsOf(vis: SavedObject): VisAgg[] {
  return (JSON.parse(vis.attributes.visState as string) as { aggs: VisAgg[] }).aggs;
}

/** The OpenSearch aggregation a visualization's aggs stand for (buckets nested in their order). */
function toSearchAggs(aggs: VisAgg[]): Record<string, unknown> {
  const metrics: Record<string, unknown> = {};
  for (const a of aggs.filter((x) => x.schema === 'metric' && x.type !== 'count')) {
    metrics[`m${a.id}`] = { [a.type]: { field: a.params.field } };
  }
  let inner = metrics;
  for (const a of aggs.filter((x) => x.schema !== 'metric').reverse()) {
    const p = a.params;
    const body =
      a.type === 'date_histogram'
        ? { field: p.field, fixed_interval: '1h' }
        : a.type === 'histogram'
          ? { field: p.field, interval: p.interval }
          : a.type === 'range'
            ? { field: p.field, ranges: p.ranges }
            : { field: p.field, size: p.size ?? 10 };
    inner = { [`b${a.id}`]: { [a.type]: body, ...(Object.keys(inner).length > 0 ? { aggs: inner } : {}) } };
  }
  return inner;
}

describe('OpenSearch Dashboards saved objects (infra/opensearch/dashboards/trendscope.ndjson)', function () {
  this.timeout(120_000);
  let s: TestServices;
  const caps = new Map<IndexKind, Record<string, FieldCap>>();

  before(async () => {
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names);
    for (const pattern of ofType('index-pattern')) {
      const kind = kindOf(pattern);
      const res = await s.opensearch.fieldCaps({ index: s.names[kind], fields: '*' });
      const fields = (res.body as { fields: Record<string, Record<string, FieldCap>> }).fields;
      caps.set(
        kind,
        Object.fromEntries(Object.entries(fields).flatMap(([name, t]) => Object.values(t).map((c) => [name, c]))),
      );
    }
  });
  after(async () => {
    await s.cleanup();
  });

  it('has unique ids, index patterns over trends, articles, domains and runs, and at least six visualizations', () => {
    expect(byId.size).to.equal(objects.length);
    expect(ofType('index-pattern').map(kindOf).sort()).to.deep.equal(['articles', 'domains', 'runs', 'trends']);
    expect(ofType('visualization').length).to.be.at.least(6);
  });

  it('gives every index pattern a time field that is a date in the live mapping', () => {
    for (const pattern of ofType('index-pattern')) {
      const field = pattern.attributes.timeFieldName as string;
      expect(caps.get(kindOf(pattern))?.[field]?.type, `${pattern.id}.${field}`).to.equal('date');
    }
  });

  it('uses only fields that exist with a type their aggregation accepts', () => {
    for (const vis of ofType('visualization')) {
      const fields = caps.get(kindOf(patternOf(vis)));
      for (const agg of aggsOf(vis).filter((a) => a.params.field !== undefined)) {
        const cap = fields?.[agg.params.field as string];
        const where = `${vis.id}: ${agg.type} on ${String(agg.params.field)}`;
        expect(cap, where).to.not.equal(undefined);
        expect(cap?.aggregatable, where).to.equal(true);
        expect(ACCEPTED[agg.type], `${vis.id}: aggregation ${agg.type} is not checked`).to.not.equal(undefined);
        expect(ACCEPTED[agg.type]).to.include(cap?.type, where);
      }
    }
  });

  it('runs every visualization as an aggregation the live index accepts', async () => {
    for (const vis of ofType('visualization')) {
      const index = s.names[kindOf(patternOf(vis))];
      const res = await s.opensearch.transport.request({
        method: 'POST',
        path: `/${index}/_search`,
        body: { size: 0, aggs: toSearchAggs(aggsOf(vis)) },
      });
      expect(res.statusCode, vis.id).to.equal(200);
    }
  });

  it('has one "Trendscope overview" dashboard whose panels resolve to every visualization', () => {
    const dashboards = ofType('dashboard');
    expect(dashboards.map((d) => d.attributes.title)).to.deep.equal(['Trendscope overview']);
    const dashboard = dashboards[0] as SavedObject;
    const panels = JSON.parse(dashboard.attributes.panelsJSON as string) as { panelRefName: string }[];
    const ids = panels.map((p) => {
      const ref = dashboard.references.find((r) => r.name === p.panelRefName);
      expect(ref, p.panelRefName).to.not.equal(undefined);
      expect(byId.has(`${ref?.type}:${ref?.id}`), `${ref?.id}`).to.equal(true);
      return ref?.id;
    });
    expect(ids.sort()).to.deep.equal(
      ofType('visualization')
        .map((v) => v.id)
        .sort(),
    );
  });

  it('resolves every reference of every object', () => {
    for (const o of objects) {
      for (const ref of o.references) expect(byId.has(`${ref.type}:${ref.id}`), `${o.id} -> ${ref.id}`).to.equal(true);
    }
  });
});
