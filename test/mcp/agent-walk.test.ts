import { expect } from 'chai';
import { call, TRANSPORTS } from './support/mcp-clients';
import { openMcpSession, type McpSession } from './support/mcp-session';

type Json = Record<string, unknown>;

/**
 * A client that knows nothing of Trendscope: it reads the server's instructions and tool list,
 * starts with the first tool the instructions name, and follows ids through the tools whose
 * schemas ask for them, from recent trends to a trend's sources and article bodies.
 */
for (const kind of TRANSPORTS) {
  describe(`an agent that knows nothing of Trendscope, over ${kind}`, function () {
    this.timeout(60_000);
    let session: McpSession;

    before(async () => {
      // Over stdio, the server is started exactly as the README says: `npx trendscope-mcp`.
      session = await openMcpSession(kind, {
        seed: true,
        stdioCommand: { command: 'npx', args: ['--no-install', 'trendscope-mcp'] },
      });
    });
    after(() => session.close());

    it('goes from recent trends to a trend’s sources and bodies using only what the server advertises', async () => {
      const { tools } = await session.client.listTools();
      const instructions = session.client.getInstructions() ?? '';
      // 1. The starting tool: the first tool named in the instructions, which needs no argument.
      const start = tools
        .filter((t) => instructions.includes(t.name))
        .sort((a, b) => instructions.indexOf(a.name) - instructions.indexOf(b.name))[0];
      expect(start, 'a starting tool named in the instructions').to.not.equal(undefined);
      expect(start?.inputSchema.required ?? []).to.be.empty;
      const listing = (await call(session.client, start!.name)).structuredContent as Json;

      // 2. Pick the first listed item that carries an id.
      const items = Object.values(listing).find((v): v is Json[] => Array.isArray(v) && v.length > 0) ?? [];
      const id = items[0]?.id;
      expect(id, 'an id in the listing').to.be.a('string');

      // 3. Every tool that takes that id (its only required argument is an id).
      const byId = tools.filter((t) => {
        const required = t.inputSchema.required ?? [];
        return required.length === 1 && /_id$/.test(required[0]!);
      });
      expect(byId.length).to.be.at.least(2);
      const answers = await Promise.all(
        byId.map(async (t) => {
          const result = await call(session.client, t.name, { [t.inputSchema.required![0]!]: id });
          expect(result.isError, t.name).to.not.equal(true);
          return result.structuredContent as Json;
        }),
      );

      // 4. Sources: an answer with citations (URLs); bodies: an answer with documents that have a body.
      const sources = answers.flatMap((a) => (Array.isArray(a.citations) ? (a.citations as Json[]) : []));
      const bodies = answers.flatMap((a) => (Array.isArray(a.documents) ? (a.documents as Json[]) : []));
      expect(sources.length).to.be.greaterThan(0);
      expect(bodies.length).to.be.greaterThan(0);
      for (const doc of bodies) {
        expect(doc.body).to.be.a('string').and.not.be.empty;
        expect(sources.map((c) => c.url)).to.include(doc.url);
      }
    });
  });
}
