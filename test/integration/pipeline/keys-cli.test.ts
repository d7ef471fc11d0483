import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ApiKeyRepository, hashApiKey, isWellFormedApiKey } from '@trendscope/core';
import { openTestServices, type TestServices } from '../../support/services';

const CLI = resolve(fileURLToPath(new URL('../../..', import.meta.url)), 'services/pipeline/bin/trendscope.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('npx trendscope keys', function () {
  this.timeout(60_000);
  let s: TestServices;
  const run = (...args: string[]): Promise<Run> =>
    new Promise((done) => {
      execFile(
        process.execPath,
        [CLI, 'keys', ...args],
        { env: { ...process.env, OPENSEARCH_INDEX_PREFIX: s.prefix, REDIS_KEY_PREFIX: s.prefix, LOG_LEVEL: 'silent' } },
        (err, stdout, stderr) => done({ code: err ? Number(err.code) : 0, stdout, stderr }),
      );
    });
  const lines = (out: string): Record<string, unknown>[] =>
    out
      .trim()
      .split('\n')
      .filter((l) => l.length > 0)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  before(async () => {
    s = await openTestServices();
  });
  after(async () => {
    await s.cleanup();
  });

  it('creates, lists, rotates and revokes a key, showing the key only on creation and rotation', async () => {
    const created = await run('create', '--name', 'load test', '--account', 'Ops@Example.com', '--per-minute', '5000');
    expect(created.code, created.stderr).to.equal(0);
    const [c] = lines(created.stdout);
    expect(Object.keys(c ?? {})).to.deep.equal(['id', 'name', 'prefix', 'key', 'per_minute', 'per_day', 'created_at']);
    expect(c).to.include({ name: 'load test', per_minute: 5000, per_day: 100000 });
    const key = String(c?.key);
    expect(isWellFormedApiKey(key)).to.be.true;
    expect(String(c?.prefix)).to.equal(key.slice(0, 12));

    const stored = await new ApiKeyRepository(s.opensearch, s.names.api_keys).get(String(c?.id));
    expect(stored?.secret_hash).to.equal(hashApiKey(key, ''));
    expect(stored?.account).to.equal('ops@example.com');

    const listed = await run('list', '--account', 'ops@example.com');
    expect(listed.code).to.equal(0);
    expect(listed.stdout).to.not.include(key);
    expect(lines(listed.stdout).map((l) => l.id)).to.deep.equal([c?.id]);

    const rotated = await run('rotate', String(c?.id), '--grace', '60');
    expect(rotated.code, rotated.stderr).to.equal(0);
    const [r] = lines(rotated.stdout);
    expect(r?.id).to.equal(c?.id);
    expect(isWellFormedApiKey(String(r?.key))).to.be.true;
    expect(r?.key).to.not.equal(key);

    const revoked = await run('revoke', String(c?.id));
    expect(revoked.code).to.equal(0);
    expect(lines(revoked.stdout)[0]?.revoked_at).to.be.a('string');
    const again = await run('revoke', String(c?.id));
    expect(again.code).to.equal(2);
  });

  it('answers bad input with one line on stderr and exit code 2', async () => {
    const cases = [
      ['create'],
      ['create', '--name', 'x', '--per-day', 'lots'],
      ['create', '--name', 'x', '--account', 'not-an-address'],
      ['rotate', 'key_unknown', '--grace', '-5'],
      ['revoke', 'key_doesnotexist'],
    ];
    const results = await Promise.all(cases.map((args) => run(...args)));
    for (const [i, res] of results.entries()) {
      const args = cases[i] ?? [];
      expect(res.code, args.join(' ')).to.equal(2);
      expect(res.stdout, args.join(' ')).to.equal('');
      expect(res.stderr.trim().split('\n'), args.join(' ')).to.have.length(1);
    }
  });
});
