import type { Job, Processor } from 'bullmq';

/**
 * One run of a job id at a time in this worker: a second copy of a job that is still running here
 * waits for the first run's outcome instead of running again. A copy arises when the job's lock
 * lapsed while it waited for a process slot or ran (a busy event loop on a loaded machine missed the
 * renewal): the stalled check moves it back to wait and this same worker, with hundreds of slots,
 * takes it again. BullMQ tracks locks by job id, so the first run's end stopped the renewal of the
 * second copy's lock, which then stalled in its turn, and so on until maxStalledCount, after which
 * the job was failed for good ("job stalled more than allowable limit"): a real `make demo` at load
 * 13-26 lost 459 of 12,000 items that way. The second copy, whose lock is the one renewed, now
 * completes with the first run's result (or fails with its error and is retried like any failure).
 */
export function oneRunPerJob<T, R>(processor: (job: Job<T, R>) => Promise<R>): Processor<T, R> {
  const running = new Map<string, Promise<R>>();
  return (job: Job<T, R>) => {
    const id = job.id;
    if (id === undefined) return processor(job);
    const first = running.get(id);
    if (first) return first;
    const run = (async () => processor(job))().finally(() => {
      if (running.get(id) === run) running.delete(id);
    });
    running.set(id, run);
    return run;
  };
}
