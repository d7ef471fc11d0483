import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/** Where Redis is: a URL, optionally behind Sentinels that name the current primary. */
export interface RedisEndpoint {
  readonly url: string;
  readonly sentinels?: readonly { readonly host: string; readonly port: number }[];
  readonly sentinelName?: string;
}

/**
 * Opens a Redis connection, to `url` or, when Sentinels are given, to the primary they name (and
 * to the new primary after a failover). `forQueues` follows BullMQ's rule (no per-command retry
 * limit, so blocking workers wait through a restart or a failover); the API's connection fails
 * fast instead so a dead Redis never makes a request hang.
 */
export function createRedis(
  target: string | RedisEndpoint,
  opts: { forQueues?: boolean; connectTimeoutMs?: number } = {},
): Redis {
  const endpoint: RedisEndpoint = typeof target === 'string' ? { url: target } : target;
  const common: RedisOptions = {
    lazyConnect: false,
    connectTimeout: opts.connectTimeoutMs ?? 2000,
    maxRetriesPerRequest: opts.forQueues ? null : 1,
    // Queue workers wait through a Redis restart; everyone else gets an error within a second.
    ...(opts.forQueues ? {} : { commandTimeout: opts.connectTimeoutMs ?? 1000 }),
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
  if (!endpoint.sentinels || endpoint.sentinels.length === 0) return new Redis(endpoint.url, common);
  const url = new URL(endpoint.url);
  return new Redis({
    ...common,
    sentinels: endpoint.sentinels.map((s) => ({ host: s.host, port: s.port })),
    name: endpoint.sentinelName ?? 'trendscope',
    role: 'master',
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number(url.pathname.slice(1) || 0),
    sentinelRetryStrategy: (times) => Math.min(times * 200, 2000),
    // A former primary that came back as a replica refuses writes: reconnect, asking the Sentinels again.
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false),
  });
}

/** Closes `redis` politely (QUIT waits for replies in flight), or drops the socket when QUIT fails. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().then(
    () => undefined,
    () => redis.disconnect(),
  );
}
