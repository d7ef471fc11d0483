import { resolve } from 'node:path';
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
  await runDetectSingleFlight(
    {
      opensearch: deps.opensearch,
      names: deps.names,
      redis: deps.redis,
      keyPrefix: deps.keyPrefix,
      logger: deps.logger,
    },
    { now, ratingsFile: resolve(REPO_ROOT, deps.pipeline.domainRatingsFile) },
    { ttlMs: deps.pipeline.detectLockTtlMs },
  );
  return [];
}
