import { UnrecoverableError, type Job, type Processor } from 'bullmq';
import { FetchError } from '../fetch/fetch-error';
import type { JobEnqueuer } from '../queues/job-enqueuer';
import { NEXT_STAGE, runsInline, type Stage } from '../queues/routing-table';
import type { StageDeps } from '../pipeline-deps';
import { JOB_SCHEMAS, type NextJob, type StageContext, type StageOutput } from '../queues/job-data';

/** A stage function: validated input in, jobs for the next stage out. */
export type StageRunner = (
  input: never,
  deps: StageDeps,
  ctx: StageContext,
) => Promise<NextJob<unknown>[] | StageOutput<unknown>>;

/** How the adapter reaches the other stages: their functions (inline) and their queues. */
export interface StageRouting {
  runners: Readonly<Record<Stage, StageRunner>>;
  enqueuer: JobEnqueuer;
  /** Gates the stage function itself (not what runs inline after it), e.g. CPU-bound work. */
  limit?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/**
 * The BullMQ job adapter: validate `job.data` (invalid data is unrecoverable), run the stage,
 * hand its output to the next stage (routing table): on that stage's queue with deterministic
 * ids, or, for a stage that runs inline, by calling it in this same job. Permanent fetch failures
 * become UnrecoverableError, so BullMQ does not retry them.
 */
export function createProcessor(stage: Stage, deps: StageDeps, routing: StageRouting): Processor {
  return async (job: Job) => {
    const { value, error } = JOB_SCHEMAS[stage].validate(job.data, { abortEarly: false }) as {
      value: unknown;
      error?: Error;
    };
    if (error) throw new UnrecoverableError(`invalid ${stage} job data: ${error.message}`);
    const ctx: StageContext = { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 };
    const run = () => routing.runners[stage](value as never, deps, ctx);
    const output = await withPermanentFailures(() => (routing.limit ? routing.limit(run) : run()));
    return { next: await route(stage, output, deps, routing, ctx) };
  };
}

/** Passes a stage's output on and returns how many jobs it produced. */
async function route(
  stage: Stage,
  output: NextJob<unknown>[] | StageOutput<unknown>,
  deps: StageDeps,
  routing: StageRouting,
  ctx: StageContext,
): Promise<number> {
  const next = Array.isArray(output) ? output : output.next;
  const target = NEXT_STAGE[stage];
  if (target && next.length > 0) {
    if (runsInline(target, deps.pipeline)) {
      // The job data would only have gone through Redis and back: the next stage gets it as is.
      await Promise.all(
        next.map(async (j) => {
          const out = await withPermanentFailures(() => routing.runners[target](j.data as never, deps, ctx));
          await route(target, out, deps, routing, ctx);
        }),
      );
    } else {
      await routing.enqueuer.add(target, next);
    }
  }
  if (!Array.isArray(output)) await output.afterEnqueue();
  return next.length;
}

async function withPermanentFailures<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof FetchError && err.permanent) throw new UnrecoverableError(err.message);
    throw err;
  }
}
