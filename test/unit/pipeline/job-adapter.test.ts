import { expect } from 'chai';
import type { Job } from 'bullmq';
import { createProcessor } from '../../../services/pipeline/src/workers/job-adapter';
import { FetchError } from '../../../services/pipeline/src/fetch/fetch-error';
import { pickCanonical } from '../../../services/pipeline/src/stages/process.stage';
import type { StageQueues } from '../../../services/pipeline/src/queues/create-queues';
import type { StageDeps } from '../../../services/pipeline/src/stages/stage-deps';

const job = (data: unknown) => ({ data, attemptsMade: 0, opts: { attempts: 3 } }) as unknown as Job;
const deps = {} as StageDeps;
const queues = {} as StageQueues;

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  return expect.fail('resolved');
}

describe('job adapter', () => {
  it('drops invalid job data as unrecoverable without running the stage', async () => {
    let ran = false;
    const processor = createProcessor('discover', () => ((ran = true), Promise.resolve([])), deps, queues);
    const err = await rejection(processor(job({ feed_url: 'file:///etc/passwd', source_id: 'x' })) as Promise<unknown>);
    expect(err.name).to.equal('UnrecoverableError');
    expect(err.message).to.match(/invalid discover job data/);
    expect(ran).to.be.false;
  });

  it('turns a permanent fetch failure into UnrecoverableError and keeps transient ones retryable', async () => {
    const data = { source_id: 'x', feed_url: 'https://example.org/feed' };
    const permanent = createProcessor(
      'discover',
      () => Promise.reject(new FetchError('blocked_address', 'refused', true)),
      deps,
      queues,
    );
    expect((await rejection(permanent(job(data)) as Promise<unknown>)).name).to.equal('UnrecoverableError');
    const transient = createProcessor(
      'discover',
      () => Promise.reject(new FetchError('timeout', 'slow', false)),
      deps,
      queues,
    );
    expect((await rejection(transient(job(data)) as Promise<unknown>)).name).to.equal('FetchError');
  });
});

describe('pickCanonical', () => {
  it('prefers the page canonical, then an http(s) permalink id, then the entry link', () => {
    expect(pickCanonical('https://pub.example/a', 'https://pub.example/b', 'http://127.0.0.1:1/c')).to.equal(
      'https://pub.example/a',
    );
    expect(pickCanonical(null, 'https://pub.example/b', 'http://127.0.0.1:1/c')).to.equal('https://pub.example/b');
    expect(pickCanonical(null, 'tag:pub.example,2026:1', 'http://127.0.0.1:1/c')).to.equal('http://127.0.0.1:1/c');
    expect(pickCanonical(null, null, 'https://pub.example/c d')).to.equal('https://pub.example/c%20d');
  });
});
