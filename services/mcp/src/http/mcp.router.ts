import Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { MethodNotAllowedError } from '@trendscope/core';
import type { McpDeps } from '../deps';
import { createMcpServer } from '../server/create-mcp-server';

/** Path of the Streamable HTTP endpoint. */
export const MCP_PATH = '/mcp';

/**
 * The Streamable HTTP endpoint as a Koa router, for the API's composition root to mount (so /mcp
 * shares the API's port and middleware: request ids, errors, and quotas once they exist).
 * Stateless: every POST gets a fresh server and transport, so any API instance can answer any
 * call and nothing is kept between requests. There is no server-to-client stream to offer, so
 * GET and DELETE are 405.
 */
export function createMcpRouter(deps: McpDeps): Router {
  const router = new Router();
  router.post(MCP_PATH, async (ctx) => {
    const server = createMcpServer(deps);
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
