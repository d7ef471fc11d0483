import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { expect } from 'chai';
import { pino } from 'pino';
import { createRedis, type Redis } from '@trendscope/core';
import { startApi, type RunningApi } from '../support/api';
import { freePort } from '../support/free-port';
import { openTestServices, type TestServices } from '../support/services';

/** A throwaway Redis (Debian's redis-server) that a test may stop and start again on its port. */
function startRedisServer(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a Redis outage seen by the API', function () {
  this.timeout(30_000);
  let s: TestServices;
  let server: ChildProcess | undefined;
  let redis: Redis | undefined;
  let api: RunningApi | undefined;
  before(async () => {
    s = await openTestServices();
  });
  after(async () => {
    await api?.close();
    redis?.disconnect();
    server?.kill('SIGKILL');
    await s.cleanup();
  });

  it('logs the outage once, not per request or reconnect attempt, and logs the recovery', async () => {
    const port = await freePort();
    server = startRedisServer(port);
    redis = createRedis(`redis://127.0.0.1:${port}`);
    // Refusals while the server is still starting, before the API takes the client over.
    redis.on('error', () => undefined);
    const client = redis;
    await until(() => client.status === 'ready');
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    api = await startApi(s, { env: {}, deps: { redis, logger } });
    const categories = async (): Promise<Response> => fetch(`${api!.url}/v1/categories`);
    expect((await categories()).headers.get('ratelimit')).to.match(/^"minute";r=/);

    server.kill('SIGKILL');
    await once(server, 'exit');
    for (let i = 0; i < 20; i++) {
      const res = await categories();
      expect(res.status).to.equal(200);
      expect(res.headers.get('ratelimit')).to.equal(null);
    }
    // Several reconnect attempts fail meanwhile (every 200 ms, then less often).
    await new Promise((r) => setTimeout(r, 1500));
    server = startRedisServer(port);
    await until(() => client.status === 'ready');
    expect((await categories()).headers.get('ratelimit')).to.match(/^"minute";r=/);

    // Every warning of the whole outage: one when it began, one when it ended.
    const warnings = lines.filter((l) => Number(l.level) >= 40);
    expect(warnings.map((l) => [l.component, l.msg])).to.deep.equal([
      ['redis', 'connection lost; retrying'],
      ['redis', 'connection restored'],
    ]);
    expect(warnings[1]?.errors).to.be.above(1);
  });
});
