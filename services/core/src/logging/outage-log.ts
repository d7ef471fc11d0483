import type { Logger } from 'pino';

/** Error codes and messages of a lost or refused connection (ioredis, BullMQ, Node sockets). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// ioredis's own: a command that timed out or ran out of retries also means Redis is not answering.
const CONNECTION_MESSAGE =
  /connection is closed|connect ECONNREFUSED|all sentinels are unreachable|socket closed|command timed out|max retries per request/i;

/** Whether an error says a connection was lost or refused, rather than what a command did wrong. */
export function isConnectionError(err: Error & { code?: unknown }): boolean {
  return (typeof err.code === 'string' && CONNECTION_CODES.has(err.code)) || CONNECTION_MESSAGE.test(err.message);
}

/**
 * Logs a lost connection once per outage rather than once per reconnect attempt (a client retrying
 * every 200 ms would flood the log), then one line with its length when it is back. Other errors
 * are logged each time.
 */
export class OutageLog {
  private since: number | undefined;
  private errors = 0;

  constructor(
    private readonly logger: Logger,
    private readonly context: Record<string, unknown>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an error: the first of an outage is logged, the rest only counted. */
  error(err: Error): void {
    if (!isConnectionError(err)) {
      this.logger.error({ ...this.context, err: err.message }, 'connection error');
      return;
    }
    this.errors++;
    if (this.since !== undefined) return;
    this.since = this.now();
    this.logger.warn({ ...this.context, err: err.message }, 'connection lost; retrying');
  }

  /** The connection is ready again: ends the outage, if there was one. */
  restored(): void {
    if (this.since === undefined) return;
    this.logger.warn({ ...this.context, down_ms: this.now() - this.since, errors: this.errors }, 'connection restored');
    this.since = undefined;
    this.errors = 0;
  }

  /** Whether an outage is under way (for tests and health). */
  get down(): boolean {
    return this.since !== undefined;
  }
}
