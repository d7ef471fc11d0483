import { pruneSnapshots, takeSnapshot } from '@trendscope/core';
import type { StageDeps } from '../pipeline-deps';
import type { SnapshotJobData } from '../queues/job-data';

/** Snapshot: every index into the snapshot repository, then the oldest beyond the retention count deleted. */
export async function runSnapshotStage(_input: SnapshotJobData, deps: StageDeps): Promise<[]> {
  const { repository, prefix } = deps.snapshots;
  const taken = await takeSnapshot(deps.opensearch, deps.names, repository, { prefix, now: deps.clock() });
  const pruned = await pruneSnapshots(deps.opensearch, repository, prefix, deps.pipeline.snapshot.keep);
  deps.logger.info({ snapshot: taken.snapshot, indices: taken.indices.length, pruned }, 'snapshot taken');
  return [];
}
