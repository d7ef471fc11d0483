import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLogger, createOpenSearchClient, indexNames, loadConfigOrExit } from '@trendscope/core';
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

  let closing = false;
  const shutdown = (reason: string): void => {
    if (closing) return;
    closing = true;
    logger.info({ reason }, 'mcp stdio shutting down');
    void Promise.allSettled([server.close(), opensearch.close()]).then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  // The client closing our stdin is the normal end of a stdio session.
  process.stdin.once('end', () => shutdown('stdin closed'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await server.connect(new StdioServerTransport());
  logger.info({ prefix: config.opensearch.indexPrefix }, 'mcp stdio ready');
}

void main();
