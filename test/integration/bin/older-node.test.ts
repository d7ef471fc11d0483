import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { isProjectNodeVersion } from '@trendscope/core/project-node';
import { TOOL_NAMES } from '@trendscope/mcp';
import { expect } from 'chai';
import { connectStdio, STDIO_SHIM } from '../../mcp/support/mcp-clients';
import { REPO_ROOT } from '@trendscope/core';

const CLI_BIN = join(REPO_ROOT, 'services/cli/bin/trendscope.js');

/** A `node` on PATH older than the project needs (the machines ship Node 20), if there is one. */
function findOlderNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const node = join(dir, 'node');
    const run = spawnSync(node, ['--version'], { encoding: 'utf8' });
    if (run.status === 0 && !isProjectNodeVersion(run.stdout.trim())) return node;
  }
  return undefined;
}

describe('the commands from a shell whose Node is older than 22', function () {
  this.timeout(90_000);
  const olderNode = findOlderNode();

  beforeEach(function () {
    if (olderNode === undefined) this.skip(); // nothing to run them with on this machine
  });

  it('trendscope runs under the project Node instead of failing to load its HTTP client', () => {
    const run = spawnSync(olderNode ?? '', [CLI_BIN, '--help'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/^Usage: trendscope /);
  });

  it('npx trendscope prints no engine warnings before it re-runs under the project Node', function () {
    const npx = join(dirname(olderNode ?? ''), 'npx');
    if (!existsSync(npx)) this.skip(); // no npx beside that Node
    const run = spawnSync(npx, ['--no-install', 'trendscope', '--version'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(olderNode ?? '')}${delimiter}${process.env.PATH ?? ''}` },
    });
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stderr).to.not.match(/EBADENGINE|Unsupported engine/);
  });

  it('trendscope-mcp serves its tools over stdio', async () => {
    const env = { ...getDefaultEnvironment(), LOG_LEVEL: 'silent' };
    const client = await connectStdio(env, { command: olderNode ?? '', args: [STDIO_SHIM] });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).to.have.members([...TOOL_NAMES]);
    } finally {
      await client.close();
    }
  });
});

describe('make help', () => {
  it('answers without installing Node', function () {
    this.timeout(30_000);
    const cache = mkdtempSync(join(tmpdir(), 'trendscope-cache-'));
    try {
      const run = spawnSync('make', ['--no-print-directory', 'help'], {
        cwd: REPO_ROOT,
        env: { PATH: '/usr/bin:/bin', HOME: tmpdir(), TRENDSCOPE_CACHE: cache },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).to.equal(0);
      expect(run.stdout)
        .to.match(/make test-unit /)
        .and.match(/make test-file /);
      expect(readdirSync(cache)).to.deep.equal([]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
