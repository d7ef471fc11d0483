import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLogger, createOpenSearchClient, indexNames, loadConfigOrExit, onShutdown } from '@trendscope/core';
import { createMcpServer } from './server/create-mcp-server';

const USAGE = `usage: trendscope-mcp [--help]

The Trendscope MCP server over stdio: an MCP client starts it as a child process and speaks the
protocol on its stdin and stdout (logs go to stderr). It only reads, from the OpenSearch named by
OPENSEARCH_URL (and OPENSEARCH_INDEX_PREFIX, as the API reads them). Tools, resources, the HTTP
transport (/mcp on the API's port) and client configuration: docs/mcp.md.`;

/**
 * Reads the command line before anything starts: stdout is the protocol, so an argument the
 * server does not take (a mistyped flag, `--help` expected to print) must not start a session
 * that waits on stdin. `--help` prints the usage and exits 0; anything else exits 2 with it.
 */
function readCommandLine(argv: readonly string[]): void {
  try {
    const { values } = parseArgs({ args: [...argv], options: { help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
  } catch (err) {
    process.stderr.write(`trendscope-mcp: ${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
}

/**
 * The MCP server over stdio (`npx trendscope-mcp`): an MCP client starts it as a child process.
 * stdout carries the protocol, so logs go to stderr. It only reads: indices are created and
 * migrated by the API and the pipeline, not here.
 */
async function main(): Promise<void> {
  readCommandLine(process.argv.slice(2));
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
