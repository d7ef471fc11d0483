import { pruneSnapshots, snapshotPrefix, snapshotSets } from '@trendscope/core';
import type { StageDeps } from '../pipeline-deps';
import type { SnapshotJobData } from '../queues/job-data';

/** Snapshot: account data and content as two snapshots, then the oldest of each beyond the retention count deleted. */
export async function runSnapshotStage(_input: SnapshotJobData, deps: StageDeps): Promise<[]> {
  const { repository, prefix } = deps.snapshots;
  const taken = await snapshotSets(deps.opensearch, deps.names, repository, { prefix, now: deps.clock() });
  const keep = deps.pipeline.snapshot.keep;
  const pruned = [
    ...(await pruneSnapshots(deps.opensearch, repository, snapshotPrefix(prefix, 'accounts'), keep)),
    ...(await pruneSnapshots(deps.opensearch, repository, prefix, keep)),
  ];
  deps.logger.info({ snapshot: taken.content.snapshot, accounts: taken.accounts.snapshot, pruned }, 'snapshot taken');
  return [];
}
