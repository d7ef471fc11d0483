import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startApi, type RunningApi } from '../../support/api';
import { buildDataset, seedDataset, type Dataset } from '../../support/dataset';
import { deadOpenSearch } from '../../support/dead-services';
import { openTestServices } from '../../support/services';
import { connectHttp, connectStdio, stdioEnv, type TransportKind } from './mcp-clients';

/** What an MCP test talks to: the API (which serves /mcp), a connected client and the seeded data. */
export interface McpSession {
  api: RunningApi;
  client: Client;
  /** The test dataset, dated now: in the indices only when `seed` was asked for. */
  data: Dataset;
  /** Closes the client, the API, a dead backend's client and the test's indices and keys. */
  close(): Promise<void>;
}

/** How the session is set up. */
export interface McpSessionOptions {
  /** Seed the test dataset (dated now) before the server starts. */
  seed?: boolean;
  /** The API and the stdio server talk to an OpenSearch on a closed port (the backend is down). */
  openSearchDown?: boolean;
  /** How the stdio server is started; the bin shim under this Node by default. */
  stdioCommand?: { command: string; args: string[] };
}

/**
 * Opens the test services and the API and connects an MCP client over `kind`, the one set-up every
 * MCP behaviour is tested with (over HTTP the API's /mcp, over stdio a spawned server reading the
 * same indices).
 */
export async function openMcpSession(kind: TransportKind, options: McpSessionOptions = {}): Promise<McpSession> {
  const s = await openTestServices();
  const data = buildDataset(new Date());
  if (options.seed) await seedDataset(s, data);
  const dead = options.openSearchDown ? await deadOpenSearch() : null;
  const api = await startApi(s, dead ? { deps: { opensearch: dead.client } } : {});
  const client =
    kind === 'http'
      ? await connectHttp(api.url)
      : await connectStdio(stdioEnv(s.config, dead ? { OPENSEARCH_URL: dead.url } : {}), options.stdioCommand);
  return {
    api,
    client,
    data,
    close: async () => {
      await client.close();
      await api.close();
      await dead?.client.close();
      await s.cleanup();
    },
  };
}
