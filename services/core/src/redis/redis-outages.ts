import type { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';
import { OutageLog } from '../logging/outage-log';

const outageLogs = new WeakMap<Redis, OutageLog>();

/**
 * The one OutageLog of a Redis client, fed by the client's `error` and `ready` events (wired the
 * first time it is asked for), so a Redis outage is logged once with its recovery, however many
 * reconnect attempts and requests fail meanwhile. Code that sees a command fail reports to it too.
 */
export function watchRedisOutages(redis: Redis, logger: Logger, context: Record<string, unknown> = {}): OutageLog {
  let outage = outageLogs.get(redis);
  if (!outage) {
    const log = new OutageLog(logger, { component: 'redis', ...context });
    redis.on('error', (err: Error) => log.error(err));
    redis.on('ready', () => log.restored());
    outageLogs.set(redis, (outage = log));
  }
  return outage;
}
