import {
  missingAliases,
  type DependencyCheck,
  type HealthResponse,
  type IndexNames,
  type IndicesCheck,
  type OpenSearchClient,
  type Redis,
} from '@trendscope/core';

/** Runs `probe`, and reports it down when it fails or takes longer than `timeoutMs`. */
async function check(probe: () => Promise<unknown>, timeoutMs: number): Promise<DependencyCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { status: 'up', latency_ms: Math.round(performance.now() - started) };
  } catch (err) {
    return {
      status: 'down',
      latency_ms: Math.round(performance.now() - started),
      error: describe(err),
    };
  } finally {
    clearTimeout(timer);
  }
}

// Public text only: the kind of failure, never an internal address.
function describe(err: unknown): string {
  const name = (err as { name?: string }).name ?? 'Error';
  if (/no answer within/.test(String((err as Error).message))) return (err as Error).message;
  if (name === 'ConnectionError' || name === 'NoLivingConnectionsError') return 'connection refused or lost';
  if (name === 'TimeoutError') return 'request timed out';
  if (/ECONNREFUSED|connect|closed|Connection/i.test(String((err as Error).message)))
    return 'connection refused or lost';
  return 'check failed';
}

/** Every alias resolves to an index: down, naming the missing aliases, when one does not. */
async function checkIndices(opensearch: OpenSearchClient, names: IndexNames, timeoutMs: number): Promise<IndicesCheck> {
  let missing: string[] = [];
  const result = await check(async () => {
    missing = await missingAliases(opensearch, names, { timeoutMs });
  }, timeoutMs);
  if (result.status === 'down' || missing.length === 0) return result;
  return { status: 'down', latency_ms: result.latency_ms, error: `no index behind ${missing.join(', ')}`, missing };
}

/**
 * Checks OpenSearch (cluster health answers), the indices (every alias resolves to an index: a lost
 * index must not look like an empty service) and Redis (PING) in parallel. OpenSearch answers from
 * the state of the node the client reaches (`local`): without it the request waits for the elected
 * cluster manager, so losing that one node made /health say OpenSearch was down for the seconds of
 * the election, while every read was still served.
 */
export async function checkDependencies(
  deps: { opensearch: OpenSearchClient; redis: Redis; names: IndexNames },
  timeoutMs: number,
): Promise<HealthResponse['checks']> {
  const [opensearch, redis, indices] = await Promise.all([
    check(
      () => deps.opensearch.cluster.health({ local: true, timeout: `${timeoutMs}ms` }, { requestTimeout: timeoutMs }),
      timeoutMs,
    ),
    check(() => deps.redis.ping(), timeoutMs),
    checkIndices(deps.opensearch, deps.names, timeoutMs),
  ]);
  return { opensearch, redis, indices };
}
