import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ApiKeyRepository, CliError, hashApiKey, isWellFormedApiKey } from '@trendscope/core';
import { runKeysCreate, runKeysList, runKeysRevoke, runKeysRotate } from '@trendscope/cli/commands/keys.command';
import { useTestServices } from '../../support/services';

const CLI = resolve(fileURLToPath(new URL('../../..', import.meta.url)), 'services/cli/bin/trendscope.js');

type Line = Record<string, unknown>;

/** Runs one command in process and answers the JSON lines it printed. */
async function capture(run: (out: NodeJS.WritableStream) => Promise<void>): Promise<Line[]> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  await run(out);
  return text
    .trim()
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Line);
}

describe('npx trendscope keys', function () {
  this.timeout(90_000);
  const s = useTestServices();

  it('creates, lists, rotates and revokes a key, showing the key only on creation and rotation', async () => {
    const [c] = await capture((out) =>
      runKeysCreate(s.config, { name: 'load test', account: 'Ops@Example.com', perMinute: 5000 }, out),
    );
    expect(Object.keys(c ?? {})).to.deep.equal(['id', 'name', 'prefix', 'key', 'per_minute', 'per_day', 'created_at']);
    expect(c).to.include({ name: 'load test', per_minute: 5000, per_day: 100000 });
    const key = String(c?.key);
    expect(isWellFormedApiKey(key)).to.be.true;
    expect(String(c?.prefix)).to.equal(key.slice(0, 12));
    const stored = await new ApiKeyRepository(s.opensearch, s.names.api_keys).get(String(c?.id));
    expect(stored?.secret_hash).to.equal(hashApiKey(key, ''));
    expect(stored?.account).to.equal('ops@example.com');

    const listed = await capture((out) => runKeysList(s.config, { account: 'ops@example.com' }, out));
    expect(JSON.stringify(listed)).to.not.include(key);
    expect(listed.map((l) => l.id)).to.deep.equal([c?.id]);

    const [r] = await capture((out) => runKeysRotate(s.config, String(c?.id), { grace: 60 }, out));
    expect(r?.id).to.equal(c?.id);
    expect(isWellFormedApiKey(String(r?.key))).to.be.true;
    expect(r?.key).to.not.equal(key);

    const [revoked] = await capture((out) => runKeysRevoke(s.config, String(c?.id), out));
    expect(revoked?.revoked_at).to.be.a('string');
    let again: unknown;
    await runKeysRevoke(s.config, String(c?.id), new PassThrough()).catch((err: unknown) => (again = err));
    expect(again).to.be.instanceOf(CliError);
  });

  it('refuses bad input before touching anything', async () => {
    for (const run of [
      () => runKeysCreate(s.config, { name: '' }),
      () => runKeysCreate(s.config, { name: 'x', account: 'not-an-address' }),
      () => runKeysCreate(s.config, { name: 'x', perDay: 0 }),
      () => runKeysRotate(s.config, 'key_x', { grace: 8 * 86400 }),
    ]) {
      let error: unknown;
      await run().catch((err: unknown) => (error = err));
      expect(error).to.be.instanceOf(CliError);
    }
  });

  it('prints the key as one JSON line from the command line, and bad input as one line with exit code 2', async () => {
    const run = (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
      new Promise((done) => {
        execFile(
          process.execPath,
          [CLI, 'keys', ...args],
          {
            env: { ...process.env, OPENSEARCH_INDEX_PREFIX: s.prefix, REDIS_KEY_PREFIX: s.prefix, LOG_LEVEL: 'silent' },
          },
          (err, stdout, stderr) => done({ code: err ? Number(err.code) : 0, stdout, stderr }),
        );
      });
    const [ok, bad] = await Promise.all([
      run('create', '--name', 'cli'),
      run('create', '--name', 'x', '--per-day', 'lots'),
    ]);
    expect(ok.code, ok.stderr).to.equal(0);
    expect(ok.stdout.trim().split('\n')).to.have.length(1);
    expect(isWellFormedApiKey(String((JSON.parse(ok.stdout) as Line).key))).to.be.true;
    expect(bad.code).to.equal(2);
    expect(bad.stdout).to.equal('');
    expect(bad.stderr.trim().split('\n')).to.have.length(1);
  });
});
