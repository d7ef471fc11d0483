import {
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
 * The pipeline worker process: every stage's workers. On SIGTERM/SIGINT it stops taking jobs,
 * finishes the active ones, then closes Redis and OpenSearch (workers before Redis).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const logger = createLogger({ level: config.logLevel, name: 'pipeline-worker' });
  const runtime = createPipelineRuntime(config, logger);
  await migrateOnStart(config.opensearch, runtime.deps.names, logger);
  const connection = createRedis(config.redis, { forQueues: true });
  const queues = createQueues(connection, config.redis.keyPrefix, config.pipeline.jobAttempts);
  const workers = startWorkers(runtime.deps, queues, connection, { lockDurationMs: config.pipeline.jobLockMs });
  logger.info({ prefix: config.redis.keyPrefix, concurrency: config.pipeline.concurrency }, 'pipeline workers started');
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
      await connection.quit().catch(() => connection.disconnect());
    },
  });
}

void main();
