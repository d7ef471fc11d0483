import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { freePort } from '../../support/free-port';
import { REPO_ROOT } from '@trendscope/core';

/** A stranger on a port: answers every request as an OpenSearch node would, from this test's process. */
async function dummyListener(): Promise<{ port: number; server: Server }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"name":"someone-else","version":{"distribution":"opensearch","number":"2.19.1"},"status":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

/** `make up`'s script on free ports of its own (a private data folder, no .env), with `ports` on top. */
async function runUp(ports: Record<string, string>, home: string): Promise<{ status: number | null; stderr: string }> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    TRENDSCOPE_LOCAL: '1',
    TRENDSCOPE_DOTENV: '/dev/null',
    OS_PORT: String(await freePort()),
    REDIS_PORT: String(await freePort()),
    API_PORT: String(await freePort()),
    API_METRICS_PORT: '0',
    PIPELINE_METRICS_PORT: '0',
    OS_HOME: join(home, 'opensearch'),
    REDIS_HOME: join(home, 'redis'),
    RUN_DIR: join(home, 'run'),
    UP_WAIT_SECONDS: '5',
    ...ports,
  };
  delete env.OPENSEARCH_URL;
  delete env.REDIS_URL;
  delete env.API_PUBLIC_URL;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['infra/local/up.sh'], { cwd: REPO_ROOT, env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('make up beside another stack (infra/local/up.sh)', function () {
  this.timeout(20_000);
  let home: string;
  let stranger: { port: number; server: Server };

  beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'trendscope-up-'));
    stranger = await dummyListener();
  });
  afterEach(() => {
    stranger.server.close();
    rmSync(home, { recursive: true, force: true });
  });

  for (const [variable, also] of [
    ['OS_PORT', 'OPENSEARCH_URL'],
    ['REDIS_PORT', 'REDIS_URL'],
    ['API_PORT', undefined],
    ['API_METRICS_PORT', undefined],
  ] as const) {
    it(`refuses a foreign listener on ${variable} in one line naming the port and the variable, starting nothing`, async () => {
      const run = await runUp({ [variable]: String(stranger.port) }, home);
      expect(run.status).to.equal(1);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines, run.stderr).to.have.length(1);
      expect(lines[0]).to.include(`port ${stranger.port} (${variable})`).and.include(`set ${variable} to a free port`);
      if (also) expect(lines[0]).to.include(also);
      expect(readdirSync(home), 'nothing started').to.deep.equal([]);
    });
  }

  it('tells its own listener from a stranger by the process that holds the port', () => {
    const owned = (pid: number): number | null =>
      spawnSync(
        'bash',
        ['-c', `set -euo pipefail; source infra/local/ports.sh; port_owned_by ${stranger.port} ${pid}`],
        {
          cwd: REPO_ROOT,
        },
      ).status;
    expect(owned(process.pid), 'this process listens').to.equal(0);
    const other = spawn('sleep', ['30']);
    try {
      expect(owned(other.pid ?? 0), 'a live process that does not listen').to.equal(1);
    } finally {
      other.kill();
    }
  });
});
