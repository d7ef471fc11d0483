import type { Job, Worker } from 'bullmq';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Redis } from '@trendscope/core';
import { encoderAvailable } from '../embed/embed-texts';
import type { StageQueues } from '../queues/create-queues';
import { countDeadLetters, isFinalFailure } from '../queues/dead-letter';
import { STAGES } from '../queues/routing-table';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * The pipeline's metrics: jobs finished per stage and outcome and how long they ran (from the
 * workers' events), and, read from Redis at each scrape, the jobs in each queue state and the
 * dead letters, so a stuck or failing stage shows on a dashboard without `trendscope status`.
 */
export function registerPipelineMetrics(
  registry: Registry,
  opts: { workers: readonly Worker[]; queues: StageQueues; redis: Redis; keyPrefix: string },
): void {
  const jobs = new Counter({
    name: 'trendscope_pipeline_jobs_total',
    help: 'Pipeline jobs finished by this process, by stage and outcome (completed, retried, failed for good).',
    labelNames: ['stage', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'trendscope_pipeline_job_duration_seconds',
    help: 'Time from a job starting to completing, by stage (process jobs include their batched _bulk write).',
    labelNames: ['stage'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'trendscope_pipeline_queue_jobs',
    help: 'Jobs in each stage queue by state (completed jobs are kept a day).',
    labelNames: ['stage', 'state'] as const,
    registers: [registry],
    async collect() {
      for (const stage of STAGES) {
        const counts = await opts.queues[stage].getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.set({ stage, state }, counts[state] ?? 0);
      }
    },
  });
  new Gauge({
    name: 'trendscope_pipeline_dead_letters',
    help: 'Jobs that failed for good, in the dead-letter list (trendscope status shows them).',
    registers: [registry],
    async collect() {
      this.set(await countDeadLetters(opts.redis, opts.keyPrefix));
    },
  });
  new Gauge({
    name: 'trendscope_pipeline_sentence_encoder_available',
    help: 'Whether this process can embed (1) or detection runs without story rejoin and meaning (0: model files missing or failed to load).',
    registers: [registry],
    collect() {
      this.set(encoderAvailable() ? 1 : 0);
    },
  });
  for (const worker of opts.workers) {
    const stage = worker.name;
    worker.on('completed', (job: Job) => {
      jobs.inc({ stage, outcome: 'completed' });
      if (job.processedOn && job.finishedOn) duration.observe({ stage }, (job.finishedOn - job.processedOn) / 1000);
    });
    worker.on('failed', (job: Job | undefined, err: Error) => {
      if (!job) return;
      jobs.inc({ stage, outcome: isFinalFailure(job, err) ? 'failed' : 'retried' });
    });
  }
}
