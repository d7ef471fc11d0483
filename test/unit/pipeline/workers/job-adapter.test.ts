import { expect } from 'chai';
import type { Job } from 'bullmq';
import { JobEnqueuer } from '@trendscope/pipeline/queues/job-enqueuer';
import { STAGE_RUNNERS } from '@trendscope/pipeline/workers/start-workers';
import { createProcessor, type StageRunner } from '@trendscope/pipeline/workers/job-adapter';
import { FetchError } from '@trendscope/pipeline/fetch/fetch-error';
import { pickCanonical } from '@trendscope/pipeline/stages/process.stage';
import type { StageQueues } from '@trendscope/pipeline/queues/create-queues';
import type { StageDeps } from '@trendscope/pipeline/pipeline-deps';

const job = (data: unknown) => ({ data, attemptsMade: 0, opts: { attempts: 3 } }) as unknown as Job;
const deps = {} as StageDeps;
const queues = {} as StageQueues;
/** A processor for `discover` whose stage function is `run`. */
const discoverWith = (run: StageRunner) =>
  createProcessor('discover', deps, {
    runners: { ...STAGE_RUNNERS, discover: run },
    enqueuer: new JobEnqueuer(queues),
  });

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
    const processor = discoverWith(() => ((ran = true), Promise.resolve([])));
    const err = await rejection(processor(job({ feed_url: 'file:///etc/passwd', source_id: 'x' })) as Promise<unknown>);
    expect(err.name).to.equal('UnrecoverableError');
    expect(err.message).to.match(/invalid discover job data/);
    expect(ran).to.be.false;
  });

  it('turns a permanent fetch failure into UnrecoverableError and keeps transient ones retryable', async () => {
    const data = { source_id: 'x', feed_url: 'https://example.org/feed' };
    const permanent = discoverWith(() => Promise.reject(new FetchError('blocked_address', 'refused', true)));
    expect((await rejection(permanent(job(data)) as Promise<unknown>)).name).to.equal('UnrecoverableError');
    const transient = discoverWith(() => Promise.reject(new FetchError('timeout', 'slow', false)));
    expect((await rejection(transient(job(data)) as Promise<unknown>)).name).to.equal('FetchError');
  });
});

describe('job adapter routing of the index stage', () => {
  const processJob = job({
    source_id: 's',
    feed_url: 'https://example.org/feed',
    fetch_method: 'feed',
    page: null,
    entry: {
      id: null,
      url: 'https://example.org/a',
      title: 't',
      summary_html: null,
      content_html: null,
      author: null,
      published: null,
      categories: [],
    },
  });

  for (const indexInline of [true, false]) {
    it(`${indexInline ? 'runs index in the process job' : 'queues an index job'} with PIPELINE_INDEX_INLINE=${indexInline}`, async () => {
      const written: unknown[] = [];
      const queued: unknown[] = [];
      const enqueuer = { add: (stage: string, jobs: unknown[]) => (queued.push(stage, ...jobs), Promise.resolve()) };
      const processor = createProcessor('process', { pipeline: { indexInline } } as unknown as StageDeps, {
        runners: {
          ...STAGE_RUNNERS,
          process: () => Promise.resolve([{ id: 'index-x', data: { id: 'x' } }]),
          index: (input: never) => (written.push(input), Promise.resolve([])),
        },
        enqueuer: enqueuer as unknown as JobEnqueuer,
      });
      expect(await processor(processJob)).to.deep.equal({ next: 1 });
      if (indexInline) {
        expect(written).to.deep.equal([{ id: 'x' }]);
        expect(queued).to.deep.equal([]);
      } else {
        expect(written).to.deep.equal([]);
        expect(queued).to.deep.equal(['index', { id: 'index-x', data: { id: 'x' } }]);
      }
    });
  }
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
