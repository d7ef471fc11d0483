import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLogger, createOpenSearchClient, indexNames, loadConfigOrExit, onShutdown } from '@trendscope/core';
import { createMcpServer } from './server/create-mcp-server';

/**
 * The MCP server over stdio (`npx trendscope-mcp`): an MCP client starts it as a child process.
 * stdout carries the protocol, so logs go to stderr. It only reads: indices are created and
 * migrated by the API and the pipeline, not here.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const logger = createLogger({ level: config.logLevel, name: 'mcp', destination: 'stderr' });
  const opensearch = createOpenSearchClient(config.opensearch);
  const server = createMcpServer({
    opensearch,
    names: indexNames(config.opensearch.indexPrefix),
    queryTimeoutMs: config.opensearch.queryTimeoutMs,
    callTimeoutMs: config.api.requestTimeoutMs,
    logger,
  });

  const shutdown = onShutdown({
    logger,
    message: 'mcp stdio shutting down',
    forceAfterMs: 3000,
    close: async () => {
      await Promise.allSettled([server.close(), opensearch.close()]);
    },
  });
  // The client closing our stdin is the normal end of a stdio session.
  process.stdin.once('end', () => shutdown('stdin closed'));

  await server.connect(new StdioServerTransport());
  logger.info({ prefix: config.opensearch.indexPrefix }, 'mcp stdio ready');
}

void main();
