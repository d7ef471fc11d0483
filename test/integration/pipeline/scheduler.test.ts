import { expect } from 'chai';
import { closeQueues, createQueues, type StageQueues } from '@trendscope/pipeline/queues/create-queues';
import { scheduleJobs } from '@trendscope/pipeline/scheduler/schedule-jobs';
import { loadSourceList } from '@trendscope/pipeline/scheduler/source-list';
import { REPO_ROOT } from '@trendscope/pipeline/repo-root';
import { openTestServices, type TestServices } from '../../support/services';

describe('scheduler job schedulers (real Redis)', () => {
  let s: TestServices;
  let queues: StageQueues;
  before(async () => {
    s = await openTestServices();
    queues = createQueues(s.redis, s.prefix, 3);
  });
  after(async () => {
    await closeQueues(queues);
    await s.cleanup();
  });

  it('reads the default source list of real publishers', () => {
    const sources = loadSourceList(`${REPO_ROOT}/infra/sources/sources.json`);
    expect(sources.length).to.be.at.least(12);
    for (const src of sources) expect(src.feed_url).to.match(/^https:\/\//);
  });

  it('upserts one discover scheduler per source and one for detect, idempotently, and drops removed sources', async () => {
    const sources = [
      { id: 'a', name: 'A', feed_url: 'https://a.example/feed' },
      { id: 'b', name: 'B', feed_url: 'https://b.example/feed' },
    ];
    const intervals = { discoverSeconds: 900, detectSeconds: 600, snapshotSeconds: 86400 };
    await scheduleJobs(queues, sources, intervals);
    await scheduleJobs(queues, sources, intervals);
    const keys = (await queues.discover.getJobSchedulers(0, -1)).map((j) => j.key).sort();
    expect(keys).to.deep.equal(['discover-a', 'discover-b']);
    expect((await queues.detect.getJobSchedulers(0, -1)).map((j) => j.key)).to.deep.equal(['detect']);
    const result = await scheduleJobs(queues, [sources[0]!], intervals);
    expect(result.removed).to.equal(1);
    expect((await queues.discover.getJobSchedulers(0, -1)).map((j) => j.key)).to.deep.equal(['discover-a']);
  });

  it('schedules the snapshot job at its interval and removes it when the interval is 0', async () => {
    await scheduleJobs(queues, [], { discoverSeconds: 900, detectSeconds: 600, snapshotSeconds: 3600 });
    const [scheduler] = await queues.snapshot.getJobSchedulers(0, -1);
    expect(scheduler?.key).to.equal('snapshot');
    expect(Number(scheduler?.every)).to.equal(3_600_000);
    await scheduleJobs(queues, [], { discoverSeconds: 900, detectSeconds: 600, snapshotSeconds: 0 });
    expect(await queues.snapshot.getJobSchedulers(0, -1)).to.deep.equal([]);
  });
});
