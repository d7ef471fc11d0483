import { expect } from 'chai';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { BOUNDS, TREND_ID_PATTERN, VELOCITIES } from '@trendscope/core';
import { TRANSPORTS } from './support/mcp-clients';
import { openMcpSession, type McpSession } from './support/mcp-session';

const TOOL_NAMES = [
  'get_recent_trends',
  'search_trends',
  'list_categories',
  'get_trend',
  'get_trend_content',
  'get_source',
  'get_source_trends',
  'get_benefits',
  'get_stats',
];

type Props = Record<string, Record<string, unknown>>;

for (const kind of TRANSPORTS) {
  describe(`MCP tools/list over ${kind}`, function () {
    this.timeout(30_000);
    let session: McpSession;
    let tools: Map<string, Tool>;

    before(async () => {
      session = await openMcpSession(kind);
      tools = new Map((await session.client.listTools()).tools.map((t) => [t.name, t]));
    });
    after(() => session.close());

    const props = (name: string): Props => (tools.get(name)?.inputSchema.properties ?? {}) as Props;

    it('lists the nine read tools of the contract', () => {
      expect([...tools.keys()]).to.have.members(TOOL_NAMES);
    });

    it('marks every tool read-only, idempotent and closed-world, with a title and a description', () => {
      for (const tool of tools.values()) {
        expect(tool.annotations, tool.name).to.include({
          readOnlyHint: true,
          idempotentHint: true,
          openWorldHint: false,
        });
        expect(tool.title, tool.name).to.be.a('string').and.not.be.empty;
        expect(tool.description, tool.name).to.have.length.greaterThan(120);
        expect(tool.outputSchema?.type, tool.name).to.equal('object');
      }
    });

    it('points the agent from recent trends to content', () => {
      expect(tools.get('get_recent_trends')?.description).to.include('get_trend_content');
      expect(tools.get('get_trend')?.description).to.include('get_trend_content');
    });

    it('advertises the REST bounds and defaults of get_recent_trends', () => {
      const p = props('get_recent_trends');
      expect(p.limit).to.include({
        type: 'integer',
        minimum: BOUNDS.limit.min,
        maximum: BOUNDS.limit.max,
        default: 20,
      });
      expect(p.page).to.include({ type: 'integer', minimum: BOUNDS.page.min, maximum: BOUNDS.page.max, default: 1 });
      expect(p.hours).to.include({ type: 'integer', minimum: BOUNDS.hours.min, maximum: BOUNDS.hours.max });
      expect(p.min_impact).to.include({ type: 'integer', minimum: 1, maximum: 10 });
      expect(p.min_quality).to.include({ type: 'number', minimum: 1, maximum: 10 });
      expect(p.velocity?.enum).to.deep.equal([...VELOCITIES]);
      expect(p.category).to.include({ type: 'string', minLength: 1, maxLength: BOUNDS.category.maxLength });
      expect(tools.get('get_recent_trends')?.inputSchema.required ?? []).to.be.empty;
    });

    it('advertises the REST bounds of search_trends, with q required', () => {
      const p = props('search_trends');
      expect(p.q).to.include({ type: 'string', minLength: 1, maxLength: BOUNDS.q.maxLength });
      expect(p.time_window).to.include({ default: '7d' });
      expect(p.time_window?.enum).to.deep.equal([...BOUNDS.timeWindow.values]);
      expect(p.limit).to.include({ minimum: 1, maximum: 50, default: 20 });
      expect(p.min_impact).to.include({ minimum: 1, maximum: 10 });
      expect(tools.get('search_trends')?.inputSchema.required).to.deep.equal(['q']);
    });

    it('advertises trend_id with the REST pattern on get_trend and get_trend_content', () => {
      for (const name of ['get_trend', 'get_trend_content']) {
        expect(props(name).trend_id, name).to.include({ type: 'string', pattern: TREND_ID_PATTERN.source });
        expect(tools.get(name)?.inputSchema.required, name).to.deep.equal(['trend_id']);
      }
      expect(props('get_trend_content').limit).to.include({ minimum: 1, maximum: 50, default: 20 });
    });

    it('advertises domain (a hostname pattern without regex flags) and limit on get_source_trends', () => {
      const p = props('get_source_trends');
      expect(p.domain?.type).to.equal('string');
      expect(String(p.domain?.pattern)).to.match(/\$$/);
      expect(new RegExp(String(p.domain?.pattern), 'u').test('bücher.de')).to.be.true;
      expect(p.limit).to.include({ minimum: 1, maximum: 50, default: 20 });
      expect(tools.get('get_source_trends')?.inputSchema.required).to.deep.equal(['domain']);
    });

    it('gives the argument-less tools an empty object schema', () => {
      for (const name of ['list_categories', 'get_benefits', 'get_stats']) {
        expect(Object.keys(props(name)), name).to.be.empty;
      }
    });
  });
}
