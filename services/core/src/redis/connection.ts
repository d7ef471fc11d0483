import { Redis } from 'ioredis';

export type { Redis };

/**
 * Opens a Redis connection. `forQueues` follows BullMQ's rule (no per-command retry limit, so
 * blocking workers wait through a restart); the API's connection fails fast instead so a dead Redis
 * never makes a request hang.
 */
export function createRedis(url: string, opts: { forQueues?: boolean; connectTimeoutMs?: number } = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    connectTimeout: opts.connectTimeoutMs ?? 2000,
    maxRetriesPerRequest: opts.forQueues ? null : 1,
    // Queue workers wait through a Redis restart; everyone else gets an error within a second.
    ...(opts.forQueues ? {} : { commandTimeout: opts.connectTimeoutMs ?? 1000 }),
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}
