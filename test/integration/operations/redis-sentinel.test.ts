import type { ChildProcess } from 'node:child_process';
import type { Job } from 'bullmq';
import { expect } from 'chai';
import { createRedis, loadConfig, type Config, type Redis } from '@trendscope/core';
import { waitForDrain } from '@trendscope/pipeline/cli/wait-for-drain';
import { startFeedServer, type FeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { closeQueues, createQueues, type StageQueues } from '@trendscope/pipeline/queues/create-queues';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import {
  corpusArticleIds,
  discoverFeeds,
  migrateTestIndices,
  readArticles,
  spawnPipelineWorker,
} from '../../support/pipeline-harness';
import { startSentinelGroup, type SentinelGroup } from '../../support/redis-sentinel';
import { openTestServices, type TestServices } from '../../support/services';

const ARTICLES = 150;

describe('Redis Sentinel: the primary killed during an ingest', function () {
  this.timeout(480_000);
  let s: TestServices;
  let group: SentinelGroup;
  let server: FeedServer;
  let worker: ChildProcess | undefined;
  let redis: Redis | undefined;
  let queues: StageQueues | undefined;

  before(async () => {
    s = await openTestServices();
    await migrateTestIndices(s);
    group = await startSentinelGroup(`ts-${s.prefix}`);
    server = await startFeedServer({ corpusDir: corpusDir('giveme5w1h-news-cluster'), limit: ARTICLES });
  });
  after(async () => {
    if (worker && worker.exitCode === null) worker.kill('SIGKILL');
    if (queues) await closeQueues(queues);
    redis?.disconnect();
    await server.close();
    await group.stop();
    await s.cleanup();
  });

  it('resumes on the promoted replica and leaves every article indexed exactly once', async () => {
    const sentinelEnv = {
      REDIS_URL: `redis://127.0.0.1:${group.primaryPort}`,
      REDIS_SENTINELS: group.sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
      REDIS_SENTINEL_NAME: group.name,
    };
    const config: Config = loadConfig({ ...process.env, ...sentinelEnv, REDIS_KEY_PREFIX: s.prefix });
    expect(config.redis.sentinels).to.have.length(3);
    redis = createRedis(config.redis, { forQueues: true });
    // Refused connections to the killed primary are expected until the Sentinels name the new one.
    redis.on('error', () => undefined);
    queues = createQueues(redis, s.prefix, 6);
    for (const queue of Object.values(queues)) queue.on('error', () => undefined);
    worker = spawnPipelineWorker(s, server.hostPort, {
      ...sentinelEnv,
      PIPELINE_INDEX_BATCH_SIZE: '10',
      PIPELINE_JOB_ATTEMPTS: '6',
    });
    const discover = (round: string): Promise<Job[]> =>
      discoverFeeds(queues as StageQueues, server.feedUrls, { round });
    const jobs = await discover('r1');
    const writer = queues.process;
    // A worker process starts slowly on a loaded machine (tsx compiles the pipeline first).
    const deadline = Date.now() + 240_000;
    while (((await writer.getJobCounts('completed')).completed ?? 0) < 20) {
      if (Date.now() > deadline) throw new Error('the worker indexed nothing');
      await new Promise((r) => setTimeout(r, 100));
    }
    group.killPrimary();
    const failoverDeadline = Date.now() + 60_000;
    while ((await group.currentPrimary()) !== group.replicaPort) {
      if (Date.now() > failoverDeadline) throw new Error('the Sentinels promoted no replica');
      await new Promise((r) => setTimeout(r, 250));
    }
    await waitForDrain(queues, jobs, () => undefined, { writer: 'process', timeoutMs: 180_000 });

    const expected = await corpusArticleIds('giveme5w1h-news-cluster', ARTICLES);
    // What asynchronous replication lost (jobs the primary had not yet sent to the replica) comes
    // back with the next discovery run: the feed's ETag was lost with them, so it is read again.
    const afterFailover = new Set((await readArticles(s)).map((a) => a.id));
    if (afterFailover.size < expected.size) {
      await waitForDrain(queues, await discover('r2'), () => undefined, { writer: 'process', timeoutMs: 180_000 });
    }
    const articles = await readArticles(s);
    expect(articles).to.have.length(expected.size);
    expect(new Set(articles.map((a) => a.id))).to.deep.equal(expected);
    worker.kill('SIGTERM');
    await new Promise((r) => (worker as ChildProcess).once('exit', r));
    expect(worker.exitCode).to.equal(0);
  });
});
