import { UnrecoverableError, type Job, type Processor, type Queue } from 'bullmq';
import { FetchError } from '../fetch/fetch-error';
import { NEXT_STAGE, type Stage } from '../queues/stages';
import type { StageQueues } from '../queues/create-queues';
import type { NextJob, StageContext, StageDeps, StageOutput } from '../stages/stage-deps';
import { JOB_SCHEMAS } from './job-schemas';

/** A stage function: validated input in, jobs for the next stage out. */
export type StageRunner = (
  input: never,
  deps: StageDeps,
  ctx: StageContext,
) => Promise<NextJob<unknown>[] | StageOutput<unknown>>;

/**
 * The BullMQ job adapter: validate `job.data` (invalid data is unrecoverable), run the stage,
 * enqueue its output on the next stage's queue (routing table) with deterministic ids. Permanent
 * fetch failures become UnrecoverableError, so BullMQ does not retry them.
 */
export function createProcessor(stage: Stage, run: StageRunner, deps: StageDeps, queues: StageQueues): Processor {
  return async (job: Job) => {
    const { value, error } = JOB_SCHEMAS[stage].validate(job.data, { abortEarly: false }) as {
      value: unknown;
      error?: Error;
    };
    if (error) throw new UnrecoverableError(`invalid ${stage} job data: ${error.message}`);
    let output: NextJob<unknown>[] | StageOutput<unknown>;
    try {
      output = await run(value as never, deps, { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 });
    } catch (err) {
      if (err instanceof FetchError && err.permanent) throw new UnrecoverableError(err.message);
      throw err;
    }
    const next = Array.isArray(output) ? output : output.next;
    const target = NEXT_STAGE[stage];
    if (target && next.length > 0) await enqueue(queues[target], target, next);
    if (!Array.isArray(output)) await output.afterEnqueue();
    return { next: next.length };
  };
}

async function enqueue(queue: Queue, name: string, jobs: NextJob<unknown>[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 500) {
    await queue.addBulk(jobs.slice(i, i + 500).map((j) => ({ name, data: j.data, opts: { jobId: j.id } })));
  }
}
