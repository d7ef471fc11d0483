import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { createConsoleRouter } from '@trendscope/console';
import { createMcpServer, type McpDeps } from '@trendscope/mcp';
import { buildApp } from './app';
import type { ApiDeps } from './deps';
import { createMcpRouter } from './routes/mcp.router';

/** What the API server adds to its dependencies. */
export interface ApiServerOptions {
  /** Where the request metrics go (main.ts serves it on the metrics port); none: not counted. */
  metrics?: Registry;
}

/**
 * The API's HTTP server, not yet listening: the REST app with the MCP endpoint mounted at /mcp
 * and the developer console at /console.
 * main.ts and the tests both start it, so the tests run the service as it is deployed.
 */
export function createApiServer(deps: ApiDeps, options: ApiServerOptions = {}): Server {
  const mcpDeps: McpDeps = {
    opensearch: deps.opensearch,
    names: deps.names,
    queryTimeoutMs: deps.config.opensearch.queryTimeoutMs,
    callTimeoutMs: deps.config.api.requestTimeoutMs,
    logger: deps.logger.child({ component: 'mcp' }),
    ...(deps.now ? { now: deps.now } : {}),
  };
  const mcp = createMcpRouter(() => createMcpServer(mcpDeps));
  const consoleRouter = createConsoleRouter({ ...deps, logger: deps.logger.child({ component: 'console' }) });
  const app = buildApp(deps, {
    extraRouters: [mcp, consoleRouter],
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  return server;
}
