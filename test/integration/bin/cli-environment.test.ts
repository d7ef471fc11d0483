import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadConfig, requireServices, REPO_ROOT } from '@trendscope/core';
import { closedPortUrl, hangingServer } from '../../support/dead-services';

const CLI_MAIN = join(REPO_ROOT, 'services/cli/src/main.ts');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with only the port variables set (no OPENSEARCH_URL / REDIS_URL). */
function runCli(args: string[], ports: Record<string, string>): Promise<Run> {
  const env: Record<string, string | undefined> = { ...process.env, ...ports, LOG_LEVEL: 'warn' };
  delete env.OPENSEARCH_URL;
  delete env.REDIS_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_MAIN, ...args], { cwd: REPO_ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const portOf = (url: string): string => new URL(url).port;

/** The time `work` takes to settle, in ms, and the error it threw. */
async function timed(work: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  const error = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  return { ms: performance.now() - started, error };
}

describe('npx trendscope and its environment', function () {
  this.timeout(240_000);
  const osPort = process.env.TEST_OPENSEARCH_PORT ?? portOf(process.env.OPENSEARCH_URL ?? '');
  const redisPort = portOf(process.env.REDIS_URL ?? '');

  it('reads OS_PORT and REDIS_PORT as make does', async () => {
    const run = await runCli(['status'], { OS_PORT: osPort, REDIS_PORT: redisPort });
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout)
      .to.match(/^articles \(/m)
      .and.match(/^dead letters: \d+/m);
  });

  it('with an unreachable Redis, says so in one line and exits non-zero', async () => {
    const deadRedis = portOf(await closedPortUrl());
    const run = await runCli(['status'], { OS_PORT: osPort, REDIS_PORT: deadRedis });
    expect(run.status).to.not.equal(0);
    expect(run.stderr.trimEnd().split('\n'), run.stderr).to.have.length(1);
    expect(run.stderr).to.include(`cannot reach Redis at redis://127.0.0.1:${deadRedis}`).and.include('REDIS_PORT');
  });

  it('with an OpenSearch that never answers, says so in one line and exits non-zero, for every command that needs it', async () => {
    const hanging = await hangingServer();
    try {
      for (const args of [['snapshots'], ['keys', 'list'], ['detect']]) {
        const run = await runCli(args, { OS_PORT: String(hanging.port), REDIS_PORT: redisPort });
        expect(run.status, args.join(' ')).to.not.equal(0);
        expect(run.stderr.trimEnd().split('\n'), run.stderr).to.have.length(1);
        expect(run.stderr).to.include(`cannot reach OpenSearch at http://127.0.0.1:${hanging.port}`);
      }
    } finally {
      hanging.close();
    }
  });

  // The check every command runs first, timed alone: loading the CLI's code is the same for a
  // command that works, and on a loaded machine takes longer than the check itself.
  it('gives up on a refused Redis and on an OpenSearch that never answers within 5 s', async () => {
    const hanging = await hangingServer();
    try {
      const config = loadConfig({
        ...process.env,
        OPENSEARCH_URL: hanging.url,
        REDIS_URL: `redis://127.0.0.1:${portOf(await closedPortUrl())}`,
      });
      const { ms, error } = await timed(requireServices(config, { opensearch: true, redis: true }));
      expect(String(error)).to.include('cannot reach OpenSearch').and.include('cannot reach Redis');
      expect(ms).to.be.below(5000);
    } finally {
      hanging.close();
    }
  });
});
