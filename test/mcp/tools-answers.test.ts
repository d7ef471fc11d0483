import { expect } from 'chai';
import { getJson } from '../support/api';
import { call, textOf, TRANSPORTS } from './support/mcp-clients';
import type { Dataset } from '../support/dataset';
import { openMcpSession, type McpSession } from './support/mcp-session';

/** One tool call and the REST request that must answer the same body. */
interface Case {
  tool: string;
  args: Record<string, unknown>;
  rest: string;
  /** Members measured at call time (dotted paths), compared by kind and closeness only. */
  volatile?: string[];
}

function cases(d: Dataset): Case[] {
  return [
    { tool: 'get_recent_trends', args: {}, rest: '/v1/trends/recent' },
    {
      tool: 'get_recent_trends',
      args: { category: 'Technology', hours: 2160, velocity: 'emerging', min_impact: 8, min_quality: 8.4, limit: 5 },
      rest: '/v1/trends/recent?category=Technology&hours=2160&velocity=emerging&min_impact=8&min_quality=8.4&limit=5',
    },
    { tool: 'get_recent_trends', args: { page: 2, limit: 1 }, rest: '/v1/trends/recent?page=2&limit=1' },
    {
      tool: 'get_recent_trends',
      args: { category: 'no-such-category' },
      rest: '/v1/trends/recent?category=no-such-category',
    },
    { tool: 'search_trends', args: { q: 'AI Act', time_window: '30d' }, rest: '/v1/search?q=AI%20Act&time_window=30d' },
    {
      tool: 'search_trends',
      args: { q: 'interest rates', category: 'business', min_impact: 1, limit: 3, time_window: '30d' },
      rest: '/v1/search?q=interest%20rates&category=business&min_impact=1&limit=3&time_window=30d',
    },
    { tool: 'search_trends', args: { q: 'penalties' }, rest: '/v1/search?q=penalties' },
    { tool: 'list_categories', args: {}, rest: '/v1/categories' },
    { tool: 'get_trend', args: { trend_id: d.named.ai.id }, rest: `/v1/trends/${d.named.ai.id}` },
    { tool: 'get_trend_content', args: { trend_id: d.named.ai.id }, rest: `/v1/content/${d.named.ai.id}` },
    {
      tool: 'get_trend_content',
      args: { trend_id: d.named.ai.id, limit: 1 },
      rest: `/v1/content/${d.named.ai.id}?limit=1`,
    },
    { tool: 'get_trend_content', args: { trend_id: d.named.football.id }, rest: `/v1/content/${d.named.football.id}` },
    { tool: 'get_source', args: { domain: 'bbc.co.uk' }, rest: '/v1/sources/bbc.co.uk' },
    {
      tool: 'get_source',
      args: { domain: 'WWW.Bücher.de' },
      rest: `/v1/sources/${encodeURIComponent('WWW.Bücher.de')}`,
    },
    { tool: 'get_source', args: { domain: 'quiet.example' }, rest: '/v1/sources/quiet.example' },
    { tool: 'get_source_trends', args: { domain: 'bbc.co.uk' }, rest: '/v1/sources/bbc.co.uk/trending' },
    {
      tool: 'get_source_trends',
      args: { domain: 'WWW.Bücher.de', limit: 1 },
      rest: `/v1/sources/${encodeURIComponent('WWW.Bücher.de')}/trending?limit=1`,
    },
    { tool: 'get_source_trends', args: { domain: 'nobody.example' }, rest: '/v1/sources/nobody.example/trending' },
    { tool: 'get_benefits', args: {}, rest: '/v1/benefits', volatile: ['generated_at'] },
    { tool: 'get_stats', args: {}, rest: '/v1/stats', volatile: ['generated_at', 'freshness.lag_seconds'] },
  ];
}

/** Compares two bodies, the volatile members (dotted paths) only by kind and closeness. */
function expectSameBody(actual: unknown, expected: unknown, volatile: string[], label: string): void {
  const a = structuredClone(actual) as Record<string, unknown>;
  const e = structuredClone(expected) as Record<string, unknown>;
  for (const path of volatile) {
    const keys = path.split('.');
    const last = keys.pop()!;
    const parentOf = (o: Record<string, unknown>) =>
      keys.reduce<Record<string, unknown>>((p, k) => p[k] as Record<string, unknown>, o);
    const [av, ev] = [parentOf(a)[last], parentOf(e)[last]];
    if (typeof ev === 'number') expect(Math.abs((av as number) - ev), `${label} ${path}`).to.be.at.most(5);
    else expect(av, `${label} ${path}`).to.be.a('string');
    delete parentOf(a)[last];
    delete parentOf(e)[last];
  }
  expect(a, label).to.deep.equal(e);
}

for (const kind of TRANSPORTS) {
  describe(`MCP tool answers over ${kind} equal the REST answers`, function () {
    this.timeout(60_000);
    let session: McpSession;

    before(async () => {
      session = await openMcpSession(kind, { seed: true });
      // Listing the tools makes the SDK client check every structuredContent against the tool's
      // advertised output schema (it throws on a mismatch).
      await session.client.listTools();
    });
    after(() => session.close());

    it('answers every tool and argument set as its REST endpoint does', async () => {
      for (const c of cases(session.data)) {
        const label = `${c.tool} ${JSON.stringify(c.args)}`;
        const rest = await getJson(session.api.url, c.rest);
        expect(rest.status, `${label}: REST ${c.rest}`).to.equal(200);
        const result = await call(session.client, c.tool, c.args);
        expect(result.isError, `${label}: ${textOf(result)}`).to.not.equal(true);
        expectSameBody(result.structuredContent, rest.body, c.volatile ?? [], label);
        expect(textOf(result), label).to.have.length.greaterThan(10);
      }
    });

    it('advertises output schemas that the answers satisfy (checked by the SDK client)', async () => {
      const { tools } = await session.client.listTools();
      const detail = tools.find((t) => t.name === 'get_trend')?.outputSchema as { required?: string[] };
      expect(detail.required).to.include.members(['id', 'citations', 'score_breakdown', 'schema_version']);
      const result = await call(session.client, 'get_trend', { trend_id: session.data.named.ai.id });
      expect(result.isError).to.not.equal(true);
    });

    it('finds the seeded data (so the comparisons above are not of empty answers)', async () => {
      const recent = (await call(session.client, 'get_recent_trends')).structuredContent as {
        trends: { id: string }[];
        total: number;
      };
      const { ai, quantumNew, chip, rates } = session.data.named;
      expect(recent.trends.slice(0, 4).map((t) => t.id)).to.deep.equal([ai.id, quantumNew.id, chip.id, rates.id]);
      expect(recent.total).to.equal(session.data.trends.length - 1); // all but the 125-day-old one
      const search = (await call(session.client, 'search_trends', { q: 'AI Act', time_window: '30d' }))
        .structuredContent as {
        results: { id: string }[];
      };
      expect(search.results[0]?.id).to.equal(session.data.named.ai.id);
      const content = (await call(session.client, 'get_trend_content', { trend_id: session.data.named.ai.id }))
        .structuredContent as {
        documents: { body: string }[];
      };
      expect(content.documents).to.have.length(3);
    });

    it('renders ids and topics in the text block', async () => {
      const text = textOf(await call(session.client, 'get_recent_trends', { limit: 2 }));
      expect(text)
        .to.include(session.data.named.ai.id)
        .and.include(session.data.named.ai.topic)
        .and.include(session.data.named.quantumNew.id);
      const detail = textOf(await call(session.client, 'get_trend', { trend_id: session.data.named.ai.id }));
      for (const citation of session.data.named.ai.citations) expect(detail).to.include(citation.url);
      const content = textOf(await call(session.client, 'get_trend_content', { trend_id: session.data.named.ai.id }));
      expect(content).to.include('Report 0 from bbc.co.uk');
    });
  });
}
