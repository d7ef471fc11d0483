import type { IndexJobData } from '../queues/job-data';
import type { IndexBatcher } from '../articles/index-batcher';

/** Index: writes one article through the shared batcher (batched `_bulk`, idempotent id). */
export async function runIndex(input: IndexJobData, deps: { indexBatcher: IndexBatcher }): Promise<[]> {
  await deps.indexBatcher.write(input.id, input.doc);
  return [];
}
