import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { generateApiKey, INDEX_KINDS, SEARCH_FAILED_MESSAGE, type IndexKind } from '@trendscope/core';
import { call, connectHttp, restErrorOf } from '../mcp/support/mcp-clients';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset, seedDataset } from '../support/dataset';
import { FACTORY_NOW } from '../support/factories';
import { openTestServices, type TestServices } from '../support/services';

const FAILED = { detail: SEARCH_FAILED_MESSAGE };

/**
 * A lost index is an outage, not an empty service: with one alias resolving to no index, every data
 * endpoint answers 503 or, when it does not read that index, exactly what it answered before; never
 * an empty or changed 200, never a 500. /health names the missing alias.
 */
describe('a missing index: 503 from the data endpoints, /health degraded naming it', function () {
  this.timeout(120_000);
  let s: TestServices;
  let api: RunningApi;
  let mcp: Client;
  const data = buildDataset();
  const trendId = data.named.ai.id;
  const paths = [
    '/v1/trends/recent',
    `/v1/trends/${trendId}`,
    `/v1/content/${trendId}`,
    '/v1/search?q=chip',
    '/v1/sources/bbc.co.uk',
    '/v1/sources/bbc.co.uk/trending',
    '/v1/categories',
    '/v1/benefits',
    '/v1/stats',
  ];
  const baseline: Record<string, unknown> = {};

  /** Takes the alias of `kind` off its index (as a deleted index leaves it), runs `fn`, puts it back. */
  async function withoutAlias(kind: IndexKind, fn: () => Promise<void>): Promise<void> {
    const alias = s.names[kind];
    const index = Object.keys((await s.opensearch.indices.getAlias({ name: alias })).body)[0]!;
    await s.opensearch.indices.deleteAlias({ index, name: alias });
    try {
      await fn();
    } finally {
      await s.opensearch.indices.putAlias({ index, name: alias });
    }
  }

  before(async () => {
    // Time-outs wide enough that a loaded machine answers the first (cold) aggregations in time.
    const timeouts = { API_REQUEST_TIMEOUT_MS: '20000', OPENSEARCH_QUERY_TIMEOUT_MS: '15000' };
    s = await openTestServices(timeouts);
    await seedDataset(s, data);
    // No answer cache: each request below reads the indices as they are at that moment.
    api = await startApi(s, { env: { ...timeouts, API_CACHE_TTL_MS: '0' }, deps: { now: () => FACTORY_NOW } });
    mcp = await connectHttp(api.url);
    for (const path of paths) {
      const res = await getJson(api.url, path);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).to.equal(200);
      baseline[path] = res.body;
    }
  });
  after(async () => {
    await mcp?.close();
    await api?.close();
    await s?.cleanup();
  });

  for (const kind of ['trends', 'articles', 'bodies', 'domains', 'runs'] as const) {
    it(`answers 503 or the unchanged answer on every data endpoint without ${kind}, and /health names it`, async () => {
      const failed: string[] = [];
      await withoutAlias(kind, async () => {
        for (const path of paths) {
          const res = await getJson(api.url, path);
          if (res.status === 503) {
            expect(res.body, path).to.deep.equal(FAILED);
            expect(res.headers.get('cache-control'), path).to.equal('no-store');
            failed.push(path);
          } else {
            expect(res.status, path).to.equal(200);
            expect(res.body, `${path} changed without ${kind}`).to.deep.equal(baseline[path]);
          }
        }
        const health = await getJson<{ status: string; checks: { indices: { status: string; missing?: string[] } } }>(
          api.url,
          '/health',
        );
        expect(health.status).to.equal(503);
        expect(health.body.status).to.equal('degraded');
        expect(health.body.checks.indices).to.include({ status: 'down' });
        expect(health.body.checks.indices.missing).to.deep.equal([s.names[kind]]);
      });
      // Every index is read by some endpoint: each missing one shows somewhere.
      expect(failed, kind).to.not.be.empty;
      // Every endpoint counts or reads trends. A trend by id (detail, content) is read with a get on
      // the alias's current index, which a process trusts for a minute (trend-detail.query.ts): with
      // the alias alone gone and that index still there, it may keep answering unchanged; an id not
      // in that index is looked up over the alias and answers 503 (the test below).
      const byId = (p: string): boolean => p.includes(`/${trendId}`);
      if (kind === 'trends') expect(failed.filter((p) => !byId(p))).to.deep.equal(paths.filter((p) => !byId(p)));
    });
  }

  it('answers 503, not 500, for a trend by id when its index was deleted, and recovers when it is back', async () => {
    const res = await getJson(api.url, `/v1/trends/tr_${'x'.repeat(10)}`);
    expect(res.status).to.equal(404);
    await withoutAlias('trends', async () => {
      expect(await getJson(api.url, `/v1/trends/tr_${'x'.repeat(10)}`)).to.deep.include({ status: 503, body: FAILED });
    });
    expect((await getJson(api.url, `/v1/trends/${trendId}`)).body).to.deep.equal(baseline[`/v1/trends/${trendId}`]);
  });

  it('answers 503, not 401 or 500, for a presented key while the api-keys index is missing', async () => {
    await withoutAlias('api_keys', async () => {
      const res = await getJson(api.url, '/v1/trends/recent', { headers: { 'X-API-Key': generateApiKey() } });
      expect(res).to.deep.include({ status: 503, body: FAILED });
    });
  });

  it('names every missing alias on /health and is ok again once they are back', async () => {
    await withoutAlias('accounts', () =>
      withoutAlias('runs', async () => {
        const health = await getJson<{ checks: { indices: { missing?: string[]; error?: string } } }>(
          api.url,
          '/health',
        );
        expect(health.status).to.equal(503);
        expect(health.body.checks.indices.missing).to.deep.equal([s.names.runs, s.names.accounts].sort(byKind));
        expect(health.body.checks.indices.error).to.include(s.names.runs).and.include(s.names.accounts);
      }),
    );
    const health = await getJson<{ status: string; checks: { indices: object } }>(api.url, '/health');
    expect(health.status).to.equal(200);
    expect(health.body.checks.indices).to.not.have.property('missing');
  });

  it('gives the same 503 to an MCP tool (the query layer is shared)', async () => {
    await withoutAlias('trends', async () => {
      const result = await call(mcp, 'get_recent_trends');
      expect(result.isError).to.equal(true);
      expect(restErrorOf(result)).to.deep.equal(FAILED);
    });
  });

  function byKind(a: string, b: string): number {
    const rank = (alias: string) => INDEX_KINDS.findIndex((k) => s.names[k] === alias);
    return rank(a) - rank(b);
  }
});
