import { QueueEvents } from 'bullmq';
import { expect } from 'chai';
import {
  INDEX_KINDS,
  isPartitioned,
  listSnapshots,
  monthOf,
  partitionIndex,
  SNAPSHOT_SETS,
  migrateIndices,
  pruneSnapshots,
  readGeneration,
  takeSnapshot,
} from '@trendscope/core';
import { runRestoreCommand, runSnapshotCommand } from '@trendscope/cli/commands/snapshot.command';
import { createPipelineRuntime } from '@trendscope/pipeline/pipeline-deps';
import { closeQueues, createQueues } from '@trendscope/pipeline/queues/create-queues';
import { startWorkers } from '@trendscope/pipeline/workers/start-workers';
import { buildArticle, buildRun, buildTrend, seed } from '../../support/factories';
import { pipelineTestConfig } from '../../support/pipeline-harness';
import { textSink as sink } from '../../support/text-sink';
import { openTestServices, silentLogger, type TestServices } from '../../support/services';

/** Every document of the Trendscope indices, by alias then id (the full source). */
async function dumpAll(s: TestServices): Promise<Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const kind of INDEX_KINDS) {
    const res = await s.opensearch.search({ index: s.names[kind], body: { size: 1000, query: { match_all: {} } } });
    const hits = (res.body as { hits: { hits: { _id: string; _source: unknown }[] } }).hits.hits;
    out[kind] = Object.fromEntries(hits.map((h) => [h._id, h._source]));
  }
  return out;
}

describe('snapshots: take, delete every index, restore (real OpenSearch with path.repo)', function () {
  this.timeout(180_000);
  let s: TestServices;

  beforeEach(async () => {
    s = await openTestServices();
    s = { ...s, config: pipelineTestConfig(s, [], { OPENSEARCH_SNAPSHOT_REPOSITORY: `${s.prefix}-repo` }) };
    await migrateIndices(s.opensearch, s.names);
    await seed(s, {
      trends: Array.from({ length: 30 }, () => buildTrend()),
      articles: Array.from({ length: 120 }, () => buildArticle()),
      runs: Array.from({ length: 5 }, () => buildRun()),
    });
  });
  afterEach(async () => {
    const repo = s.config.opensearch.snapshotRepository;
    const snaps = [
      ...(await listSnapshots(s.opensearch, repo, s.prefix).catch(() => [])),
      ...(await listSnapshots(s.opensearch, repo, `${s.prefix}-accounts`).catch(() => [])),
    ];
    for (const snap of snaps) {
      await s.opensearch.snapshot.delete({ repository: repo.name, snapshot: snap.snapshot }).catch(() => undefined);
    }
    await s.opensearch.snapshot.deleteRepository({ repository: repo.name }).catch(() => undefined);
    await s.cleanup();
  });

  it('brings back every document and alias after the indices were deleted, and bumps the data generation', async () => {
    const before = await dumpAll(s);
    expect(Object.keys(before.articles ?? {})).to.have.length(120);
    expect(Object.keys(before.bodies ?? {}), 'bodies are stored apart from their articles').to.have.length(120);
    const out = sink();
    const name = await runSnapshotCommand(s.config, out.stream);
    expect(out.text().trimEnd().split('\n').at(-1)).to.equal(name);
    const content = (await listSnapshots(s.opensearch, s.config.opensearch.snapshotRepository, s.prefix)).find(
      (snap) => snap.snapshot === name,
    );
    expect(content?.indices, 'the content snapshot holds the bodies').to.include(
      partitionIndex(s.names.bodies, monthOf(new Date()), 1),
    );

    await s.opensearch.indices.delete({ index: `${s.prefix}-*` });
    expect((await s.opensearch.indices.existsAlias({ name: s.names.articles })).body).to.equal(false);
    const generation = await readGeneration(s.redis, s.prefix);

    await runRestoreCommand(s.config, name, sink().stream, { accounts: true });
    for (const kind of INDEX_KINDS) {
      const res = await s.opensearch.indices.getAlias({ name: s.names[kind] });
      // Account data is restored beside the live set, as the next version, then swapped in.
      const version = (SNAPSHOT_SETS.accounts as readonly string[]).includes(kind) ? 2 : 1;
      const month = isPartitioned(kind) ? `${monthOf(new Date())}-` : '';
      expect(Object.keys(res.body), kind).to.deep.equal([`${s.names[kind]}-${month}v${version}`]);
    }
    expect(await dumpAll(s)).to.deep.equal(before);
    expect(await readGeneration(s.redis, s.prefix)).to.not.equal(generation);
  });

  it('replaces documents written after the snapshot when restoring over live indices', async () => {
    const repo = s.config.opensearch.snapshotRepository;
    const taken = await takeSnapshot(s.opensearch, s.names, repo, { prefix: s.prefix, now: new Date() });
    const before = await dumpAll(s);
    await seed(s, { articles: [buildArticle()] });
    await runRestoreCommand(s.config, taken.snapshot, sink().stream);
    expect(await dumpAll(s)).to.deep.equal(before);
  });

  it('refuses an unknown snapshot name and names the latest one', async () => {
    const out = sink();
    const name = await runSnapshotCommand(s.config, out.stream);
    let message = '';
    await runRestoreCommand(s.config, `${s.prefix}-20000101t000000000z`, sink().stream).catch((err: Error) => {
      message = err.message;
    });
    expect(message).to.contain(`latest: ${name}`);
  });

  it('keeps only the newest snapshots when pruning', async () => {
    const repo = s.config.opensearch.snapshotRepository;
    const taken: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t = new Date(Date.UTC(2026, 10, 23, 10, i));
      taken.push((await takeSnapshot(s.opensearch, s.names, repo, { prefix: s.prefix, now: t })).snapshot);
    }
    expect(await pruneSnapshots(s.opensearch, repo, s.prefix, 2)).to.deep.equal([taken[0]]);
    expect((await listSnapshots(s.opensearch, repo, s.prefix)).map((x) => x.snapshot)).to.deep.equal(taken.slice(1));
  });

  it('runs as the scheduled snapshot job on a pipeline worker, with retention', async () => {
    const config = pipelineTestConfig(s, [], {
      OPENSEARCH_SNAPSHOT_REPOSITORY: `${s.prefix}-repo`,
      PIPELINE_SNAPSHOT_KEEP: '1',
    });
    const runtime = createPipelineRuntime(config, silentLogger);
    const queues = createQueues(runtime.deps.redis, s.prefix, 2);
    const workers = startWorkers(runtime.deps, queues, runtime.deps.redis, { stages: ['snapshot'] });
    const events = new QueueEvents('snapshot', { connection: runtime.deps.redis.duplicate(), prefix: s.prefix });
    try {
      await events.waitUntilReady();
      for (const id of ['snap-1', 'snap-2']) {
        const job = await queues.snapshot.add('snapshot', {}, { jobId: id });
        await job.waitUntilFinished(events, 120_000);
      }
      const left = await listSnapshots(s.opensearch, config.opensearch.snapshotRepository, s.prefix);
      expect(left).to.have.length(1);
      expect(left[0]?.state).to.equal('SUCCESS');
      expect(left[0]?.indices).to.include(partitionIndex(s.names.articles, monthOf(new Date()), 1));
      const accounts = await listSnapshots(s.opensearch, config.opensearch.snapshotRepository, `${s.prefix}-accounts`);
      expect(accounts.map((a) => a.indices)).to.deep.equal([[`${s.names.accounts}-v1`, `${s.names.api_keys}-v1`]]);
    } finally {
      await events.close();
      await workers.close();
      await closeQueues(queues);
      await runtime.close();
    }
  });
});
