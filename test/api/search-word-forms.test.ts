import { expect } from 'chai';
import { loadIndexDefinition, migrateIndices, type IndexDefinition, type TrendDoc } from '@trendscope/core';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildTrend, FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, useTestServices, type TestServices } from '../support/services';

type Body = { results: { id: string; topic: string }[] };

// Pairs a Porter stemmer folds into one term (inflat, univers, organ, new) though they are different
// words: the trends index stems plurals only (infra/opensearch/trends.json, docs/api.md).
describe('GET /v1/search matches words, not stems of other words', function () {
  this.timeout(60_000);
  let s: TestServices;
  let api: RunningApi;
  const trend = (topic: string, summary: string, keywords: string[]): TrendDoc =>
    buildTrend({ topic, summary, keywords, signature: keywords.join(' ') });
  const inflatable = trend('Colon Cancer Awareness', 'A giant inflatable colon tours hospitals to urge screening.', [
    'giant inflatable',
    'colon cancer',
  ]);
  const inflation = trend('Bank of England inflation report', 'The Bank expects price growth to slow this year.', [
    'bank of england',
    'price growth',
  ]);
  const universe = trend('Origins of the universe', 'Telescope data on the early universe.', ['early universe']);
  const university = trend('University fees rise', 'Students face higher fees at every university.', ['tuition fees']);
  const organization = trend('Health organization warns on Ebola', 'The organization raised its alert.', ['ebola']);
  const organ = trend('Organ donor register grows', 'More people sign up to donate an organ.', ['organ donation']);
  const newPhone = trend('Samsung shows a new phone', 'The new model has a larger screen.', ['galaxy phone']);
  const newsSite = trend('Paper closes its news site', 'The news website shuts after ten years.', ['news website']);
  const stocks = trend('Stocks slide in Tokyo', 'Asian stocks fell on Monday.', ['asian markets']);

  before(async () => {
    s = await openTestServices();
    await seed(s, {
      trends: [inflatable, inflation, universe, university, organization, organ, newPhone, newsSite, stocks],
    });
    // One highlighted search warms a cold node, so the first query does not outlast the API's bound.
    await s.opensearch.search({
      index: s.names.trends,
      body: { query: { match: { topic: 'inflation' } }, highlight: { fields: { topic: {}, summary: {} } } },
    });
    api = await startApi(s, { deps: { now: () => FACTORY_NOW } });
  });
  after(async () => {
    await api.close();
    await s.cleanup();
  });

  const ids = async (q: string): Promise<string[]> =>
    (await getJson<Body>(api.url, `/v1/search?q=${encodeURIComponent(q)}&time_window=30d`)).body.results.map(
      (r) => r.id,
    );

  for (const [q, wanted, other] of [
    ['inflation', inflation, inflatable],
    ['inflatable', inflatable, inflation],
    ['university', university, universe],
    ['universe', universe, university],
    ['organ', organ, organization],
    ['organization', organization, organ],
    ['news', newsSite, newPhone],
    ['new', newPhone, newsSite],
  ] as const) {
    it(`finds "${wanted.topic}" for q=${q}, and not "${other.topic}"`, async () => {
      const found = await ids(q);
      expect(found[0]).to.equal(wanted.id);
      expect(found).to.not.include(other.id);
    });
  }

  it('still folds plurals: q=stock finds "Stocks slide", q=universities finds "University fees rise"', async () => {
    expect(await ids('stock')).to.deep.equal([stocks.id]);
    expect(await ids('universities')).to.deep.equal([university.id]);
  });
});

describe('trends index migration to the plural-only stemmer (real OpenSearch)', function () {
  this.timeout(60_000);
  const s = useTestServices();

  /** The definition before: Porter (`english`) on the searched fields, velocity_metrics without its rule. */
  const porter = (): IndexDefinition => {
    const def = JSON.parse(JSON.stringify(loadIndexDefinition('trends'))) as IndexDefinition;
    const settings = def.settings as { analysis?: unknown };
    delete settings.analysis;
    const text = JSON.stringify(def.mappings).replaceAll('"english_plural"', '"english"');
    const mappings = JSON.parse(text) as { properties: { velocity_metrics: { properties: Record<string, unknown> } } };
    for (const k of ['rule_version', 'rule', 'thresholds']) delete mappings.properties.velocity_metrics.properties[k];
    return { ...def, mappings };
  };

  it('moves stored trends to a new version whose search no longer joins inflation and inflatable', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    await migrateIndices(s.opensearch, s.names, { kinds: ['trends'], load: porter, now });
    const alias = s.names.trends;
    const old = buildTrend({ topic: 'Giant inflatable colon tours hospitals' });
    await s.opensearch.index({ index: alias, id: old.id, body: old, refresh: true });
    const matches = async (): Promise<number> =>
      (await s.opensearch.count({ index: alias, body: { query: { match: { topic: 'inflation' } } } })).body.count;
    expect(await matches()).to.equal(1);
    const [result] = await migrateIndices(s.opensearch, s.names, { kinds: ['trends'], now });
    expect(result).to.include({ action: 'migrated', index: `${alias}-2026-11-v2`, copied: 1 });
    expect(await matches()).to.equal(0);
    expect((await s.opensearch.get({ index: alias, id: old.id })).body.found).to.equal(true);
  });
});
