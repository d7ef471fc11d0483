/**
 * Several API servers in one Node process, for the quota bench: BENCH_APIS lists `port:on` or
 * `port:off` (quotas counted or not, API_QUOTAS_ENABLED). Two API processes with identical code
 * differ by up to 25 % in CPU per answer for their whole life (code placement, garbage
 * collection), more than the quota cost the bench looks for; servers in one process share that
 * luck, so their difference is the code's. Each server has its own clients and caches, as a
 * process of its own would.
 */
import {
  createLogger,
  createMetricsRegistry,
  createOpenSearchClient,
  createRedis,
  indexNames,
  loadConfigOrExit,
  QuotaService,
} from '@trendscope/core';
import { createApiServer } from '../../services/api/src/api-server';

const specs = (process.env.BENCH_APIS ?? '').split(',').filter(Boolean);
if (specs.length === 0) throw new Error('BENCH_APIS lists no server (port:on or port:off, comma-separated)');

for (const spec of specs) {
  const [port, quotas] = spec.split(':');
  const config = loadConfigOrExit({
    ...process.env,
    API_PORT: port,
    API_QUOTAS_ENABLED: quotas === 'on' ? 'true' : 'false',
  });
  const logger = createLogger({ level: config.logLevel, name: `api-${quotas}` });
  const redis = createRedis(config.redis);
  const server = createApiServer(
    {
      config,
      logger,
      opensearch: createOpenSearchClient(config.opensearch),
      redis,
      quotas: new QuotaService(redis, config.redis.keyPrefix),
      names: indexNames(config.opensearch.indexPrefix),
    },
    { metrics: createMetricsRegistry('api') },
  );
  server.listen(config.api.port, config.api.host);
}
