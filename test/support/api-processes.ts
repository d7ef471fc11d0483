import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { TEST_PROCESS_HEADER } from '@trendscope/api';
import { freePort } from './free-port';
import { GENEROUS_QUOTA_ENV, type TestServices } from './services';
import { REPO_ROOT } from '@trendscope/core';

/** One answer, with the pid of the API process that gave it. */
export interface ProcessAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  pid: number;
}

/** The API started as an operator would (services/api/src/main.ts), with API_PROCESSES > 1. */
export interface ApiCluster {
  url: string;
  metricsUrl: string;
  primary: ChildProcess;
  /** Sends SIGTERM to the primary and waits for it to exit (SIGKILL after 15 s). */
  stop(): Promise<number | null>;
}

/** GET `path` over `agent` (a pinned keep-alive connection) or a fresh connection when none. */
export function getFrom(
  url: string,
  path: string,
  opts: { agent?: Agent; headers?: Record<string, string> } = {},
): Promise<ProcessAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { agent: opts.agent ?? false, headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          pid: Number(res.headers[TEST_PROCESS_HEADER]),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${path}: no answer in 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Starts main.ts with `processes` API processes over the test services and waits until every one
 * of them has answered /health (new connections are dealt round-robin, so a few suffice).
 */
export async function startApiCluster(
  s: TestServices,
  processes: number,
  env: Record<string, string> = {},
): Promise<ApiCluster> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const primary = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...GENEROUS_QUOTA_ENV,
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      API_PROCESSES: String(processes),
      API_PORT: String(port),
      API_METRICS_PORT: String(metricsPort),
      OPENSEARCH_INDEX_PREFIX: s.prefix,
      REDIS_KEY_PREFIX: s.prefix,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const cluster: ApiCluster = {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    primary,
    async stop() {
      if (primary.exitCode === null && primary.signalCode === null) primary.kill('SIGTERM');
      const kill = setTimeout(() => primary.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(kill);
      return code;
    },
  };
  const seen = new Set<number>();
  const deadline = Date.now() + 60_000;
  while (seen.size < processes) {
    if (Date.now() > deadline || primary.exitCode !== null) {
      await cluster.stop();
      throw new Error(`API_PROCESSES=${processes}: only ${seen.size} processes answered /health`);
    }
    const answer = await getFrom(url, '/health').catch(() => null);
    if (answer?.status === 200) seen.add(answer.pid);
    else await new Promise((r) => setTimeout(r, 200));
  }
  return cluster;
}

/**
 * One kept-alive connection to each API process: connections are opened until every pid in
 * `count` distinct processes holds one, so a test can address each process on its own.
 */
export async function connectionPerProcess(url: string, count: number): Promise<Map<number, Agent>> {
  const pinned = new Map<number, Agent>();
  for (let attempt = 0; pinned.size < count; attempt += 1) {
    if (attempt > 50) throw new Error(`reached ${pinned.size} of ${count} API processes in 50 connections`);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { pid } = await getFrom(url, '/health', { agent });
    if (pinned.has(pid)) agent.destroy();
    else pinned.set(pid, agent);
  }
  return pinned;
}
