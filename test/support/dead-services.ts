import { createServer as createNetServer, type Socket } from 'node:net';
import { createOpenSearchClient, type OpenSearchClient } from '@trendscope/core';

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

/** A server that accepts connections and never answers (the worst kind of dependency), and its closer. */
export async function hangingServer(): Promise<{ url: string; port: number; close: () => void }> {
  const sockets: Socket[] = [];
  const server = createNetServer((sock) => sockets.push(sock));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => {
      sockets.forEach((sock) => sock.destroy());
      server.close();
    },
  };
}
