import { expect } from 'chai';
import type { Queue } from 'bullmq';
import type { StageQueues } from '@trendscope/pipeline/queues/create-queues';
import { JobEnqueuer } from '@trendscope/pipeline/queues/job-enqueuer';

/** A queue that records each addBulk and settles it when told. */
function recordingQueue() {
  const calls: { ids: string[]; settle: (err?: Error) => void }[] = [];
  const queue = {
    addBulk(jobs: { opts: { jobId: string } }[]) {
      return new Promise<void>((resolve, reject) => {
        calls.push({ ids: jobs.map((j) => j.opts.jobId), settle: (err) => (err ? reject(err) : resolve()) });
      });
    },
  };
  return { calls, queues: { process: queue } as unknown as StageQueues, queue: queue as unknown as Queue };
}

const job = (id: string) => ({ id, data: { id } });
const tick = () => new Promise((r) => setImmediate(r));

describe('job enqueuer', () => {
  it('adds the jobs of concurrent callers in one addBulk and resolves each only once it is written', async () => {
    const { calls, queues } = recordingQueue();
    const enqueuer = new JobEnqueuer(queues);
    let settled = 0;
    const adds = ['a', 'b', 'c'].map((id) => enqueuer.add('process', [job(id)]).then(() => settled++));
    await tick();
    expect(calls.map((c) => c.ids)).to.deep.equal([['a', 'b', 'c']]);
    expect(settled).to.equal(0);
    calls[0]!.settle();
    await Promise.all(adds);
    expect(settled).to.equal(3);
  });

  it('gathers what arrives while a request is in flight into the next one', async () => {
    const { calls, queues } = recordingQueue();
    const enqueuer = new JobEnqueuer(queues);
    const first = enqueuer.add('process', [job('a')]);
    await tick();
    const later = [enqueuer.add('process', [job('b')]), enqueuer.add('process', [job('c'), job('d')])];
    await tick();
    expect(calls).to.have.length(1);
    calls[0]!.settle();
    await first;
    await tick();
    expect(calls.map((c) => c.ids)).to.deep.equal([['a'], ['b', 'c', 'd']]);
    calls[1]!.settle();
    await Promise.all(later);
  });

  it('rejects every caller of a failed request, and the next request still goes', async () => {
    const { calls, queues } = recordingQueue();
    const enqueuer = new JobEnqueuer(queues);
    const failed = [enqueuer.add('process', [job('a')]), enqueuer.add('process', [job('b')])];
    await tick();
    calls[0]!.settle(new Error('redis down'));
    const results = await Promise.allSettled(failed);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
    const retry = enqueuer.add('process', [job('a')]);
    await tick();
    calls[1]!.settle();
    await retry;
    expect(calls[1]!.ids).to.deep.equal(['a']);
  });

  it('keeps each addBulk to at most 500 jobs', async () => {
    const { calls, queues } = recordingQueue();
    const enqueuer = new JobEnqueuer(queues);
    const many = Array.from({ length: 3 }, (_, k) =>
      enqueuer.add(
        'process',
        Array.from({ length: 300 }, (_, i) => job(`${k}-${i}`)),
      ),
    );
    for (let i = 0; i < 3; i++) {
      await tick();
      for (const c of calls) c.settle();
    }
    await Promise.all(many);
    expect(calls.map((c) => c.ids.length)).to.deep.equal([300, 300, 300]);
  });
});
