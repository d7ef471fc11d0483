import type { IndexNames, Logger, OpenSearchClient, PipelineConfig, Redis, SnapshotRepository } from '@trendscope/core';
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
  /** Where scheduled snapshots go, and the prefix their names start with. */
  snapshots: { repository: SnapshotRepository; prefix: string };
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

/**
 * A stage's output when something must happen only after its jobs are safely enqueued (e.g. a
 * feed's ETag is remembered only then, so a crash in between re-reads the feed instead of 304).
 */
export interface StageOutput<T> {
  next: NextJob<T>[];
  afterEnqueue: () => Promise<void>;
}
