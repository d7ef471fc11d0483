import { Worker, type Job } from 'bullmq';
import pLimit from 'p-limit';
import { closeRedis, isConnectionError, OutageLog, type Redis } from '@trendscope/core';
import { IndexMissingError } from '../articles/index-outage';
import type { StageQueues } from '../queues/create-queues';
import { isFinalFailure, recordDeadLetter } from '../queues/dead-letter';
import { JobEnqueuer } from '../queues/job-enqueuer';
import { runsInline, type Stage } from '../queues/routing-table';
import { runDetectStage } from '../stages/detect.stage';
import { runDiscover } from '../stages/discover.stage';
import { runFetch } from '../stages/fetch.stage';
import { runIndex } from '../stages/index.stage';
import { runProcess } from '../stages/process.stage';
import { runRetentionStage } from '../stages/retention.stage';
import { runSnapshotStage } from '../stages/snapshot.stage';
import type { StageDeps } from '../pipeline-deps';
import { createProcessor, type StageRouting, type StageRunner } from './job-adapter';
import { oneRunPerJob } from './one-run-per-job';

/** The stage function behind each queue. */
export const STAGE_RUNNERS: Readonly<Record<Stage, StageRunner>> = Object.freeze({
  discover: runDiscover,
  fetch: runFetch,
  process: runProcess,
  index: runIndex,
  detect: runDetectStage,
  snapshot: runSnapshotStage,
  retention: runRetentionStage,
});

/** The lock settings of a stage worker whose job locks last `lockDurationMs`. */
export function lockOptions(lockDurationMs: number): {
  lockDuration: number;
  stalledInterval: number;
  maxStalledCount: number;
} {
  return {
    lockDuration: lockDurationMs,
    stalledInterval: Math.max(1000, Math.floor(lockDurationMs / 2)),
    // A busy event loop can miss a lock renewal; a job is failed as stalled only after the third
    // time, and jobs are idempotent, so running one again is harmless (oneRunPerJob keeps a copy
    // taken again by this worker from stalling in its turn).
    maxStalledCount: 3,
  };
}

/**
 * The lock of a stage's jobs. Detection, snapshots and retention run one long job at a time, and a
 * large detection run holds the event loop for tens of seconds while it clusters: with the stage
 * lock its renewal was missed on every long run, so the finished run could not complete ("Missing
 * lock") and the stalled check ran it again. Their lock is ten minutes; such a job whose worker
 * died is taken again after that, while the scheduler goes on adding the next runs.
 */
export function stageLockMs(stage: Stage, lockDurationMs: number): number {
  return LONG_STAGES.has(stage) ? Math.max(lockDurationMs, LONG_JOB_LOCK_MS) : lockDurationMs;
}

/** The lock of the stages that run one long job at a time (stageLockMs). */
export const LONG_JOB_LOCK_MS = 600_000;
const LONG_STAGES: ReadonlySet<Stage> = new Set<Stage>(['detect', 'snapshot', 'retention']);

/** Running workers, one per stage. */
export interface StageWorkers {
  workers: Worker[];
  /** Stops taking jobs, lets active ones finish, writes pending documents. */
  close(): Promise<void>;
}

/**
 * Starts one worker per stage with the stage's concurrency. The worker that writes articles (index,
 * or process when index runs inline) runs as many jobs at once as two bulk batches hold, so
 * concurrent jobs share one `_bulk` request and the next batch fills while one is written; with
 * index inline, the process work itself (page, extraction, scoring) still runs at most
 * PIPELINE_PROCESS_CONCURRENCY at a time, so pages are not all loaded at once. A job that fails
 * for good (unrecoverable, or out of attempts) is also written to the dead-letter list.
 */
export function startWorkers(
  deps: StageDeps,
  queues: StageQueues,
  connection: Redis,
  opts: { stages?: readonly Stage[]; lockDurationMs?: number; queuePrefix?: string } = {},
): StageWorkers {
  const c = deps.pipeline.concurrency;
  // Room for a full batch to gather while the previous one is being written.
  const writers = 2 * deps.pipeline.indexBatchSize * c.index;
  const indexInline = runsInline('index', deps.pipeline);
  const concurrency: Record<Stage, number> = {
    discover: c.discover,
    fetch: c.fetch,
    process: indexInline ? c.process + writers : c.process,
    index: writers,
    detect: 1,
    snapshot: 1,
    retention: 1,
  };
  const enqueuer = new JobEnqueuer(queues);
  const processSlots = pLimit(c.process);
  const routing = (stage: Stage): StageRouting => ({
    runners: STAGE_RUNNERS,
    enqueuer,
    limit: stage === 'process' && indexInline ? processSlots : undefined,
  });
  const stages = opts.stages ?? (Object.keys(STAGE_RUNNERS) as Stage[]);
  // One connection per worker: a stage's blocking waits never queue behind another stage's commands.
  const connections: Redis[] = [];
  // A Redis outage makes every worker report each refused reconnect: logged once per outage.
  const outage = new OutageLog(deps.logger, { component: 'workers' });
  const workers = stages.map((stage) => {
    const own = connection.duplicate();
    own.on('ready', () => outage.restored());
    connections.push(own);
    const worker = new Worker(stage, oneRunPerJob(createProcessor(stage, deps, routing(stage))), {
      connection: own,
      prefix: opts.queuePrefix ?? deps.keyPrefix,
      concurrency: concurrency[stage],
      ...lockOptions(stageLockMs(stage, opts.lockDurationMs ?? 30_000)),
    });
    worker.on('failed', (job: Job | undefined, err: Error) => {
      if (!job) return;
      const final = isFinalFailure(job, err);
      // A lost index is logged once per outage (IndexOutage), not once per job it holds back.
      if (err instanceof IndexMissingError && !final) return;
      deps.logger.warn({ stage, jobId: job.id, final, err: err.message }, 'job failed');
      if (!final) return;
      const data = job.data as { feed_url?: string; entry?: { url?: string }; doc?: { url?: string } };
      void recordDeadLetter(deps.redis, deps.keyPrefix, {
        queue: stage,
        job_id: job.id ?? '',
        url: data.entry?.url ?? data.doc?.url ?? data.feed_url ?? null,
        error: err.message.slice(0, 1000),
        attempts: job.attemptsMade,
        failed_at: deps.clock().toISOString(),
      }).catch((e: Error) => deps.logger.error({ err: e.message }, 'could not record a dead letter'));
    });
    worker.on('error', (err) => {
      if (isConnectionError(err)) outage.error(err);
      else deps.logger.error({ stage, err: err.message }, 'worker error');
    });
    return worker;
  });
  return {
    workers,
    async close() {
      // Closing waits for active jobs; the batcher flushes the documents they are waiting on.
      const closing = Promise.all(workers.map((w) => w.close()));
      await deps.indexBatcher.drain();
      await closing;
      await deps.indexBatcher.drain();
      await Promise.all(connections.map(closeRedis));
    },
  };
}
