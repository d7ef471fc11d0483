import { applyRetention, bumpGeneration } from '@trendscope/core';
import type { StageDeps } from '../pipeline-deps';
import type { RetentionJobData } from '../queues/job-data';

/**
 * Retention: writes moved to the current month's indices, expired monthly indices deleted whole;
 * when something went, the data generation is bumped so the API's cache forgets it.
 */
export async function runRetentionStage(input: RetentionJobData, deps: StageDeps): Promise<[]> {
  const now = input.now ? new Date(input.now) : deps.clock();
  const results = await applyRetention(deps.opensearch, deps.names, deps.pipeline.retention.days, { now });
  if (results.some((r) => r.dropped.length > 0)) await bumpGeneration(deps.redis, deps.keyPrefix);
  deps.logger.info(
    {
      now: now.toISOString(),
      ...Object.fromEntries(results.map((r) => [r.kind, { write: r.writeIndex, dropped: r.dropped }])),
    },
    'retention applied',
  );
  return [];
}
