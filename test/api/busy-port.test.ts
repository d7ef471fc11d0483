import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { expect } from 'chai';
import { openTestServices, type TestServices } from '../support/services';
import { REPO_ROOT } from '@trendscope/core';

describe('the API on a port another process holds', function () {
  this.timeout(120_000);
  let s: TestServices;
  let holder: Server;
  let port: number;

  before(async () => {
    s = await openTestServices();
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });
  after(async () => {
    holder.close();
    await s.cleanup();
  });

  it('exits 1 with one line naming the port and API_PORT, not an EADDRINUSE stack', async () => {
    const env = {
      ...process.env,
      OPENSEARCH_INDEX_PREFIX: s.prefix,
      REDIS_KEY_PREFIX: s.prefix,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      API_METRICS_PORT: '0',
      LOG_LEVEL: 'silent',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], { cwd: REPO_ROOT, env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).to.equal(1);
    expect(stderr.trimEnd().split('\n'), stderr).to.deep.equal([
      `api: port ${port} (API_PORT) on 127.0.0.1 is in use by another process; set API_PORT to a free port`,
    ]);
  });
});
