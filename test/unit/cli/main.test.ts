import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { REPO_ROOT } from '@trendscope/core';

/** `trendscope ...args` from its source, as the bin script runs it (no service is reached: nothing here runs a command). */
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'services/cli/src/main.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('trendscope (the command line)', function () {
  this.timeout(120_000);

  it('prints its usage and exits 0 on --help, for the program and for a command', () => {
    for (const args of [['--help'], ['detect', '--help']]) {
      const r = cli(...args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).to.equal(0);
      expect(r.stdout).to.match(/^Usage: trendscope/);
    }
  });

  it('exits 2 with one line naming a bad option, command or argument', () => {
    for (const [args, message] of [
      [['--no-such-flag'], /unknown option '--no-such-flag'/],
      [['detect', '--no-such-flag'], /unknown option '--no-such-flag'/],
      [['no-such-command'], /unknown command 'no-such-command'/],
      [['restore'], /missing required argument/],
    ] as const) {
      const r = cli(...args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).to.equal(2);
      expect(r.stderr).to.match(message);
    }
  });
});
