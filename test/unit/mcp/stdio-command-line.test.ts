import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { REPO_ROOT } from '@trendscope/core';

/**
 * `trendscope-mcp ...args` from its source, as the bin script runs it. stdin is closed at once, so
 * a server that started anyway would end on "stdin closed" instead of hanging the test; no
 * OpenSearch is reached by these cases.
 */
const mcp = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'services/mcp/src/stdio.main.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('trendscope-mcp (the stdio server command line)', function () {
  this.timeout(120_000);

  it('prints its usage on --help and -h and exits 0 without starting a session', () => {
    for (const flag of ['--help', '-h']) {
      const r = mcp(flag);
      expect(r.status, `${flag}: ${r.stderr}`).to.equal(0);
      expect(r.stdout).to.match(/^usage: trendscope-mcp/);
      expect(r.stdout).to.not.include('jsonrpc');
    }
  });

  it('exits 2 naming an argument it does not take, with the usage', () => {
    for (const args of [['--port', '3000'], ['serve']]) {
      const r = mcp(...args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).to.equal(2);
      expect(r.stderr).to.match(/^trendscope-mcp: /);
      expect(r.stderr).to.include('usage: trendscope-mcp');
      expect(r.stdout).to.equal('');
    }
  });
});
