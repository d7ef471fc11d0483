import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createOpenSearchClient, type OpenSearchClient } from '@trendscope/core';
import { openTestServices, type TestServices } from '../support/services';
import { getJson, startApi, type RunningApi } from '../support/api';
import { hangingServer } from '../support/dead-services';
import { call, connectHttp, restErrorOf, textOf, TRANSPORTS } from './support/mcp-clients';
import { openMcpSession, type McpSession } from './support/mcp-session';

/** A bad argument, the REST request carrying the same value, and the words the error must name. */
interface BadCase {
  tool: string;
  args: Record<string, unknown>;
  rest: string;
  names: string[];
}

const LONG_Q = 'x'.repeat(257);
const LONG_CATEGORY = 'c'.repeat(65);

function badCases(id: string): BadCase[] {
  const recent = (q: string) => `/v1/trends/recent?${q}`;
  return [
    { tool: 'get_recent_trends', args: { limit: 0 }, rest: recent('limit=0'), names: ['limit', '1'] },
    { tool: 'get_recent_trends', args: { limit: 51 }, rest: recent('limit=51'), names: ['limit', '50'] },
    { tool: 'get_recent_trends', args: { limit: 2.5 }, rest: recent('limit=2.5'), names: ['limit'] },
    { tool: 'get_recent_trends', args: { page: 0 }, rest: recent('page=0'), names: ['page', '1'] },
    { tool: 'get_recent_trends', args: { page: 21 }, rest: recent('page=21'), names: ['page', '20'] },
    { tool: 'get_recent_trends', args: { hours: 0 }, rest: recent('hours=0'), names: ['hours', '1'] },
    { tool: 'get_recent_trends', args: { hours: 2161 }, rest: recent('hours=2161'), names: ['hours', '2160'] },
    { tool: 'get_recent_trends', args: { min_impact: 0 }, rest: recent('min_impact=0'), names: ['min_impact', '1'] },
    { tool: 'get_recent_trends', args: { min_impact: 11 }, rest: recent('min_impact=11'), names: ['min_impact', '10'] },
    {
      tool: 'get_recent_trends',
      args: { min_quality: 0.9 },
      rest: recent('min_quality=0.9'),
      names: ['min_quality', '1'],
    },
    {
      tool: 'get_recent_trends',
      args: { min_quality: 10.1 },
      rest: recent('min_quality=10.1'),
      names: ['min_quality', '10'],
    },
    {
      tool: 'get_recent_trends',
      args: { velocity: 'fast' },
      rest: recent('velocity=fast'),
      names: ['velocity', "'emerging', 'accelerating', 'peak' or 'declining'"],
    },
    {
      tool: 'get_recent_trends',
      args: { category: LONG_CATEGORY },
      rest: recent(`category=${LONG_CATEGORY}`),
      names: ['category', '64'],
    },
    {
      tool: 'get_recent_trends',
      args: { limit: 0, page: 21 },
      rest: recent('limit=0&page=21'),
      names: ['limit', 'page'],
    },
    { tool: 'search_trends', args: {}, rest: '/v1/search', names: ['q', 'Field required'] },
    { tool: 'search_trends', args: { q: '' }, rest: '/v1/search?q=', names: ['q'] },
    { tool: 'search_trends', args: { q: LONG_Q }, rest: `/v1/search?q=${LONG_Q}`, names: ['q', '256'] },
    {
      tool: 'search_trends',
      args: { q: 'ai', time_window: '2d' },
      rest: '/v1/search?q=ai&time_window=2d',
      names: ['time_window', '7d'],
    },
    { tool: 'search_trends', args: { q: 'ai', limit: 51 }, rest: '/v1/search?q=ai&limit=51', names: ['limit', '50'] },
    {
      tool: 'search_trends',
      args: { q: 'ai', min_impact: 11 },
      rest: '/v1/search?q=ai&min_impact=11',
      names: ['min_impact', '10'],
    },
    { tool: 'get_trend', args: { trend_id: 'bad' }, rest: '/v1/trends/bad', names: ['trend_id'] },
    { tool: 'get_trend', args: {}, rest: '/v1/trends/%20', names: ['trend_id'] },
    { tool: 'get_trend_content', args: { trend_id: 'TR_UPPER' }, rest: '/v1/content/TR_UPPER', names: ['trend_id'] },
    {
      tool: 'get_trend_content',
      args: { trend_id: id, limit: 51 },
      rest: `/v1/content/${id}?limit=51`,
      names: ['limit', '50'],
    },
    { tool: 'get_source', args: { domain: 'not a domain' }, rest: '/v1/sources/not%20a%20domain', names: ['domain'] },
    {
      tool: 'get_source_trends',
      args: { domain: 'not a domain' },
      rest: '/v1/sources/not%20a%20domain/trending',
      names: ['domain'],
    },
    {
      tool: 'get_source_trends',
      args: { domain: 'bbc.co.uk', limit: 0 },
      rest: '/v1/sources/bbc.co.uk/trending?limit=0',
      names: ['limit', '1'],
    },
  ];
}

for (const kind of TRANSPORTS) {
  describe(`MCP tool errors over ${kind}`, function () {
    this.timeout(60_000);
    let session: McpSession;

    before(async () => {
      session = await openMcpSession(kind, { seed: true });
    });
    after(() => session.close());

    it('answers every bad argument as a tool error with the REST 422 words', async () => {
      for (const c of badCases(session.data.named.ai.id)) {
        const label = `${c.tool} ${JSON.stringify(c.args).slice(0, 80)}`;
        const rest = await getJson(session.api.url, c.rest);
        expect(rest.status, `${label}: REST ${c.rest}`).to.equal(422);
        const result = await call(session.client, c.tool, c.args);
        expect(result.isError, label).to.equal(true);
        expect(result.structuredContent, label).to.equal(undefined);
        const mcpBody = restErrorOf(result) as { detail: { loc: string[]; input: unknown }[] };
        const restBody = rest.body as { detail: { loc: string[]; input: unknown }[] };
        // The path of a missing trend_id cannot be sent over REST (the route would not match).
        if (c.rest !== '/v1/trends/%20') expect(mcpBody, label).to.deep.equal(restBody);
        else
          expect(
            mcpBody.detail.map((d) => d.loc),
            label,
          ).to.deep.equal([['path', 'trend_id']]);
        for (const word of c.names) expect(textOf(result), label).to.include(word);
      }
    });

    it('refuses an argument of another JSON type than its input schema advertises (limit: "5")', async () => {
      for (const [args, issue] of [
        [
          { limit: '5' },
          { type: 'int_type', loc: ['query', 'limit'], msg: 'Input should be a valid integer', input: '5' },
        ],
        [
          { limit: 'abc' },
          { type: 'int_type', loc: ['query', 'limit'], msg: 'Input should be a valid integer', input: 'abc' },
        ],
      ] as const) {
        const result = await call(session.client, 'get_recent_trends', args);
        expect(result.isError, JSON.stringify(args)).to.equal(true);
        expect(restErrorOf(result)).to.deep.equal({ detail: [issue] });
      }
      const ok = await call(session.client, 'get_recent_trends', { limit: 5 });
      expect(ok.isError).to.not.equal(true);
    });

    it('answers an unknown tool name as a protocol error (there is no such capability)', async () => {
      const err = await session.client.callTool({ name: 'drop_index', arguments: {} }).then(
        () => null,
        (e: unknown) => e as McpError,
      );
      expect(err).to.be.instanceOf(McpError);
      expect(err?.code).to.equal(ErrorCode.InvalidParams);
      expect(err?.message).to.equal(`MCP error ${ErrorCode.InvalidParams}: Tool drop_index not found`);
    });

    it('answers an unknown trend id as a tool error "Trend not found", as REST answers 404', async () => {
      const unknown = 'tr_aaaaaaaaaaaaaaaa';
      for (const [tool, path] of [
        ['get_trend', `/v1/trends/${unknown}`],
        ['get_trend_content', `/v1/content/${unknown}`],
      ] as const) {
        const rest = await getJson(session.api.url, path);
        expect(rest.status).to.equal(404);
        const result = await call(session.client, tool, { trend_id: unknown });
        expect(result.isError, tool).to.equal(true);
        expect(restErrorOf(result), tool).to.deep.equal(rest.body).and.deep.equal({ detail: 'Trend not found' });
        expect(result.content[0]).to.deep.include({ type: 'text' });
        expect(textOf(result)).to.include('Trend not found');
      }
    });

    it('answers a domain never scored as a tool error "Source not found", as REST answers 404', async () => {
      const rest = await getJson(session.api.url, '/v1/sources/never-seen.example');
      expect(rest.status).to.equal(404);
      const result = await call(session.client, 'get_source', { domain: 'never-seen.example' });
      expect(result.isError).to.equal(true);
      expect(restErrorOf(result)).to.deep.equal(rest.body).and.deep.equal({ detail: 'Source not found' });
    });
  });

  describe(`MCP tool errors over ${kind} when OpenSearch is down`, function () {
    this.timeout(60_000);
    let session: McpSession;

    before(async () => {
      session = await openMcpSession(kind, { openSearchDown: true });
    });
    after(() => session.close());

    it('answers every tool as a tool error with the REST 503 words, never a protocol error', async () => {
      const id = 'tr_aaaaaaaaaaaaaaaa';
      const calls: [string, Record<string, unknown>, string][] = [
        ['get_recent_trends', {}, '/v1/trends/recent'],
        ['search_trends', { q: 'ai' }, '/v1/search?q=ai'],
        ['list_categories', {}, '/v1/categories'],
        ['get_trend', { trend_id: id }, `/v1/trends/${id}`],
        ['get_trend_content', { trend_id: id }, `/v1/content/${id}`],
        ['get_source', { domain: 'bbc.co.uk' }, '/v1/sources/bbc.co.uk'],
        ['get_source_trends', { domain: 'bbc.co.uk' }, '/v1/sources/bbc.co.uk/trending'],
        ['get_benefits', {}, '/v1/benefits'],
        ['get_stats', {}, '/v1/stats'],
      ];
      for (const [tool, args, path] of calls) {
        const rest = await getJson(session.api.url, path);
        expect(rest.status, path).to.equal(503);
        const result = await call(session.client, tool, args);
        expect(result.isError, tool).to.equal(true);
        expect(restErrorOf(result), tool).to.deep.equal(rest.body);
        expect(textOf(result), tool).to.include('503').and.not.include('127.0.0.1');
      }
    });
  });
}

describe('MCP tool errors over http when OpenSearch hangs', function () {
  this.timeout(30_000);
  let s: TestServices;
  let api: RunningApi;
  let client: Client;
  let hang: Awaited<ReturnType<typeof hangingServer>>;
  let opensearch: OpenSearchClient;

  before(async () => {
    s = await openTestServices({ API_REQUEST_TIMEOUT_MS: '800' });
    hang = await hangingServer();
    // A client that would wait 30 s: the tool call's own time-out must answer first.
    opensearch = createOpenSearchClient({ url: hang.url, requestTimeoutMs: 30_000 });
    api = await startApi(s, { deps: { opensearch } });
    client = await connectHttp(api.url);
  });
  after(async () => {
    await client.close();
    await api.close();
    hang.close();
    await opensearch.close();
    await s.cleanup();
  });

  it('answers a 503 tool error within the request time-out instead of hanging', async () => {
    const started = Date.now();
    const result = await call(client, 'get_recent_trends');
    expect(Date.now() - started).to.be.lessThan(10_000);
    expect(result.isError).to.equal(true);
    expect(restErrorOf(result)).to.deep.equal((await getJson(api.url, '/v1/trends/recent')).body);
    expect(restErrorOf(result)).to.deep.equal({ detail: 'The request took too long, try again shortly' });
  });
});
