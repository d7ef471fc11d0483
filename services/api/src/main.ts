import {
  createLogger,
  createOpenSearchClient,
  createMetricsRegistry,
  createRedis,
  indexNames,
  loadConfigOrExit,
  migrateOnStart,
  onShutdown,
  startMetricsServer,
} from '@trendscope/core';
import { createApiServer } from './api-server';

/** Starts the API: load config, connect, migrate indices, listen, and shut down on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const logger = createLogger({ level: config.logLevel, name: 'api' });
  const opensearch = createOpenSearchClient(config.opensearch);
  const redis = createRedis(config.redis);
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  const names = indexNames(config.opensearch.indexPrefix);

  // The API still starts when the migration fails: /health shows OpenSearch down and reads answer
  // 503 until it is back.
  await migrateOnStart(config.opensearch, names, logger, { continueOnFailure: true });

  const metrics = createMetricsRegistry('api');
  const server = createApiServer({ config, logger, opensearch, redis, names }, { metrics });
  const metricsServer = await startMetricsServer({
    registry: metrics,
    host: config.metrics.host,
    port: config.metrics.apiPort,
    logger,
  });
  server.listen(config.api.port, config.api.host, () => {
    logger.info({ url: `http://${config.api.host}:${config.api.port}` }, 'api listening');
  });

  onShutdown({
    logger,
    message: 'shutting down',
    forceAfterMs: 5000,
    close: async () => {
      metricsServer?.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([opensearch.close(), redis.quit()]);
    },
  });
}

void main();
