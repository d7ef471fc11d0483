import type { Job, Queue } from 'bullmq';
import { expect } from 'chai';
import { startFeedServer, type FeedServer } from '@trendscope/pipeline/feed-server/feed-server';
import { createPipelineRuntime, type PipelineRuntime } from '@trendscope/pipeline/pipeline-deps';
import { closeQueues, createQueues, type StageQueues } from '@trendscope/pipeline/queues/create-queues';
import { JobEnqueuer } from '@trendscope/pipeline/queues/job-enqueuer';
import { createProcessor, type StageRouting } from '@trendscope/pipeline/workers/job-adapter';
import { STAGE_RUNNERS } from '@trendscope/pipeline/workers/start-workers';
import { corpusDir } from '@trendscope/pipeline/lab/corpus/corpus-path';
import { pipelineTestConfig } from '../../support/pipeline-harness';
import { openTestServices, silentLogger, type TestServices } from '../../support/services';

function discoverJob(feedUrl: string): Job {
  return { data: { source_id: 's0', feed_url: feedUrl }, attemptsMade: 0, opts: { attempts: 3 } } as unknown as Job;
}

/** The real stage functions, with jobs added to `queues`. */
function routingOver(queues: StageQueues): StageRouting {
  return { runners: STAGE_RUNNERS, enqueuer: new JobEnqueuer(queues) };
}

describe('discover when the worker dies before its entries are enqueued', function () {
  this.timeout(60_000);
  let s: TestServices;
  let server: FeedServer;
  let runtime: PipelineRuntime;
  let queues: StageQueues;

  before(async () => {
    s = await openTestServices();
    server = await startFeedServer({ corpusDir: corpusDir('giveme5w1h-news-cluster'), limit: 20 });
    runtime = createPipelineRuntime(pipelineTestConfig(s, [server.hostPort]), silentLogger);
    queues = createQueues(runtime.deps.redis, s.prefix, 3);
  });
  after(async () => {
    await closeQueues(queues);
    await runtime.close();
    await server.close();
    await s.cleanup();
  });

  it('re-reads the feed on retry instead of taking a 304 and losing the entries', async () => {
    const feedUrl = server.feedUrls[0] ?? '';
    // The process dies while adding the entries: addBulk of the real fetch queue never completes.
    const dying = Object.create(queues.fetch) as Queue;
    dying.addBulk = () => Promise.reject(new Error('process killed'));
    const broken: StageQueues = { ...queues, fetch: dying };
    const crashing = createProcessor('discover', runtime.deps, routingOver(broken));
    let crashed = false;
    try {
      await crashing(discoverJob(feedUrl), undefined);
    } catch {
      crashed = true;
    }
    expect(crashed, 'the first attempt failed while enqueuing').to.be.true;

    const retry = createProcessor('discover', runtime.deps, routingOver(queues));
    const result = (await retry(discoverJob(feedUrl), undefined)) as { next: number };
    expect(result.next).to.be.greaterThan(0);
    expect(await queues.fetch.count()).to.equal(result.next);

    // Once enqueued, the validators are remembered: the next poll is a 304 and adds nothing.
    const again = (await retry(discoverJob(feedUrl), undefined)) as { next: number };
    expect(again.next).to.equal(0);
  });
});
