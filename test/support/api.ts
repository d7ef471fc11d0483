import type { Server } from 'node:http';
import type { Registry } from 'prom-client';
import { createApiServer, type ApiDeps } from '@trendscope/api';
import { loadConfig, migrateIndices } from '@trendscope/core';
import { quotaServiceFor } from './quota-services';
import { GENEROUS_QUOTA_ENV, silentLogger, type TestServices } from './services';

/** A running API over the test services: its base URL and a way to stop it. */
export interface RunningApi {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts the API as main.ts does (the start-up migration, then createApiServer: REST routes plus
 * /mcp) on a free port over `s`, with config `env` overrides, dependency overrides (a pinned clock, a dead OpenSearch) and
 * the registry its request metrics go to.
 */
export async function startApi(
  s: TestServices,
  opts: { env?: Record<string, string>; deps?: Partial<ApiDeps>; metrics?: Registry } = {},
): Promise<RunningApi> {
  const config = opts.env
    ? loadConfig({
        ...GENEROUS_QUOTA_ENV,
        ...process.env,
        OPENSEARCH_INDEX_PREFIX: s.prefix,
        REDIS_KEY_PREFIX: s.prefix,
        ...opts.env,
      })
    : s.config;
  // Every alias resolves to an index, as after the API's own start-up migration: /health and the
  // data endpoints answer 503 for a missing one. A test that brings its own OpenSearch (a dead or
  // hanging one, another node) sets up that one itself.
  if (!opts.deps?.opensearch) await migrateIndices(s.opensearch, opts.deps?.names ?? s.names);
  const redis = opts.deps?.redis ?? s.redis;
  const server = createApiServer(
    {
      config,
      logger: silentLogger,
      opensearch: s.opensearch,
      redis,
      names: s.names,
      quotas: quotaServiceFor(redis, config.redis.keyPrefix),
      ...opts.deps,
    },
    opts.metrics ? { metrics: opts.metrics } : {},
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** GET `path` and parse the JSON body (null for an empty one). */
export async function getJson<T = Record<string, unknown>>(
  base: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: T }> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}
