import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import {
  closeRedis,
  createLogger,
  createOpenSearchClient,
  createMetricsRegistry,
  createRedis,
  indexNames,
  migrateOnStart,
  onShutdown,
  QuotaService,
  startMetricsServer,
  watchRedisOutages,
  type Config,
} from '@trendscope/core';
import { createApiServer } from './api-server';

/** Response header naming the serving process, sent only under NODE_ENV=test (multi-process tests). */
export const TEST_PROCESS_HEADER = 'x-trendscope-pid';

/**
 * Runs one API process: connect, migrate indices, listen, and shut down on SIGTERM/SIGINT. As a
 * cluster worker it leaves the migration and the metrics port to the primary, which collects
 * this process's metrics over the cluster channel.
 */
export async function runApiProcess(config: Config): Promise<void> {
  const logger = createLogger({ level: config.logLevel, name: 'api' });
  const opensearch = createOpenSearchClient(config.opensearch);
  const redis = createRedis(config.redis);
  watchRedisOutages(redis, logger);
  const names = indexNames(config.opensearch.indexPrefix);

  // The API still starts when the migration fails: /health shows OpenSearch down and reads answer
  // 503 until it is back.
  if (cluster.isPrimary) await migrateOnStart(config.opensearch, names, logger, { continueOnFailure: true });

  const metrics = createMetricsRegistry('api');
  const quotas = new QuotaService(redis, config.redis.keyPrefix);
  const server = createApiServer({ config, logger, opensearch, redis, names, quotas }, { metrics });
  if (config.env === 'test') {
    server.prependListener('request', (_req, res) => res.setHeader(TEST_PROCESS_HEADER, String(process.pid)));
  }
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> = null;
  if (cluster.isWorker) {
    // Constructing one installs prom-client's answer to the primary's metrics requests.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([metrics]);
  } else {
    metricsServer = await startMetricsServer({
      registry: metrics,
      host: config.metrics.host,
      port: config.metrics.apiPort,
      logger,
    });
  }
  // A port someone else holds is one line naming the variable to change, not an EADDRINUSE stack.
  server.once('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') throw err;
    process.stderr.write(
      `api: port ${config.api.port} (API_PORT) on ${config.api.host} is in use by another process; set API_PORT to a free port\n`,
    );
    process.exit(1);
  });
  server.listen(config.api.port, config.api.host, () => {
    logger.info({ url: `http://${config.api.host}:${config.api.port}`, pid: process.pid }, 'api listening');
  });

  onShutdown({
    logger,
    message: 'shutting down',
    forceAfterMs: 5000,
    close: async () => {
      metricsServer?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Quota tokens this process leased and did not use go back before Redis closes.
      await quotas.close().catch(() => undefined);
      await Promise.allSettled([opensearch.close(), closeRedis(redis)]);
    },
  });
}
