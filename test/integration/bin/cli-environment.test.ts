import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { closedPortUrl, hangingServer } from '../../support/dead-services';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI_MAIN = join(ROOT, 'services/pipeline/src/cli/main.ts');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the CLI with only the port variables set (no OPENSEARCH_URL / REDIS_URL), timing it. */
function runCli(args: string[], ports: Record<string, string>): Promise<Run> {
  const env: Record<string, string | undefined> = { ...process.env, ...ports, LOG_LEVEL: 'warn' };
  delete env.OPENSEARCH_URL;
  delete env.REDIS_URL;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_MAIN, ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, ms: performance.now() - started }));
  });
}

const portOf = (url: string): string => new URL(url).port;

describe('npx trendscope and its environment', function () {
  this.timeout(180_000);
  const osPort = process.env.TEST_OPENSEARCH_PORT ?? portOf(process.env.OPENSEARCH_URL ?? '');
  const redisPort = portOf(process.env.REDIS_URL ?? '');
  // What loading the CLI costs on this machine now: the budget of 5 s is for giving up, on top of it.
  let startupMs = 0;

  before(async () => {
    startupMs = (await runCli(['--version'], {})).ms;
  });

  it('reads OS_PORT and REDIS_PORT as make does', async () => {
    const run = await runCli(['status'], { OS_PORT: osPort, REDIS_PORT: redisPort });
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout)
      .to.match(/^articles \(/m)
      .and.match(/^dead letters: \d+/m);
  });

  it('with an unreachable Redis, says so in one line and exits non-zero within 5 s', async () => {
    const deadRedis = portOf(await closedPortUrl());
    const run = await runCli(['status'], { OS_PORT: osPort, REDIS_PORT: deadRedis });
    expect(run.status).to.not.equal(0);
    expect(run.stderr.trimEnd().split('\n'), run.stderr).to.have.length(1);
    expect(run.stderr).to.include(`cannot reach Redis at redis://127.0.0.1:${deadRedis}`).and.include('REDIS_PORT');
    expect(run.ms - startupMs, `${Math.round(run.ms)} ms against ${Math.round(startupMs)} ms to start`).to.be.below(
      5000,
    );
  });

  it('with an OpenSearch that never answers, says so in one line and exits non-zero within 5 s, for every command that needs it', async () => {
    const hanging = await hangingServer();
    try {
      for (const args of [['snapshots'], ['keys', 'list'], ['detect']]) {
        const run = await runCli(args, { OS_PORT: String(hanging.port), REDIS_PORT: redisPort });
        expect(run.status, args.join(' ')).to.not.equal(0);
        expect(run.stderr.trimEnd().split('\n'), run.stderr).to.have.length(1);
        expect(run.stderr).to.include(`cannot reach OpenSearch at http://127.0.0.1:${hanging.port}`);
        expect(run.ms - startupMs, args.join(' ')).to.be.below(5000);
      }
    } finally {
      hanging.close();
    }
  });
});
