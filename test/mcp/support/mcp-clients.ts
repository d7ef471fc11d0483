import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Config } from '@trendscope/core';

/** The stdio entry `npx trendscope-mcp` runs (the bin shim). */
export const STDIO_SHIM = fileURLToPath(new URL('../../../services/mcp/bin/trendscope-mcp.js', import.meta.url));

/** The two transports every MCP behaviour is tested over. */
export const TRANSPORTS = ['http', 'stdio'] as const;

/** One of the two transports. */
export type TransportKind = (typeof TRANSPORTS)[number];

/** An SDK client connected over Streamable HTTP to `baseUrl`/mcp. */
export async function connectHttp(baseUrl: string): Promise<Client> {
  const client = new Client({ name: 'trendscope-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl)));
  return client;
}

/** The environment a stdio server gets: the test's OpenSearch, Redis and index prefix. */
export function stdioEnv(config: Config, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ...getDefaultEnvironment(),
    OPENSEARCH_URL: config.opensearch.url,
    REDIS_URL: config.redis.url,
    OPENSEARCH_INDEX_PREFIX: config.opensearch.indexPrefix,
    REDIS_KEY_PREFIX: config.redis.keyPrefix,
    LOG_LEVEL: 'silent',
    ...overrides,
  };
}

/** An SDK client that spawns the stdio server (node + the bin shim) with `env`. */
export async function connectStdio(
  env: Record<string, string>,
  command?: { command: string; args: string[] },
): Promise<Client> {
  const client = new Client({ name: 'trendscope-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: command?.command ?? process.execPath,
    args: command?.args ?? [STDIO_SHIM],
    env,
    stderr: 'pipe',
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool and returns the result typed as a tool result. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The REST error body carried by a tool error (its last text block). */
export function restErrorOf(result: CallToolResult): unknown {
  const last = result.content.at(-1);
  if (last?.type !== 'text') throw new Error('tool error without a text block');
  return JSON.parse(last.text) as unknown;
}

/** All text blocks of a result, joined. */
export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}
