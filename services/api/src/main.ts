import {
  createLogger,
  createOpenSearchClient,
  createMetricsRegistry,
  createRedis,
  indexNames,
  loadConfigOrExit,
  migrateIndices,
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

  if (config.opensearch.migrateOnStart) {
    const migrator = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 120_000, maxRetries: 3 });
    try {
      const results = await migrateIndices(migrator, names);
      logger.info({ results: results.map((r) => `${r.alias}:${r.action}`) }, 'indices migrated');
    } catch (err) {
      // The API still starts: /health shows OpenSearch down and reads answer 503 until it is back.
      logger.error({ err: (err as Error).message }, 'index migration failed; continuing');
    } finally {
      await migrator.close();
    }
  }

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

  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'shutting down');
    metricsServer?.close();
    server.close(() => {
      void Promise.allSettled([opensearch.close(), redis.quit()]).then(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

void main();
