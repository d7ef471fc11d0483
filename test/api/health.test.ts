import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { expect } from 'chai';
import { buildApp } from '@trendscope/api';
import { createOpenSearchClient, loadConfig } from '@trendscope/core';
import { openTestServices, silentLogger, type TestServices } from '../support/services';

async function listen(server: Server | NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe('GET /health', function () {
  this.timeout(20_000);
  let s: TestServices;
  before(async () => {
    s = await openTestServices();
  });
  after(async () => {
    await s.cleanup();
  });

  it('answers 200 with each dependency up', async () => {
    const server = createServer(buildApp({ ...s, logger: silentLogger }).callback());
    const port = await listen(server);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-request-id')).to.be.a('string');
      const body = (await res.json()) as {
        status: string;
        version: string;
        checks: Record<string, { status: string }>;
      };
      expect(body.status).to.equal('ok');
      expect(body.version).to.equal('0.2.0');
      expect(body.checks.opensearch?.status).to.equal('up');
      expect(body.checks.redis?.status).to.equal('up');
    } finally {
      server.close();
    }
  });

  it('answers 503 naming OpenSearch when it is pointed at a closed port', async () => {
    const closed = createNetServer();
    const closedPort = await listen(closed);
    await new Promise((r) => closed.close(r));
    const opensearch = createOpenSearchClient({ url: `http://127.0.0.1:${closedPort}`, requestTimeoutMs: 1000 });
    const server = createServer(buildApp({ ...s, opensearch, logger: silentLogger }).callback());
    const port = await listen(server);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).to.equal(503);
      const body = (await res.json()) as { status: string; checks: Record<string, { status: string; error?: string }> };
      expect(body.checks.opensearch?.status).to.equal('down');
      expect(body.checks.redis?.status).to.equal('up');
      expect(JSON.stringify(body)).not.to.include('127.0.0.1');
    } finally {
      server.close();
      await opensearch.close();
    }
  });

  it('answers within the health time-out when OpenSearch hangs', async () => {
    // A TCP server that accepts and never answers: the worst kind of dependency.
    const sockets: Socket[] = [];
    const hang = createNetServer((sock) => sockets.push(sock));
    const hangPort = await listen(hang);
    const config = loadConfig({ ...process.env, HEALTH_TIMEOUT_MS: '500' });
    const opensearch = createOpenSearchClient({ url: `http://127.0.0.1:${hangPort}`, requestTimeoutMs: 30_000 });
    const server = createServer(buildApp({ ...s, config, opensearch, logger: silentLogger }).callback());
    const port = await listen(server);
    try {
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      expect(res.status).to.equal(503);
      expect(Date.now() - started).to.be.lessThan(2000);
    } finally {
      server.close();
      sockets.forEach((sock) => sock.destroy());
      hang.close();
      await opensearch.close();
    }
  });
});
