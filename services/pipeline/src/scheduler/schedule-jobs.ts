import type { StageQueues } from '../queues/create-queues';
import type { Source } from './source-list';

const DISCOVER_PREFIX = 'discover-';

/**
 * Upserts one BullMQ job scheduler per source (discover) and one for detection, and removes the
 * schedulers of sources no longer listed. Idempotent: running it twice changes nothing.
 */
export async function scheduleJobs(
  queues: StageQueues,
  sources: readonly Source[],
  intervals: { discoverSeconds: number; detectSeconds: number },
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
  return { discover: sources.length, removed };
}
