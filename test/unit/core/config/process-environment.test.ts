import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { processEnvironment, redactUrl, REPO_ROOT } from '@trendscope/core';

describe('processEnvironment: .env and the port variables, as make reads them', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'trendscope-env-'));
    file = join(dir, '.env');
    writeFileSync(
      file,
      ['# a comment', 'OS_PORT=9410', 'REDIS_PORT=6510 # inline comment', 'LOG_LEVEL="debug"', 'API_PORT=8111'].join(
        '\n',
      ),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads .env under the environment and derives the URLs from the ports', () => {
    const env = processEnvironment({ LOG_LEVEL: 'warn', PATH: '/usr/bin' }, file);
    expect(env).to.include({
      LOG_LEVEL: 'warn',
      OS_PORT: '9410',
      OPENSEARCH_URL: 'http://127.0.0.1:9410',
      REDIS_URL: 'redis://127.0.0.1:6510',
      API_PUBLIC_URL: 'http://127.0.0.1:8111',
    });
  });

  it('keeps given URLs over the ports', () => {
    const env = processEnvironment({ OPENSEARCH_URL: 'http://search:9200', REDIS_PORT: '6400' }, file);
    expect(env).to.include({ OPENSEARCH_URL: 'http://search:9200', REDIS_URL: 'redis://127.0.0.1:6400' });
  });

  it('never reads .env for tests', () => {
    const env = processEnvironment({ NODE_ENV: 'test' }, file);
    expect(env.OS_PORT).to.equal(undefined);
    expect(env.OPENSEARCH_URL).to.equal(undefined);
  });

  it('reads a .env as the shell scripts do (infra/local/dotenv.sh)', function () {
    this.timeout(10_000);
    const shell = spawnSync(
      'bash',
      ['-c', 'LOG_LEVEL=warn; export LOG_LEVEL; source infra/local/dotenv.sh; echo "$OS_PORT|$REDIS_PORT|$LOG_LEVEL"'],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', TRENDSCOPE_DOTENV: file }, encoding: 'utf8' },
    );
    const node = processEnvironment({ LOG_LEVEL: 'warn' }, file);
    expect(shell.stdout.trim()).to.equal(`${node.OS_PORT}|${node.REDIS_PORT}|${node.LOG_LEVEL}`);
  });

  it('hides credentials in a URL shown in a message', () => {
    expect(redactUrl('https://admin:secret@search.example:9200')).to.equal('https://***@search.example:9200');
  });
});
