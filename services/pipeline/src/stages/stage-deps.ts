import type { IndexNames, Logger, OpenSearchClient, PipelineConfig, Redis } from '@trendscope/core';
import type { DomainLimiter } from '../fetch/domain-limiter';
import type { IndexBatcher } from './index-batcher';
import type { RobotsCache } from '../fetch/robots-cache';
import type { SafeFetcher } from '../fetch/safe-fetcher';

/** What the stage functions need; built once per process (pipeline-deps.ts) and passed down. */
export interface StageDeps {
  pipeline: PipelineConfig;
  redis: Redis;
  keyPrefix: string;
  opensearch: OpenSearchClient;
  names: IndexNames;
  fetcher: SafeFetcher;
  robots: RobotsCache;
  limiter: DomainLimiter;
  indexBatcher: IndexBatcher;
  /** The injected clock (fetched_at, indexed_at, detection time). */
  clock: () => Date;
  logger: Logger;
}

/** Where a job is in its retries, for stages that degrade on the last attempt. */
export interface StageContext {
  attemptsMade: number;
  attempts: number;
}

/** A job for the next stage, with its deterministic id. */
export interface NextJob<T> {
  id: string;
  data: T;
}
