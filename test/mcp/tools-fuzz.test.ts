import { expect } from 'chai';
import fc from 'fast-check';
import { call, restErrorOf } from './support/mcp-clients';
import { openMcpSession, type McpSession } from './support/mcp-session';

const ARGS = ['q', 'category', 'hours', 'velocity', 'min_impact', 'min_quality', 'page', 'limit', 'time_window'];

// Any JSON an agent might send: wrong types, hostile strings, huge numbers, nesting.
const jsonValue = fc.oneof(
  fc.constantFrom('', ' ', '-1', '1e309', 'NaN', '"', 'OR OR', '(((', '<em>x</em>', '\u0000', 'x'.repeat(3000)),
  fc.string({ maxLength: 200 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

const idValue = fc.oneof(jsonValue, fc.constantFrom('tr_aaaaaaaaaaaa', 'bücher.de', 'WWW.bbc.co.uk', '../x'));

describe('MCP tools under random and hostile arguments', function () {
  this.timeout(120_000);
  let session: McpSession;
  /** Every tool the server lists (tools-list.test.ts holds the list to the contract's names). */
  let tools: string[];

  before(async () => {
    session = await openMcpSession('http', { seed: true });
    tools = (await session.client.listTools()).tools.map((t) => t.name);
  });
  after(() => session.close());

  it('always answers a tool result: success, or isError with a 422 or 404 REST body, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...tools),
        fc.dictionary(fc.constantFrom(...ARGS), jsonValue, { maxKeys: 4 }),
        fc.record({ trend_id: idValue, domain: idValue }, { requiredKeys: [] }),
        async (tool, args, ids) => {
          const result = await call(session.client, tool, { ...args, ...ids });
          if (result.isError !== true) {
            expect(result.structuredContent).to.be.an('object');
            return;
          }
          const body = restErrorOf(result) as { detail: unknown };
          // get_source answers a domain never seen as /v1/sources/{domain} does (docs/api.md).
          // A subdomain's names the registrable domain to ask for.
          const notFound = tool === 'get_source' ? /^Source not found(: .* ask for \S+)?$/ : /^Trend not found$/;
          if (typeof body.detail === 'string') expect(body.detail).to.match(notFound);
          else expect(body.detail).to.be.an('array').that.is.not.empty;
        },
      ),
      { numRuns: 150 },
    );
  });
});
