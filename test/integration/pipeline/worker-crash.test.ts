import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { createRedis } from '@trendscope/core';
import { waitForDrain } from '@trendscope/pipeline/cli/wait-for-drain';
import { startFeedServer, type FeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { closeQueues, createQueues } from '@trendscope/pipeline/queues/create-queues';
import { lastArticleQueue } from '@trendscope/pipeline/queues/routing-table';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import {
  completedJobs,
  corpusArticleIds,
  discoverFeeds,
  failedJobs,
  migrateTestIndices,
  readArticles,
  spawnPipelineWorker,
  workerMetrics,
} from '../../support/pipeline-harness';
import { openTestServices, type TestServices } from '../../support/services';
import { freePort } from '../../support/free-port';

function startWorker(s: TestServices, server: FeedServer, indexInline: boolean, metricsPort = 0): ChildProcess {
  return spawnPipelineWorker(s, server.hostPort, {
    PIPELINE_INDEX_INLINE: String(indexInline),
    PIPELINE_METRICS_PORT: String(metricsPort),
  });
}

describe('a worker killed in the middle of a run', function () {
  this.timeout(240_000);
  let s: TestServices;
  let server: FeedServer;
  const children: ChildProcess[] = [];

  before(async () => {
    s = await openTestServices();
    await migrateTestIndices(s);
    server = await startFeedServer({ corpusDir: corpusDir('giveme5w1h-news-cluster'), limit: 200 });
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await server.close();
    await s.cleanup();
  });

  // Both ways an article reaches the index: written by its process job, or by a queued index job.
  for (const indexInline of [true, false]) {
    it(`leaves every article indexed exactly once after SIGKILL and a restart (index ${indexInline ? 'inline' : 'queued'})`, async () => {
      await s.cleanup();
      s = await openTestServices();
      await migrateTestIndices(s);
      const redis = createRedis(s.config.redis, { forQueues: true });
      const queues = createQueues(redis, s.prefix, 4);
      const writerStage = lastArticleQueue({ indexInline });
      const writer = queues[writerStage];
      try {
        const first = startWorker(s, server, indexInline);
        children.push(first);
        const jobs = await discoverFeeds(queues, server.feedUrls);
        // Kill it once it is in the middle: some articles indexed, many still in flight.
        const deadline = Date.now() + 120_000;
        for (;;) {
          const c = await writer.getJobCounts('completed');
          if ((c.completed ?? 0) >= 20) break;
          if (Date.now() > deadline) throw new Error('the worker indexed nothing');
          await new Promise((r) => setTimeout(r, 100));
        }
        first.kill('SIGKILL');
        await new Promise((r) => first.once('exit', r));
        const midway = (await readArticles(s)).length;

        const metricsPort = await freePort();
        const second = startWorker(s, server, indexInline, metricsPort);
        children.push(second);
        await waitForDrain(queues, jobs, () => undefined, { timeoutMs: 180_000, writer: writerStage });
        // The restarted worker's metrics show the jobs it finished and the queues' state.
        const metrics = await workerMetrics(metricsPort);
        expect(completedJobs(metrics, writer.name), 'articles written by the second worker').to.be.greaterThan(0);
        expect(metrics).to.match(/^trendscope_pipeline_queue_jobs\{stage="fetch",state="completed"[^}]*\} [1-9]\d*$/m);
        expect(metrics).to.match(/^trendscope_pipeline_dead_letters\{[^}]*\} 0$/m);
        second.kill('SIGTERM');
        await new Promise((r) => second.once('exit', r));

        const expected = await corpusArticleIds('giveme5w1h-news-cluster', 200);
        const articles = await readArticles(s);
        expect(midway).to.be.lessThan(expected.size);
        expect(await failedJobs(queues, ['discover', 'fetch', 'process', 'index']), 'no job failed').to.deep.equal([]);
        expect(articles).to.have.length(expected.size);
        expect(new Set(articles.map((a) => a.id))).to.deep.equal(expected);
        expect(second.exitCode).to.equal(0);
      } finally {
        await closeQueues(queues);
        redis.disconnect();
      }
    });
  }
});
