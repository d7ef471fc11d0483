import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { createRedis } from '@trendscope/core';
import { waitForDrain } from '@trendscope/pipeline/cli/wait-for-drain';
import { startFeedServer, type FeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { closeQueues, createQueues } from '@trendscope/pipeline/queues/create-queues';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import { freePort } from '../../support/free-port';
import {
  completedBy,
  corpusArticleIds,
  discoverFeeds,
  failedJobs,
  migrateTestIndices,
  readArticles,
  spawnPipelineWorker,
  waitForWorkers,
} from '../../support/pipeline-harness';
import { openTestServices, type TestServices } from '../../support/services';

const LIMIT = 200;

describe('two worker processes over one Redis', function () {
  this.timeout(300_000);
  let s: TestServices;
  let server: FeedServer;
  const children: ChildProcess[] = [];

  before(async () => {
    s = await openTestServices();
    await migrateTestIndices(s);
    server = await startFeedServer({ corpusDir: corpusDir('giveme5w1h-news-cluster'), limit: LIMIT });
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await server.close();
    await s.cleanup();
  });

  it('share the fetch and process queues: every article fetched, processed and indexed exactly once', async () => {
    const redis = createRedis(s.config.redis, { forQueues: true });
    const queues = createQueues(redis, s.prefix, 4);
    try {
      const ports = [await freePort(), await freePort()];
      // Low per-process concurrency, so one process cannot take every job before the other starts.
      for (const port of ports) {
        const child = spawnPipelineWorker(s, server.hostPort, {
          PIPELINE_METRICS_PORT: String(port),
          PIPELINE_FETCH_CONCURRENCY: '2',
          PIPELINE_PROCESS_CONCURRENCY: '1',
        });
        children.push(child);
      }
      await waitForWorkers(queues, 'fetch', 2);
      const jobs = await discoverFeeds(queues, server.feedUrls);
      await waitForDrain(queues, jobs, () => undefined, { timeoutMs: 240_000, writer: 'process' });

      const expected = await corpusArticleIds('giveme5w1h-news-cluster', LIMIT);
      const articles = await readArticles(s);
      expect(articles, 'one document per URL').to.have.length(expected.size);
      expect(new Set(articles.map((a) => a.id))).to.deep.equal(expected);
      expect(new Set(articles.map((a) => a.doc.url)).size).to.equal(expected.size);

      expect(await failedJobs(queues, ['discover', 'fetch', 'process']), 'no job failed').to.deep.equal([]);
      const counts = {
        fetch: (await queues.fetch.getJobCounts('completed')).completed ?? 0,
        process: (await queues.process.getJobCounts('completed')).completed ?? 0,
      };
      expect(counts.process, 'one process job per article').to.equal(expected.size);
      expect(counts.fetch, 'one fetch job per article').to.equal(expected.size);
      // Each job completed in exactly one of the two processes, and both took a share of the work.
      for (const stage of ['fetch', 'process'] as const) {
        const perWorker = await Promise.all(ports.map((p) => completedBy(p, stage)));
        expect(perWorker[0]! + perWorker[1]!, `${stage} completions across both processes`).to.equal(counts[stage]);
        for (const n of perWorker) expect(n, `${stage} jobs completed by each process`).to.be.greaterThan(0);
      }
      for (const c of children) c.kill('SIGTERM');
      const exits = await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
      expect(exits).to.deep.equal([0, 0]);
    } finally {
      await closeQueues(queues);
      redis.disconnect();
    }
  });
});
