import type { StageQueues } from '../queues/create-queues';
import type { Source } from './source-list';

const DISCOVER_PREFIX = 'discover-';

/**
 * Upserts one BullMQ job scheduler per source (discover), one for detection, one for snapshots and
 * one for the retention policy (each of the last two removed when its interval is 0), and removes the schedulers of sources no longer listed.
 * Idempotent: running it twice changes nothing.
 */
export async function scheduleJobs(
  queues: StageQueues,
  sources: readonly Source[],
  intervals: { discoverSeconds: number; detectSeconds: number; snapshotSeconds: number; retentionSeconds: number },
): Promise<{ discover: number; removed: number }> {
  const wanted = new Set<string>();
  for (const s of sources) {
    const id = `${DISCOVER_PREFIX}${s.id}`;
    wanted.add(id);
    await queues.discover.upsertJobScheduler(
      id,
      { every: intervals.discoverSeconds * 1000 },
      { name: 'discover', data: { source_id: s.id, feed_url: s.feed_url } },
    );
  }
  let removed = 0;
  for (const scheduler of await queues.discover.getJobSchedulers(0, -1)) {
    const key = scheduler.key;
    if (key.startsWith(DISCOVER_PREFIX) && !wanted.has(key)) {
      await queues.discover.removeJobScheduler(key);
      removed++;
    }
  }
  await queues.detect.upsertJobScheduler(
    'detect',
    { every: intervals.detectSeconds * 1000 },
    { name: 'detect', data: {} },
  );
  await scheduleEvery(queues.snapshot, 'snapshot', intervals.snapshotSeconds);
  await scheduleEvery(queues.retention, 'retention', intervals.retentionSeconds);
  return { discover: sources.length, removed };
}

/** Upserts the job scheduler `name` (empty job data) every `seconds`, or removes it when 0. */
async function scheduleEvery(queue: StageQueues['snapshot'], name: string, seconds: number): Promise<void> {
  if (seconds > 0) await queue.upsertJobScheduler(name, { every: seconds * 1000 }, { name, data: {} });
  else await queue.removeJobScheduler(name);
}
