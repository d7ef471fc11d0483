import { resolve } from 'node:path';
import { isIndexMissingError } from '@trendscope/core';
import { BulkWriteError } from '../detect/detect.repository';
import { runDetectSingleFlight } from '../locks/detect-single-flight';
import type { StageDeps } from '../pipeline-deps';
import type { DetectJobData } from '../queues/job-data';
import { REPO_ROOT } from '../repo-root';

/**
 * Detect: clusters recent articles into trends (the clock is injected; `now` overrides it), single
 * flight across the deployment: a job that finds another run in progress completes without running.
 */
export async function runDetectStage(input: DetectJobData, deps: StageDeps): Promise<[]> {
  const now = input.now ? new Date(input.now) : deps.clock();
  await deps.indexOutage.assertWritable();
  await runDetectSingleFlight(
    {
      opensearch: deps.opensearch,
      names: deps.names,
      redis: deps.redis,
      keyPrefix: deps.keyPrefix,
      logger: deps.logger,
    },
    {
      now,
      ratingsFile: resolve(REPO_ROOT, deps.pipeline.domainRatingsFile),
      maxNewReports: deps.pipeline.detectMaxNewReports,
      maxPasses: deps.pipeline.detectMaxPasses,
      maxMembersRead: deps.pipeline.detectMaxMembersRead,
    },
    { ttlMs: deps.pipeline.detectLockTtlMs },
  ).catch((err: unknown) => {
    const missing = missingIndexOf(err);
    throw missing ? deps.indexOutage.lost(missing, (err as Error).message) : err;
  });
  return [];
}

/** The alias a detection run found without an index (a read or a require_alias write), or null. */
function missingIndexOf(err: unknown): string | null {
  if (isIndexMissingError(err)) {
    return (err as { meta?: { body?: { error?: { index?: string } } } }).meta?.body?.error?.index ?? 'an index alias';
  }
  if (err instanceof BulkWriteError && err.dropped.some((d) => d.reason.includes('index_not_found_exception'))) {
    return err.index;
  }
  return null;
}
