import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, Counter, Registry } from 'prom-client';
import {
  createLogger,
  indexNames,
  migrateOnStart,
  onShutdown,
  startMetricsServer,
  type Config,
  type Logger,
} from '@trendscope/core';

/** A process that dies sooner than this after its start counts towards a crash loop. */
const QUICK_DEATH_MS = 10_000;
/** Quick deaths in a row after which the primary gives up instead of restarting forever. */
const CRASH_LOOP_LIMIT = 5;
/** Pause before replacing a process that died quickly (a slow loop, not a hot one). */
const RESTART_DELAY_MS = 1000;
/** How long the processes get to finish their requests on shutdown before they are killed. */
const STOP_GRACE_MS = 8000;

/**
 * The node:cluster primary of API_PROCESSES > 1: migrates the indices once, forks the API
 * processes (they share API_PORT; the primary accepts connections and hands them round-robin),
 * replaces any that dies, serves the processes' summed metrics on API_METRICS_PORT, and on
 * SIGTERM/SIGINT stops them all before it exits.
 */
export async function runApiPrimary(config: Config): Promise<void> {
  const logger = createLogger({ level: config.logLevel, name: 'api' });
  await migrateOnStart(config.opensearch, indexNames(config.opensearch.indexPrefix), logger, {
    continueOnFailure: true,
  });

  const own = new Registry();
  own.setDefaultLabels({ service: 'api' });
  const restarts = new Counter({
    name: 'trendscope_api_process_restarts_total',
    help: 'API processes that died and were replaced by the primary.',
    registers: [own],
  });
  const aggregator = new AggregatorRegistry();
  const metricsServer = await startMetricsServer({
    registry: {
      contentType: aggregator.contentType,
      metrics: async () => `${await aggregator.clusterMetrics()}\n${await own.metrics()}`,
    },
    host: config.metrics.host,
    port: config.metrics.apiPort,
    logger,
  });

  let stopping = false;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();
  const fork = (): void => {
    startedAt.set(cluster.fork(), Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= CRASH_LOOP_LIMIT) {
      logger.fatal({ pid: worker.process.pid, code, signal }, 'api processes keep dying at start; giving up');
      void stopAll(logger, STOP_GRACE_MS).finally(() => process.exit(1));
      return;
    }
    logger.warn({ pid: worker.process.pid, code, signal, lived_ms: lived }, 'api process died; starting another');
    restarts.inc();
    setTimeout(fork, quickDeaths > 0 ? RESTART_DELAY_MS : 0);
  });
  for (let i = 0; i < config.api.processes; i += 1) fork();
  logger.info({ processes: config.api.processes, pid: process.pid }, 'api primary started');

  onShutdown({
    logger,
    message: 'shutting down the api processes',
    forceAfterMs: STOP_GRACE_MS + 1000,
    close: async () => {
      stopping = true;
      await stopAll(logger, STOP_GRACE_MS);
      metricsServer?.close();
    },
  });
}

/** Sends SIGTERM to every API process and waits for all to exit; past `graceMs` they are killed. */
async function stopAll(logger: Logger, graceMs: number): Promise<void> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const kill = setTimeout(() => {
            logger.warn({ pid: worker.process.pid }, 'api process did not stop in time; killing it');
            worker.process.kill('SIGKILL');
          }, graceMs);
          worker.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          worker.process.kill('SIGTERM');
        }),
    ),
  );
}
