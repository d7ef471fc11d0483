import type { IndexJobData } from './job-data';
import type { IndexBatcher } from './index-batcher';

/** Index: writes one article through the shared batcher (batched `_bulk`, idempotent id). */
export async function runIndex(input: IndexJobData, deps: { indexBatcher: IndexBatcher }): Promise<[]> {
  await deps.indexBatcher.write(input.id, input.doc);
  return [];
}
