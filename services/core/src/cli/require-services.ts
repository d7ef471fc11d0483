import type { Config } from '../config/load-config';
import { redactUrl } from '../config/process-environment';
import { createOpenSearchClient } from '../opensearch/client';
import { createRedis } from '../redis/connection';
import { CliError } from './cli-context';

/** What a command talks to; the preflight checks exactly these. */
export interface ServiceNeeds {
  readonly opensearch: boolean;
  readonly redis: boolean;
}

/** How long each dependency may take to answer before the command gives up (both are checked at once). */
export const SERVICE_CHECK_TIMEOUT_MS = 3000;

/**
 * Checks that OpenSearch and Redis answer before a command starts, so an unreachable one is one
 * line naming the URL and the variables that set it, and a non-zero exit within a few seconds,
 * instead of clients retrying (and logging) for as long as the command would run.
 */
export async function requireServices(
  config: Config,
  needs: ServiceNeeds,
  timeoutMs: number = SERVICE_CHECK_TIMEOUT_MS,
): Promise<void> {
  const problems = await Promise.all([
    needs.opensearch ? openSearchProblem(config, timeoutMs) : null,
    needs.redis ? redisProblem(config, timeoutMs) : null,
  ]);
  const found = problems.filter((p): p is string => p !== null);
  if (found.length > 0) throw new CliError(found.join('; '));
}

async function openSearchProblem(config: Config, timeoutMs: number): Promise<string | null> {
  const client = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: timeoutMs });
  try {
    await withTimeout(client.info(), timeoutMs);
    return null;
  } catch (err) {
    return `cannot reach OpenSearch at ${redactUrl(config.opensearch.url)} (${reason(err)}); start it (make up) or set OPENSEARCH_URL or OS_PORT`;
  } finally {
    void client.close().catch(() => undefined);
  }
}

async function redisProblem(config: Config, timeoutMs: number): Promise<string | null> {
  const redis = createRedis(config.redis, { connectTimeoutMs: timeoutMs });
  let lastError: unknown;
  // Without a listener each failed reconnect would print a stack trace.
  redis.on('error', (err: unknown) => (lastError = err));
  try {
    await withTimeout(redis.ping(), timeoutMs);
    return null;
  } catch (err) {
    const where = config.redis.sentinels.length > 0 ? 'the Sentinels in REDIS_SENTINELS' : redactUrl(config.redis.url);
    return `cannot reach Redis at ${where} (${reason(lastError ?? err)}); start it (make up) or set REDIS_URL or REDIS_PORT`;
  } finally {
    redis.disconnect();
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The short cause of a connection failure: `ECONNREFUSED`, `ENOTFOUND`, or the first line of the message. */
function reason(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; meta?: { meta?: unknown } } | undefined;
  if (typeof e?.code === 'string' && /^E[A-Z]+$/.test(e.code)) return e.code;
  const message = String(e?.message ?? err).split('\n')[0] ?? '';
  const code = /\b(E[A-Z]{4,})\b/.exec(message)?.[1];
  return code ?? message;
}
