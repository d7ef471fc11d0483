import { expect } from 'chai';
import { Queue, Worker, type Job } from 'bullmq';
import { createRedis, type Redis } from '@trendscope/core';
import { oneRunPerJob } from '@trendscope/pipeline/workers/one-run-per-job';
import { lockOptions } from '@trendscope/pipeline/workers/start-workers';
import { openTestServices, type TestServices } from '../../support/services';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * A job whose lock lapses while it waits or runs (on a loaded machine a busy event loop misses the
 * renewal) is moved back to wait by the stalled check and taken again by the same worker while its
 * first run goes on. A real `make demo` at load 13-26 lost 459 of 12,000 items that way: the first
 * run's end stopped the renewal of the second copy's lock, which stalled in its turn, until the job
 * was failed for good as stalled more than allowed.
 */
describe('a job whose lock lapsed while it ran (stalled, taken again by the same worker)', function () {
  this.timeout(60_000);
  let s: TestServices;
  let connection: Redis;
  let queue: Queue;
  let worker: Worker | undefined;

  before(async () => {
    s = await openTestServices();
    connection = createRedis(s.config.redis, { forQueues: true });
    queue = new Queue('stall', { connection, prefix: s.prefix });
  });
  after(async () => {
    await worker?.close(true);
    await queue.close();
    connection.disconnect();
    await s.cleanup();
  });

  it('completes once, with its first run, instead of stalling again until it is failed', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const body = async (job: Job<{ n: number }, string>): Promise<string> => {
      runs += 1;
      const run = runs;
      // The first run waits for the test; a second one (a stalled copy run again) takes longer than a lock.
      if (run === 1) await gate;
      else await sleep(2500);
      return `run ${run} of ${job.id}`;
    };
    // The stage workers' lock settings, with a lock of 1 s so that the test is short.
    worker = new Worker('stall', oneRunPerJob(body), {
      connection: connection.duplicate(),
      prefix: s.prefix,
      concurrency: 8,
      ...lockOptions(1000),
    });
    worker.on('error', () => undefined); // the lapsed lock's renewal fails, as it does on a loaded machine
    await queue.add('j', { n: 1 }, { jobId: 'j1', attempts: 1 });
    await until('the first run', () => runs === 1);

    // The lock lapses (as when the event loop missed its renewal): the stalled check moves the job
    // back to wait and this worker takes it again while the first run still goes on.
    await s.redis.del(`${s.prefix}:stall:j1:lock`);
    await until('the job taken again after a stall', async () => {
      const job = await queue.getJob('j1');
      return (job?.stalledCounter ?? 0) >= 1 && (await job?.getState()) === 'active';
    });
    release();
    await until('the job to finish', async () => {
      const state = await (await queue.getJob('j1'))?.getState();
      return state === 'completed' || state === 'failed';
    });
    const job = (await queue.getJob('j1'))!;
    expect(await job.getState(), job.failedReason).to.equal('completed');
    expect(job.returnvalue).to.equal('run 1 of j1');
    expect(runs).to.equal(1);
  });
});
