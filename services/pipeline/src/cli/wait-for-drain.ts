import type { Job } from 'bullmq';
import { ARTICLE_STAGES, type Stage } from '../queues/routing-table';
import type { StageQueues } from '../queues/create-queues';

/** Progress of a run, as the queues report it. */
export interface DrainProgress {
  /** Entries the finished discover jobs produced. */
  discovered: number;
  /** Articles written since the run started (completed jobs of the queue that writes them). */
  indexed: number;
  /** Jobs of the article stages failed for good since the run started. */
  failed: number;
  /** Jobs still waiting, active or delayed (retry backoff) in the article stages. */
  pending: number;
}

const BUSY_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * Waits until the given discover jobs have finished and no article stage has work left (waiting,
 * active or delayed for a retry), reporting progress on the way. `writer` is the queue whose
 * completed jobs are written articles (`lastArticleQueue`).
 */
export async function waitForDrain(
  queues: StageQueues,
  discoverJobs: Job[],
  onProgress: (p: DrainProgress) => void,
  opts: { writer: Stage; pollMs?: number; timeoutMs?: number },
): Promise<DrainProgress> {
  const writer = queues[opts.writer];
  const baseIndexed = (await writer.getJobCounts('completed')).completed ?? 0;
  const baseFailed = await failedCount(queues);
  const deadline = Date.now() + (opts.timeoutMs ?? 6 * 3600_000);
  let idlePolls = 0;
  for (;;) {
    let discovered = 0;
    let discoverDone = true;
    for (const job of discoverJobs) {
      const state = await job.getState();
      if (state === 'completed') {
        const fresh = await queues.discover.getJob(job.id ?? '');
        discovered += (fresh?.returnvalue as { next?: number } | undefined)?.next ?? 0;
      } else if (state !== 'failed' && state !== 'unknown') {
        discoverDone = false;
      }
    }
    let pending = 0;
    for (const stage of ARTICLE_STAGES) {
      const counts = await queues[stage].getJobCounts(...BUSY_STATES);
      pending += Object.values(counts).reduce((a, b) => a + b, 0);
    }
    const progress: DrainProgress = {
      discovered,
      indexed: ((await writer.getJobCounts('completed')).completed ?? 0) - baseIndexed,
      failed: (await failedCount(queues)) - baseFailed,
      pending,
    };
    onProgress(progress);
    // Two idle polls in a row: a job moving between queues is never missed.
    idlePolls = discoverDone && pending === 0 ? idlePolls + 1 : 0;
    if (idlePolls >= 2) return progress;
    if (Date.now() > deadline) throw new Error('timed out waiting for the pipeline to finish');
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 250));
  }
}

async function failedCount(queues: StageQueues): Promise<number> {
  let n = 0;
  for (const stage of ARTICLE_STAGES) n += (await queues[stage].getJobCounts('failed')).failed ?? 0;
  return n;
}
