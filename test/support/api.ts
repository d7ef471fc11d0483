import { createServer, type Server } from 'node:http';
import { buildApp, type ApiDeps, type BuildAppOptions } from '@trendscope/api';
import { loadConfig } from '@trendscope/core';
import { GENEROUS_QUOTA_ENV, silentLogger, type TestServices } from './services';

/** A running API over the test services: its base URL and a way to stop it. */
export interface RunningApi {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts buildApp on a free port over `s`, with config `env` overrides and optional deps overrides. */
export async function startApi(
  s: TestServices,
  opts: { env?: Record<string, string>; deps?: Partial<ApiDeps>; app?: BuildAppOptions } = {},
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
  const app = buildApp(
    {
      config,
      logger: silentLogger,
      opensearch: s.opensearch,
      redis: s.redis,
      names: s.names,
      ...opts.deps,
    },
    opts.app,
  );
  const server = createServer(app.callback());
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
