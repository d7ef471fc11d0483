import { closeRedis, createLogger, createRedis, type Config } from '@trendscope/core';
import { createPipelineRuntime } from '../pipeline-deps';
import { closeQueues, createQueues } from '../queues/create-queues';
import type { Stage } from '../queues/routing-table';
import { startWorkers } from '../workers/start-workers';

/** What the parent of a forked stage worker sends it first. */
export interface StageWorkerStart {
  type: 'start';
  config: Config;
  logLevel: string;
  queuePrefix: string;
  stages: Stage[];
}

/**
 * A worker process forked by a CLI run: the given stages' workers on the run's queues, so a second
 * core does their work. It answers `ready` once its workers run, and on `stop` (or when its parent
 * goes away) stops taking jobs, finishes the active ones, writes pending documents and exits.
 */
process.once('message', (msg: StageWorkerStart) => {
  const logger = createLogger({ level: msg.logLevel, name: 'pipeline-cli-worker' });
  const runtime = createPipelineRuntime(msg.config, logger);
  const connection = createRedis(msg.config.redis, { forQueues: true });
  const queues = createQueues(connection, msg.queuePrefix, msg.config.pipeline.jobAttempts, logger);
  const workers = startWorkers(runtime.deps, queues, connection, {
    lockDurationMs: msg.config.pipeline.jobLockMs,
    queuePrefix: msg.queuePrefix,
    stages: msg.stages,
  });
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await workers.close();
    await closeQueues(queues);
    await runtime.close();
    await closeRedis(connection);
    process.exit(0);
  };
  process.on('message', (m: { type?: string }) => {
    if (m.type === 'stop') void stop();
  });
  // The parent is gone (crashed, killed): finish what is active; the rest stays queued.
  process.once('disconnect', () => void stop());
  void Promise.all(workers.workers.map((w) => w.waitUntilReady())).then(() => process.send?.({ type: 'ready' }));
});
