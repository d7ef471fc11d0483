import { expect } from 'chai';
import {
  ApiKeyRepository,
  createApiKey,
  migrateIndices,
  recordSecurityEvent,
  revokeApiKey,
  rotateApiKey,
  type ApiKeyServiceDeps,
} from '@trendscope/core';
import { runRestoreCommand, runSnapshotCommand } from '@trendscope/cli/commands/snapshot.command';
import { createPipelineRuntime } from '@trendscope/pipeline/pipeline-deps';
import { articleId } from '@trendscope/pipeline/articles/article-id';
import { getJson, startApi, type RunningApi } from '../../support/api';
import { buildArticle, buildTrend, seed } from '../../support/factories';
import { pipelineTestConfig } from '../../support/pipeline-harness';
import { textSink as sink } from '../../support/text-sink';
import { openTestServices, silentLogger, type TestServices } from '../../support/services';

describe('restores that keep security decisions and survive a lost index (real OpenSearch and Redis)', function () {
  this.timeout(240_000);
  let s: TestServices;
  let api: RunningApi;
  let keys: ApiKeyServiceDeps;
  const status = async (key: string) =>
    (await fetch(`${api.url}/v1/stats`, { headers: { authorization: `Bearer ${key}` } })).status;
  /** The status once a revocation has reached the API (docs/api.md: everywhere within a second). */
  const settledStatus = async (key: string): Promise<number> => {
    const until = Date.now() + 2000;
    let last = await status(key);
    while (last !== 401 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      last = await status(key);
    }
    return last;
  };

  beforeEach(async () => {
    s = await openTestServices({ API_KEY_CACHE_TTL_SECONDS: '60' });
    s = { ...s, config: pipelineTestConfig(s, [], { OPENSEARCH_SNAPSHOT_REPOSITORY: `${s.prefix}-repo` }) };
    await migrateIndices(s.opensearch, s.names);
    await seed(s, {
      trends: Array.from({ length: 12 }, () => buildTrend()),
      articles: Array.from({ length: 40 }, () => buildArticle()),
    });
    keys = {
      repo: new ApiKeyRepository(s.opensearch, s.names.api_keys),
      hashSecret: s.config.keys.hashSecret,
      redis: s.redis,
      keyPrefix: s.prefix,
    };
    api = await startApi(s);
  });
  afterEach(async () => {
    await api.close();
    const repo = s.config.opensearch.snapshotRepository;
    const all = await s.opensearch.snapshot.get({ repository: repo.name, snapshot: '_all' }).catch(() => null);
    for (const snap of (all?.body as { snapshots?: { snapshot: string }[] } | undefined)?.snapshots ?? []) {
      await s.opensearch.snapshot.delete({ repository: repo.name, snapshot: snap.snapshot }).catch(() => undefined);
    }
    await s.opensearch.snapshot.deleteRepository({ repository: repo.name }).catch(() => undefined);
    await s.cleanup();
  });

  it('keeps a key revoked after the snapshot refused (401) through a restore of both sets', async () => {
    const revoked = await createApiKey(keys, { name: 'leaked' });
    const rotated = await createApiKey(keys, { name: 'rotated' });
    const kept = await createApiKey(keys, { name: 'kept' });
    const snapshot = await runSnapshotCommand(s.config, sink().stream);
    const later = await createApiKey(keys, { name: 'made after the snapshot' });
    expect(await status(revoked.key)).to.equal(200);
    await revokeApiKey(keys, revoked.doc.id);
    const renewed = await rotateApiKey(keys, rotated.doc.id, 0);
    expect(await settledStatus(revoked.key)).to.equal(401);

    // Content alone by default: the key set is not touched.
    await runRestoreCommand(s.config, snapshot, sink().stream);
    expect(await status(revoked.key)).to.equal(401);
    expect(await status(later.key)).to.equal(200);

    const out = sink();
    await runRestoreCommand(s.config, snapshot, out.stream, { accounts: true });
    expect(out.text()).to.match(/1 API key\(s\) created since will no longer exist \(key_/);
    expect(out.text()).to.include('1 revocation(s), 1 rotation(s)');
    expect(await status(revoked.key)).to.equal(401);
    expect(await status(rotated.key)).to.equal(401);
    expect(await status(renewed.key)).to.equal(200);
    expect(await status(kept.key)).to.equal(200);
    expect(await status(later.key)).to.equal(401);
    expect((await keys.repo.get(revoked.doc.id))?.revoked_at).to.be.a('string');
  });

  it('keeps the revocation from the log in Redis when the api-keys index itself was lost', async () => {
    const revoked = await createApiKey(keys, { name: 'leaked' });
    const snapshot = await runSnapshotCommand(s.config, sink().stream);
    await revokeApiKey(keys, revoked.doc.id);
    // An account deleted after the snapshot stays deleted too.
    await s.opensearch.index({
      index: s.names.accounts,
      id: 'acct_1',
      body: { id: 'acct_1', email: 'gone@example.com', password_hash: 'x', created_at: '2026-01-01T00:00:00.000Z' },
      refresh: true,
    });
    const snapshotWithAccount = await runSnapshotCommand(s.config, sink().stream);
    await recordSecurityEvent(s.redis, s.prefix, {
      type: 'account.deleted',
      id: 'acct_1',
      email: 'gone@example.com',
      at: new Date().toISOString(),
    });
    await s.opensearch.indices.delete({ index: `${s.names.api_keys}-*,${s.names.accounts}-*` });

    await runRestoreCommand(s.config, snapshot, sink().stream, { accounts: true });
    expect(await status(revoked.key)).to.equal(401);
    await runRestoreCommand(s.config, snapshotWithAccount, sink().stream, { accounts: true });
    expect(await status(revoked.key)).to.equal(401);
    const account = await s.opensearch.get({ index: s.names.accounts, id: 'acct_1' }, { ignore: [404] });
    expect((account.body as { found: boolean }).found).to.equal(false);
  });

  it('after the indices were deleted under a running writer, restores and serves the snapshot totals', async () => {
    const stats = async () =>
      (await getJson<{ trends: { total: number }; articles: { total: number } }>(api.url, '/v1/stats')).body;
    const expected = await stats();
    expect(expected.articles.total).to.equal(40);
    const snapshot = await runSnapshotCommand(s.config, sink().stream);

    // The pipeline's own writer keeps writing while the indices go away.
    const runtime = createPipelineRuntime(s.config, silentLogger);
    let writing = true;
    let refused = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const doc = buildArticle({ url: `https://example.com/w/${i}`, canonical_url: `https://example.com/w/${i}` });
        await runtime.deps.indexBatcher.write(articleId(doc.canonical_url), doc).catch(() => refused++);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    await s.opensearch.indices.delete({ index: `${s.prefix}-articles-*,${s.prefix}-trends-*` });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await getJson(api.url, '/v1/stats')).status).to.equal(503);
    const health = await getJson<{ checks: { indices: { missing?: string[] } } }>(api.url, '/health');
    expect(health.body.checks.indices.missing).to.deep.equal([s.names.articles, s.names.trends]);
    // No index came back under the alias name from the pipeline's writes.
    expect((await s.opensearch.indices.exists({ index: s.names.articles })).body).to.equal(false);
    // A refused write may first wait for its body's write beside it to be refreshed (up to the 1 s interval).
    for (let waited = 0; refused === 0 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(refused).to.be.above(0);
    // The ingest ends (its writes after the restore would change the totals compared below).
    writing = false;
    await writer;
    await runtime.close();

    // A writer without require_alias (a script, curl) does create one: the restore names it and the fix.
    await s.opensearch.index({ index: s.names.articles, body: { stray: true }, refresh: true });
    let message = '';
    await runRestoreCommand(s.config, snapshot, sink().stream).catch((err: Error) => (message = err.message));
    expect(message).to.include(`${s.names.articles} is a concrete index, not an alias`);
    expect(message).to.include(`make restore SNAPSHOT=${snapshot} DROP_CONCRETE=1`);

    const out = sink();
    await runRestoreCommand(s.config, snapshot, out.stream, { dropConcrete: true });
    expect(out.text()).to.include(`deleted the concrete index ${s.names.articles} (1 documents`);
    const after = await stats();
    expect(after.articles.total).to.equal(expected.articles.total);
    expect(after.trends.total).to.equal(expected.trends.total);
    expect((await getJson(api.url, '/health')).status).to.equal(200);
  });
});
