import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RESPONSE_SCHEMAS, type ResponseName } from '@trendscope/core';
import { createMcpServer } from '@trendscope/mcp';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { getJson, startApi, type RunningApi } from '../support/api';
import { buildDataset } from '../support/dataset';
import { buildArticle, FACTORY_NOW, seed } from '../support/factories';
import { openTestServices, silentLogger, type TestServices } from '../support/services';

type Json = Record<string, unknown>;
type Doc = {
  paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: Json }> }> } }>;
  components: { schemas: Json };
};

/** The JSON form of a schema (TypeBox's markers are symbols, which JSON leaves out). */
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;

/**
 * A copy of `schema` in which every object with listed properties admits no others, so a field a
 * presenter writes but the schema lacks fails as surely as a missing or mistyped one.
 */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)]));
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The MCP tools and the response each one answers with (its REST endpoint's). */
const TOOL_RESPONSES: Record<string, ResponseName> = {
  get_recent_trends: 'RecentTrends',
  search_trends: 'SearchResults',
  list_categories: 'Categories',
  get_trend: 'TrendDetail',
  get_trend_content: 'TrendContent',
  get_source: 'Source',
  get_source_trends: 'SourceTrends',
  get_benefits: 'Benefits',
  get_stats: 'Stats',
};

describe("Response shapes: every answer matches core's response schemas (REST, OpenAPI and MCP)", function () {
  this.timeout(60_000);
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats.default(ajv);
  const validators = new Map<ResponseName, ValidateFunction>();
  const validatorOf = (name: ResponseName): ValidateFunction => {
    let v = validators.get(name);
    if (!v) validators.set(name, (v = ajv.compile(closed(plain(RESPONSE_SCHEMAS[name])) as Json)));
    return v;
  };
  const expectShape = (name: ResponseName, body: unknown, label: string): void => {
    const validate = validatorOf(name);
    expect(validate(body), `${label} as ${name}: ${JSON.stringify(validate.errors)}`).to.equal(true);
  };

  const data = buildDataset();
  const { ai, chip, rates } = data.named;
  // Articles of a domain no detection run has scored yet: its source answer has null scores.
  const articles = [...data.articles, buildArticle({ domain: 'unscored.example', publisher: 'Unscored Daily' })];
  let seeded: TestServices;
  let empty: TestServices;
  let api: RunningApi;
  let emptyApi: RunningApi;
  let doc: Doc;

  before(async () => {
    // A shape test, not a latency test: time-outs wide enough that a loaded machine answers 200.
    const patient = { API_REQUEST_TIMEOUT_MS: '20000', OPENSEARCH_QUERY_TIMEOUT_MS: '15000' };
    [seeded, empty] = await Promise.all([openTestServices(patient), openTestServices(patient)]);
    await Promise.all([
      seed(seeded, { trends: data.trends, articles, runs: data.runs, domains: data.domains }),
      seed(empty, {}),
    ]);
    api = await startApi(seeded, { deps: { now: () => FACTORY_NOW } });
    emptyApi = await startApi(empty, { deps: { now: () => FACTORY_NOW } });
    doc = (await getJson<Doc>(api.url, '/docs/openapi.json')).body;
  });
  after(async () => {
    await Promise.all([api.close(), emptyApi.close()]);
    await Promise.all([seeded.cleanup(), empty.cleanup()]);
  });

  it('publishes exactly these schemas as the OpenAPI components', () => {
    expect(doc.components.schemas).to.deep.equal(plain(RESPONSE_SCHEMAS));
  });

  // The documented schema name of a path's answer with `status`, read from the OpenAPI document.
  const documentedShape = (path: string, status: number): { template: string; name: ResponseName } => {
    const template = Object.keys(doc.paths).find((t) =>
      new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`).test(path.split('?')[0] ?? ''),
    );
    expect(template, path).to.be.a('string');
    const schema = doc.paths[template!]!.get.responses[String(status)]?.content?.['application/json']?.schema;
    const ref = typeof schema?.$ref === 'string' ? schema.$ref : '';
    expect(ref, `${path} ${status}`).to.match(/^#\/components\/schemas\/\w+$/);
    return { template: template!, name: ref.replace('#/components/schemas/', '') as ResponseName };
  };

  it('answers every endpoint, in every variant of the seeded and the empty world, in its documented shape', async () => {
    const requests: [RunningApi, string, number][] = [
      [api, '/health', 200],
      [api, '/v1/trends/recent', 200],
      [api, '/v1/trends/recent?category=technology&velocity=emerging&min_impact=8&limit=2', 200],
      [api, '/v1/trends/recent?page=3&limit=10', 200],
      ...Object.values(data.named).map((t): [RunningApi, string, number] => [api, `/v1/trends/${t.id}`, 200]),
      [api, '/v1/search?q=AI%20Act&time_window=30d', 200],
      [api, '/v1/search?q=streaming%20-number', 200],
      [api, '/v1/search?q=%22%22', 200],
      [api, '/v1/categories', 200],
      [api, '/v1/sources/bbc.co.uk', 200],
      [api, `/v1/sources/${encodeURIComponent('WWW.Bücher.de')}`, 200],
      [api, '/v1/sources/quiet.example', 200],
      [api, '/v1/sources/unscored.example', 200],
      [api, '/v1/sources/nobody.example', 404],
      [api, '/v1/sources/bbc.co.uk/trending', 200],
      [api, `/v1/sources/${encodeURIComponent('WWW.Bücher.de')}/trending?limit=1`, 200],
      [api, '/v1/sources/nobody.example/trending', 200],
      [api, `/v1/content/${ai.id}`, 200],
      [api, `/v1/content/${chip.id}`, 200],
      [api, `/v1/content/${rates.id}?limit=1`, 200],
      [api, '/v1/benefits', 200],
      [api, '/v1/stats', 200],
      [api, '/v1/trends/tr_aaaaaaaaaa', 404],
      [api, '/v1/trends/recent?limit=0&page=x', 422],
      [api, '/v1/sources/not%20a%20domain/trending', 422],
      [emptyApi, '/v1/trends/recent', 200],
      [emptyApi, '/v1/categories', 200],
      [emptyApi, '/v1/search?q=anything', 200],
      [emptyApi, '/v1/benefits', 200],
      [emptyApi, '/v1/stats', 200],
    ];
    const covered = new Set<string>();
    for (const [target, path, status] of requests) {
      const res = await getJson(target.url, path);
      expect(res.status, path).to.equal(status);
      const { template, name } = documentedShape(path, status);
      expectShape(name, res.body, path);
      if (status === 200) covered.add(template);
    }
    const documented = Object.keys(doc.paths).filter((p) => p !== '/docs/openapi.json');
    expect([...covered]).to.have.members(documented);
  });

  it('advertises the same schemas as MCP output schemas, and the tools answer in them', async () => {
    const server = createMcpServer({
      opensearch: seeded.opensearch,
      names: seeded.names,
      queryTimeoutMs: seeded.config.opensearch.queryTimeoutMs,
      callTimeoutMs: 10_000,
      logger: silentLogger,
      now: () => FACTORY_NOW,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'shape-test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).to.have.members(Object.keys(TOOL_RESPONSES));
      for (const tool of tools) {
        expect(tool.outputSchema, tool.name).to.deep.equal(plain(RESPONSE_SCHEMAS[TOOL_RESPONSES[tool.name]!]));
      }
      const calls: [string, Json][] = [
        ['get_recent_trends', { limit: 5 }],
        ['search_trends', { q: 'AI Act', time_window: '30d' }],
        ['list_categories', {}],
        ['get_trend', { trend_id: ai.id }],
        ['get_trend_content', { trend_id: ai.id }],
        ['get_source', { domain: 'bbc.co.uk' }],
        ['get_source', { domain: 'quiet.example' }],
        ['get_source', { domain: 'unscored.example' }],
        ['get_source_trends', { domain: 'bbc.co.uk' }],
        ['get_benefits', {}],
        ['get_stats', {}],
      ];
      for (const [name, args] of calls) {
        // The SDK client also checks structuredContent against the advertised schema here.
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        expect(result.isError, name).to.not.equal(true);
        expectShape(TOOL_RESPONSES[name]!, result.structuredContent, name);
      }
    } finally {
      await client.close();
      await server.close();
    }
  });
});
