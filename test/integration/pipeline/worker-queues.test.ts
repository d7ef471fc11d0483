import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { createRedis } from '@trendscope/core';
import { closeQueues, createQueues, type StageQueues } from '@trendscope/pipeline/queues/create-queues';
import { freePort } from '../../support/free-port';
import { completedBy, migrateTestIndices, spawnPipelineWorker, waitForWorkers } from '../../support/pipeline-harness';
import { openTestServices, type TestServices } from '../../support/services';

/** Every stage but detect: the queues of an ingest process when detection runs in its own. */
const INGEST_QUEUES = 'discover,fetch,process,index,snapshot,retention';

/** Detection run documents written so far. */
async function detectRuns(s: TestServices): Promise<number> {
  await s.opensearch.indices.refresh({ index: s.names.runs });
  return ((await s.opensearch.count({ index: s.names.runs })).body as { count: number }).count;
}

describe('worker processes by queue (PIPELINE_WORKER_QUEUES, real Redis and OpenSearch)', function () {
  this.timeout(300_000);
  let s: TestServices;
  let redis: ReturnType<typeof createRedis>;
  let queues: StageQueues;
  const children: ChildProcess[] = [];

  before(async () => {
    s = await openTestServices();
    await migrateTestIndices(s);
    redis = createRedis(s.config.redis, { forQueues: true });
    queues = createQueues(redis, s.prefix, 2);
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await closeQueues(queues);
    redis.disconnect();
    await s.cleanup();
  });

  it('a worker without the detect queue never runs detection; one with only it does, and nothing else', async () => {
    const [ingestPort, detectPort] = [await freePort(), await freePort()];
    const ingest = spawnPipelineWorker(s, '127.0.0.1:1', {
      PIPELINE_WORKER_QUEUES: INGEST_QUEUES,
      PIPELINE_METRICS_PORT: String(ingestPort),
    });
    children.push(ingest);
    await waitForWorkers(queues, 'retention', 1);
    const job = await queues.detect.add('detect', { now: '2026-11-21T12:00:00.000Z' });
    // The ingest process is up with every other stage's worker, yet no worker takes the detect job.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await queues.detect.getWorkers(), 'workers on the detect queue').to.have.length(0);
    expect(await job.getState()).to.equal('waiting');
    expect(await detectRuns(s), 'detection runs').to.equal(0);
    expect(await completedBy(ingestPort, 'detect')).to.equal(0);

    const detect = spawnPipelineWorker(s, '127.0.0.1:1', {
      PIPELINE_WORKER_QUEUES: 'detect',
      PIPELINE_METRICS_PORT: String(detectPort),
    });
    children.push(detect);
    const deadline = Date.now() + 120_000;
    while ((await job.getState()) !== 'completed') {
      if (Date.now() > deadline) throw new Error(`the detect job is ${await job.getState()}, not completed`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await detectRuns(s), 'detection runs').to.equal(1);
    expect(await completedBy(detectPort, 'detect')).to.equal(1);
    expect(await completedBy(ingestPort, 'detect')).to.equal(0);
    // The detection process listens on no other queue.
    for (const stage of ['discover', 'fetch', 'process', 'index', 'snapshot', 'retention'] as const)
      expect(await queues[stage].getWorkers(), `workers on the ${stage} queue`).to.have.length(1);
    expect(await queues.detect.getWorkers()).to.have.length(1);

    for (const c of children) c.kill('SIGTERM');
    const exits = await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
    expect(exits).to.deep.equal([0, 0]);
  });
});
