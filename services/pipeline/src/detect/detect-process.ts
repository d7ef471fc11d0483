import { resolve } from 'node:path';
import type { Config } from '@trendscope/core';
import { openProcessStores, type ProcessStores } from '../process-stores';
import { REPO_ROOT } from '../repo-root';
import type { DetectOptions } from './run-detect';

/** What a detection process opens from its config: OpenSearch, a queue-grade Redis and its index names. */
export type DetectServices = ProcessStores;

/**
 * Opens what `trendscope detect`, and the tools that run detection as it does (the soak bench, the
 * CPU diagnosis), read and write: a loaded machine slows Redis, it does not fail the run.
 */
export function openDetectServices(config: Config, requestTimeoutMs: number): DetectServices {
  return openProcessStores(config, { requestTimeoutMs, maxRetries: 2 });
}

/** runDetect's options as the config sets them (domain ratings, the bounds of a run), at `now`. */
export function configuredDetectOptions(
  config: Config,
  now: Date,
): Pick<DetectOptions, 'now' | 'ratingsFile' | 'maxNewReports' | 'maxPasses' | 'maxMembersRead'> {
  return {
    now,
    ratingsFile: resolve(REPO_ROOT, config.pipeline.domainRatingsFile),
    maxNewReports: config.pipeline.detectMaxNewReports,
    maxPasses: config.pipeline.detectMaxPasses,
    maxMembersRead: config.pipeline.detectMaxMembersRead,
  };
}
