import {
  closeRedis,
  createOpenSearchClient,
  createRedis,
  indexNames,
  type Config,
  type IndexNames,
  type OpenSearchClient,
  type Redis,
} from '@trendscope/core';

/** The stores a pipeline process opens from its config: OpenSearch, a queue-grade Redis and the names it uses in them. */
export interface ProcessStores {
  opensearch: OpenSearchClient;
  redis: Redis;
  names: IndexNames;
  keyPrefix: string;
  close(): Promise<void>;
}

/**
 * Opens them for the stage workers (pipeline-deps.ts) and for detection run on its own
 * (detect-process.ts), each with the OpenSearch time-out and retries its requests need.
 */
export function openProcessStores(
  config: Config,
  { requestTimeoutMs, maxRetries }: { requestTimeoutMs: number; maxRetries: number },
): ProcessStores {
  const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs, maxRetries });
  const redis = createRedis(config.redis, { forQueues: true });
  return {
    opensearch,
    redis,
    names: indexNames(config.opensearch.indexPrefix),
    keyPrefix: config.redis.keyPrefix,
    async close() {
      await opensearch.close();
      await closeRedis(redis);
    },
  };
}
