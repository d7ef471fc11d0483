import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

/** A Redis primary, one replica and three Sentinels on loopback, each its own process. */
export interface SentinelGroup {
  name: string;
  primaryPort: number;
  replicaPort: number;
  sentinelPorts: number[];
  /** The port the Sentinels currently name as primary. */
  currentPrimary(): Promise<number>;
  /** SIGKILL to the primary process (no shutdown, no last write flushed to the replica). */
  killPrimary(): void;
  stop(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function ask<T>(port: number, fn: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await r.connect();
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

/**
 * Starts the group (Debian's redis-server and redis-sentinel) and waits until the replica is in
 * sync and every Sentinel knows the replica and the other Sentinels, so a failover can happen.
 */
export async function startSentinelGroup(name = 'trendscope'): Promise<SentinelGroup> {
  const dir = await mkdtemp(join(tmpdir(), 'trendscope-sentinel-'));
  const children: ChildProcess[] = [];
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const server = (port: number, extra: string[]): ChildProcess => {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--dbfilename',
        `dump-${port}.rdb`,
        '--maxmemory-policy',
        'noeviction',
        ...extra,
      ],
      { stdio: 'ignore' },
    );
    children.push(child);
    return child;
  };
  const primary = server(primaryPort, []);
  server(replicaPort, ['--replicaof', '127.0.0.1', String(primaryPort)]);
  const sentinelPorts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    sentinelPorts.push(port);
    const conf = join(dir, `sentinel-${port}.conf`);
    await writeFile(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${primaryPort} 2`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 10000`,
        `sentinel parallel-syncs ${name} 1`,
        '',
      ].join('\n'),
    );
    children.push(spawn('redis-sentinel', [conf], { stdio: 'ignore' }));
  }
  const group: SentinelGroup = {
    name,
    primaryPort,
    replicaPort,
    sentinelPorts,
    currentPrimary: async () => {
      for (const port of sentinelPorts) {
        const addr = await ask(port, (r) => r.call('SENTINEL', 'get-master-addr-by-name', name)).catch(() => null);
        if (Array.isArray(addr)) return Number(addr[1]);
      }
      throw new Error('no Sentinel answered');
    },
    killPrimary: () => void primary.kill('SIGKILL'),
    stop: async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitUntil(
      'the replica to sync',
      async () => /master_link_status:up/.test(await ask(replicaPort, (r) => r.info('replication'))),
      30_000,
    );
    for (const port of sentinelPorts) {
      await waitUntil(
        `Sentinel ${port} to know the replica and the other Sentinels`,
        async () => {
          const replicas = (await ask(port, (r) => r.call('SENTINEL', 'replicas', name))) as unknown[];
          const sentinels = (await ask(port, (r) => r.call('SENTINEL', 'sentinels', name))) as unknown[];
          return replicas.length === 1 && sentinels.length === 2;
        },
        60_000,
      );
    }
  } catch (err) {
    await group.stop();
    throw err;
  }
  return group;
}
