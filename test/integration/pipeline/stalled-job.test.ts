import { expect } from 'chai';
import { Queue, Worker, type Job } from 'bullmq';
import { createRedis, type Redis } from '@trendscope/core';
import { oneRunPerJob } from '@trendscope/pipeline/workers/one-run-per-job';
import { lockOptions, stageLockMs } from '@trendscope/pipeline/workers/start-workers';
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

  /** A job that holds the event loop for `blockMs` (as detection's clustering does), on a worker with `lockMs`. */
  async function blockingJob(id: string, lockMs: number, blockMs: number): Promise<{ runs: number; job: Job }> {
    let runs = 0;
    const body = (): Promise<string> => {
      runs += 1;
      const end = Date.now() + blockMs;
      while (Date.now() < end); // synchronous: no lock renewal can run meanwhile
      return Promise.resolve(`run ${runs}`);
    };
    // A queue and a worker of its own: no other worker may take the job.
    const own = new Queue(`block-${id}`, { connection, prefix: s.prefix });
    const blocking = new Worker(`block-${id}`, oneRunPerJob(body), {
      connection: connection.duplicate(),
      prefix: s.prefix,
      concurrency: 1,
      ...lockOptions(lockMs),
    });
    blocking.on('error', () => undefined);
    try {
      await own.add('j', {}, { jobId: id, attempts: 1 });
      await until(`${id} to settle`, async () => {
        const state = await (await own.getJob(id))?.getState();
        return state === 'completed' || state === 'failed';
      });
      return { runs, job: (await own.getJob(id))! };
    } finally {
      await blocking.close(true);
      await own.close();
    }
  }

  it("keeps a long job's lock past a blocked event loop at the long stages' lock, and loses it at a 1 s lock", async () => {
    // The test's lock stands for the stage lock (30 s) and the block for a large clustering run.
    const long = await blockingJob('long', stageLockMs('detect', 1000), 2500);
    expect(await long.job.getState(), long.job.failedReason).to.equal('completed');
    expect(long.runs).to.equal(1);
    expect(long.job.stalledCounter).to.equal(0);
    expect(stageLockMs('process', 1000)).to.equal(1000);
    // At the short lock the finished run cannot complete (its lock expired) and is run again.
    const short = await blockingJob('short', 1000, 2500);
    expect(short.runs).to.be.greaterThan(1);
  });
});
