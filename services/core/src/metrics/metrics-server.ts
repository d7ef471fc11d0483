import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Logger } from '../logging/logger';

/** A registry with the process metrics (CPU, memory, event-loop lag, GC) under one prefix. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, prefix: 'trendscope_' });
  return registry;
}

/**
 * Serves `GET /metrics` (Prometheus text format) on its own port, apart from the public API, so
 * operational detail is never part of the public surface; bound to METRICS_HOST (loopback by
 * default). Port 0 turns it off. A port already in use is logged, not fatal: metrics must never
 * stop the service they describe.
 */
export async function startMetricsServer(opts: {
  /** A registry, or anything that renders one (the API primary sums its processes' registries). */
  registry: { metrics(): Promise<string>; readonly contentType: string };
  host: string;
  port: number;
  logger: Logger;
}): Promise<Server | null> {
  if (opts.port === 0) return null;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    opts.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': opts.registry.contentType }).end(body),
      (err: Error) => {
        opts.logger.warn({ err: err.message }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  return new Promise((resolve) => {
    server.once('error', (err: Error) => {
      opts.logger.warn({ err: err.message, port: opts.port }, 'metrics server not started');
      resolve(null);
    });
    server.listen(opts.port, opts.host, () => {
      opts.logger.info({ url: `http://${opts.host}:${opts.port}/metrics` }, 'metrics listening');
      resolve(server);
    });
  });
}
