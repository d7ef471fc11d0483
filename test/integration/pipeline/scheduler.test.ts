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
    const intervals = { discoverSeconds: 900, detectSeconds: 600, snapshotSeconds: 86400, retentionSeconds: 3600 };
    await scheduleJobs(queues, sources, intervals);
    await scheduleJobs(queues, sources, intervals);
    const keys = (await queues.discover.getJobSchedulers(0, -1)).map((j) => j.key).sort();
    expect(keys).to.deep.equal(['discover-a', 'discover-b']);
    expect((await queues.detect.getJobSchedulers(0, -1)).map((j) => j.key)).to.deep.equal(['detect']);
    const result = await scheduleJobs(queues, [sources[0]!], intervals);
    expect(result.removed).to.equal(1);
    expect((await queues.discover.getJobSchedulers(0, -1)).map((j) => j.key)).to.deep.equal(['discover-a']);
  });

  it('schedules the snapshot and retention jobs at their intervals and removes each when its interval is 0', async () => {
    const base = { discoverSeconds: 900, detectSeconds: 600 };
    await scheduleJobs(queues, [], { ...base, snapshotSeconds: 3600, retentionSeconds: 7200 });
    const [scheduler] = await queues.snapshot.getJobSchedulers(0, -1);
    expect(scheduler?.key).to.equal('snapshot');
    expect(Number(scheduler?.every)).to.equal(3_600_000);
    const [retention] = await queues.retention.getJobSchedulers(0, -1);
    expect(retention?.key).to.equal('retention');
    expect(Number(retention?.every)).to.equal(7_200_000);
    await scheduleJobs(queues, [], { ...base, snapshotSeconds: 0, retentionSeconds: 0 });
    expect(await queues.snapshot.getJobSchedulers(0, -1)).to.deep.equal([]);
    expect(await queues.retention.getJobSchedulers(0, -1)).to.deep.equal([]);
  });
});
