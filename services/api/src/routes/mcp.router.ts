import Router from '@koa/router';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { MethodNotAllowedError } from '@trendscope/core';

/** Path of the Streamable HTTP endpoint. */
export const MCP_PATH = '/mcp';

/**
 * The Streamable HTTP endpoint as a Koa router, mounted by the composition root (so /mcp shares
 * the API's port and middleware: request ids, errors, and quotas once they exist) over the MCP
 * package's transport-agnostic server, which `createServer` builds.
 * Stateless: every POST gets a fresh server and transport, so any API instance can answer any
 * call and nothing is kept between requests. There is no server-to-client stream to offer, so
 * GET and DELETE are 405.
 */
export function createMcpRouter(createServer: () => McpServer): Router {
  const router = new Router();
  router.post(MCP_PATH, async (ctx) => {
    const server = createServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The transport reads the body and writes the response itself.
    ctx.respond = false;
    await transport.handleRequest(ctx.req, ctx.res);
  });
  router.all(MCP_PATH, () => {
    throw new MethodNotAllowedError('POST');
  });
  return router;
}
