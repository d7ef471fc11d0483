import {
  closeRedis,
  createLogger,
  createMetricsRegistry,
  createRedis,
  loadConfigOrExit,
  migrateOnStart,
  onShutdown,
  startMetricsServer,
} from '@trendscope/core';
import { createPipelineRuntime } from './pipeline-deps';
import { closeQueues, createQueues } from './queues/create-queues';
import { registerPipelineMetrics } from './workers/pipeline-metrics';
import { startWorkers } from './workers/start-workers';

/**
 * The pipeline worker process: the workers of the stages PIPELINE_WORKER_QUEUES names (every stage
 * by default; `detect` alone makes a detection process, the other stages a process that never
 * detects, so a run neither stalls the ingest nor shares its event loop). On SIGTERM/SIGINT it stops taking jobs,
 * finishes the active ones, then closes Redis and OpenSearch (workers before Redis).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const logger = createLogger({ level: config.logLevel, name: 'pipeline-worker' });
  const runtime = createPipelineRuntime(config, logger);
  const loaded = performance.now();
  await migrateOnStart(config.opensearch, runtime.deps.names, logger);
  const migrated = performance.now();
  const connection = createRedis(config.redis, { forQueues: true });
  const queues = createQueues(connection, config.redis.keyPrefix, config.pipeline.jobAttempts, logger);
  const workers = startWorkers(runtime.deps, queues, connection, {
    stages: config.pipeline.workerQueues,
    lockDurationMs: config.pipeline.jobLockMs,
  });
  // Where start-up time goes (process start to modules loaded, then the index check): a slow start is
  // either a starved CPU (load_ms) or a slow cluster (migrate_ms).
  logger.info(
    {
      prefix: config.redis.keyPrefix,
      queues: config.pipeline.workerQueues,
      concurrency: config.pipeline.concurrency,
      load_ms: Math.round(loaded),
      migrate_ms: Math.round(migrated - loaded),
    },
    'pipeline workers started',
  );
  const metrics = createMetricsRegistry('pipeline-worker');
  registerPipelineMetrics(metrics, {
    workers: workers.workers,
    queues,
    redis: runtime.deps.redis,
    keyPrefix: config.redis.keyPrefix,
  });
  const metricsServer = await startMetricsServer({
    registry: metrics,
    host: config.metrics.host,
    port: config.metrics.pipelinePort,
    logger,
  });

  onShutdown({
    logger,
    message: 'stopping workers',
    forceAfterMs: 30_000,
    forceExitCode: 1,
    close: async () => {
      metricsServer?.close();
      await workers.close();
      await closeQueues(queues);
      await runtime.close();
      await closeRedis(connection);
    },
  });
}

void main();
