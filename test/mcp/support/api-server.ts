import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { buildApp, createMcpRouter } from '@trendscope/api';
import { createOpenSearchClient, type OpenSearchClient } from '@trendscope/core';
import { createMcpServer } from '@trendscope/mcp';
import { silentLogger, type TestServices } from '../../support/services';

/** A real API (REST routes plus /mcp, wired as main.ts wires them) listening on a random port. */
export interface RunningApi {
  baseUrl: string;
  /** GET `path` and answer the status and JSON body. */
  get(path: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/** Starts the API over `s` (or over `opensearch` when given, e.g. a dead one). */
export async function startApi(s: TestServices, opensearch: OpenSearchClient = s.opensearch): Promise<RunningApi> {
  const deps = { ...s, opensearch, logger: silentLogger };
  const mcpDeps = {
    opensearch,
    names: s.names,
    queryTimeoutMs: s.config.opensearch.queryTimeoutMs,
    callTimeoutMs: s.config.api.requestTimeoutMs,
    logger: silentLogger,
  };
  const mcp = createMcpRouter(() => createMcpServer(mcpDeps));
  const server: Server = createServer(buildApp(deps, { extraRouters: [mcp] }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    baseUrl,
    async get(path) {
      const res = await fetch(new URL(path, baseUrl));
      return { status: res.status, body: await res.json() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens: a port opened and closed again. */
export async function closedPortUrl(): Promise<string> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** An OpenSearch client pointed at a closed port (the backend is down). */
export async function deadOpenSearch(): Promise<{ url: string; client: OpenSearchClient }> {
  const url = await closedPortUrl();
  return { url, client: createOpenSearchClient({ url, requestTimeoutMs: 1000 }) };
}
