import { expect } from 'chai';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { CATEGORIES, IPTC_MEDIA_TOPICS, VELOCITIES } from '@trendscope/core';
import { getJson } from '../support/api';
import { TRANSPORTS } from './support/mcp-clients';
import { openMcpSession, type McpSession } from './support/mcp-session';

function textContent(result: ReadResourceResult): unknown {
  const first = result.contents[0];
  return JSON.parse(first && 'text' in first ? first.text : 'null') as unknown;
}

for (const kind of TRANSPORTS) {
  describe(`MCP resources over ${kind}`, function () {
    this.timeout(60_000);
    let session: McpSession;

    before(async () => {
      session = await openMcpSession(kind, { seed: true });
    });
    after(() => session.close());

    it('offers trend://{id} as a resource template', async () => {
      const { resourceTemplates } = await session.client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).to.include('trend://{id}');
    });

    it('lists the taxonomy and the recent trends as resources', async () => {
      const { resources } = await session.client.listResources();
      const uris = resources.map((r) => r.uri);
      expect(uris).to.include('trendscope://taxonomy');
      expect(uris).to.include.members([
        `trend://${session.data.named.ai.id}`,
        `trend://${session.data.named.rates.id}`,
        `trend://${session.data.named.football.id}`,
      ]);
      expect(resources.find((r) => r.uri === `trend://${session.data.named.ai.id}`)?.title).to.equal(
        session.data.named.ai.topic,
      );
    });

    it('reads trend://{id} as the JSON of GET /v1/trends/{id}', async () => {
      const result = await session.client.readResource({ uri: `trend://${session.data.named.ai.id}` });
      expect(result.contents[0]).to.include({
        uri: `trend://${session.data.named.ai.id}`,
        mimeType: 'application/json',
      });
      const rest = await getJson(session.api.url, `/v1/trends/${session.data.named.ai.id}`);
      expect(textContent(result)).to.deep.equal(rest.body);
    });

    it('answers an unknown trend resource with "Trend not found" (resource-not-found code)', async () => {
      const err = await session.client.readResource({ uri: 'trend://tr_aaaaaaaaaaaaaaaa' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).to.be.instanceOf(McpError);
      expect((err as McpError).code).to.equal(-32002);
      // The code once: the client writes "MCP error <code>: " before the message the server sent.
      expect((err as McpError).message).to.equal('MCP error -32002: Trend not found');
    });

    it('answers a malformed trend resource id with the REST validation words', async () => {
      const err = await session.client.readResource({ uri: 'trend://nope' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect((err as McpError).code).to.equal(ErrorCode.InvalidParams);
      expect((err as McpError).message.match(/MCP error/g)).to.have.length(1);
      expect((err as McpError).message)
        .to.include('trend_id')
        .and.include('a trend id: tr_ and 8 to 32 characters');
    });

    it('reads the taxonomy: every category with its IPTC Media Topic, the velocities and windows', async () => {
      const result = await session.client.readResource({ uri: 'trendscope://taxonomy' });
      const body = textContent(result) as {
        categories: { category: string; iptc_media_topic: string | null }[];
        velocities: string[];
        time_windows: string[];
      };
      expect(body.categories).to.deep.equal(
        CATEGORIES.map((c) => ({ category: c, iptc_media_topic: IPTC_MEDIA_TOPICS[c] })),
      );
      expect(body.velocities).to.deep.equal([...VELOCITIES]);
      expect(body.time_windows).to.deep.equal(['1h', '24h', '7d', '30d']);
      const rest = (await getJson(session.api.url, '/v1/categories')).body as {
        categories: { category: string; iptc_media_topic: string | null }[];
      };
      expect(body.categories).to.deep.equal(
        rest.categories.map((c) => ({ category: c.category, iptc_media_topic: c.iptc_media_topic })),
      );
    });
  });

  describe(`MCP resources over ${kind} when OpenSearch is down`, function () {
    this.timeout(60_000);
    let session: McpSession;

    before(async () => {
      session = await openMcpSession(kind, { openSearchDown: true });
    });
    after(() => session.close());

    it('still lists and reads the taxonomy', async () => {
      const { resources } = await session.client.listResources();
      expect(resources.map((r) => r.uri)).to.deep.equal(['trendscope://taxonomy']);
      const result = await session.client.readResource({ uri: 'trendscope://taxonomy' });
      expect(textContent(result)).to.have.property('categories').with.length(CATEGORIES.length);
    });

    it('answers a trend read with the REST 503 words, without internal addresses', async () => {
      const rest = await getJson(session.api.url, '/v1/trends/tr_aaaaaaaaaaaaaaaa');
      expect(rest.status).to.equal(503);
      const err = await session.client.readResource({ uri: 'trend://tr_aaaaaaaaaaaaaaaa' }).then(
        () => null,
        (e: unknown) => e as McpError,
      );
      expect(err).to.be.instanceOf(McpError);
      expect(err?.message)
        .to.include((rest.body as { detail: string }).detail)
        .and.not.include('127.0.0.1');
    });
  });
}
