import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { PIPELINE_STAGE_NAMES, REPO_ROOT } from '@trendscope/core';

/** The lines of `infra/local/services.sh` as NAME and the words after `NAME=`. */
function servicesList(env: Record<string, string> = {}): { name: string; words: string[] }[] {
  const run = spawnSync('bash', ['infra/local/services.sh'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).to.equal(0);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => ({ name: line.slice(0, line.indexOf('=')), words: line.slice(line.indexOf('=') + 1).split(' ') }));
}

/** The value of a leading VAR=value setting of a service line, or undefined. */
function setting(words: readonly string[], variable: string): string | undefined {
  return words.find((w) => w.startsWith(`${variable}=`))?.slice(variable.length + 1);
}

describe('the local services list (infra/local/services.sh)', () => {
  it('runs the pipeline as an ingest worker and a detection worker whose queues name every stage once', () => {
    const services = servicesList();
    expect(new Set(services.map((s) => s.name)).size, 'unique names').to.equal(services.length);
    const workers = services.filter((s) => s.words.includes('services/pipeline/src/worker.main.ts'));
    expect(workers.map((w) => w.name)).to.deep.equal(['pipeline-worker', 'pipeline-detect']);
    const queues = workers.flatMap((w) => (setting(w.words, 'PIPELINE_WORKER_QUEUES') ?? 'all').split(','));
    expect([...queues].sort()).to.deep.equal([...PIPELINE_STAGE_NAMES].sort());
    expect(setting(workers[1]!.words, 'PIPELINE_WORKER_QUEUES')).to.equal('detect');
  });

  it('gives the detection worker its own metrics port', () => {
    const detect = servicesList({ PIPELINE_DETECT_METRICS_PORT: '9999' }).find((s) => s.name === 'pipeline-detect')!;
    expect(setting(detect.words, 'PIPELINE_METRICS_PORT')).to.equal('9999');
  });

  it('starts a service with its leading VAR=value settings over the environment (node-service.sh)', function () {
    this.timeout(20_000);
    const runDir = mkdtempSync(join(tmpdir(), 'trendscope-svc-'));
    try {
      const env = { ...process.env, RUN_DIR: runDir, SERVICE_PROBE: 'from the environment' };
      const script = 'console.log(JSON.stringify([process.env.SERVICE_PROBE, process.env.SERVICE_OTHER]))';
      const start = spawnSync(
        'bash',
        ['infra/local/node-service.sh', 'start', 'probe', 'SERVICE_PROBE=own', 'SERVICE_OTHER=a=b', '-e', script],
        { cwd: REPO_ROOT, env, encoding: 'utf8' },
      );
      expect(start.status, start.stderr).to.equal(0);
      const deadline = Date.now() + 15_000;
      let log = '';
      while (Date.now() < deadline && !log.includes(']')) {
        spawnSync('sleep', ['0.2']);
        log = readFileSync(join(runDir, 'probe.log'), 'utf8');
      }
      expect(JSON.parse(log.trim())).to.deep.equal(['own', 'a=b']);
    } finally {
      spawnSync('bash', ['infra/local/node-service.sh', 'stop', 'probe'], {
        cwd: REPO_ROOT,
        env: { ...process.env, RUN_DIR: runDir },
      });
      rmSync(runDir, { recursive: true, force: true });
    }
  });
});
