import type { Config, IndexNames, Logger, OpenSearchClient, QuotaService, Redis } from '@trendscope/core';

/** Everything the API needs from the outside world, built once by main.ts (or by a test). */
export interface ApiDeps {
  config: Config;
  logger: Logger;
  opensearch: OpenSearchClient;
  redis: Redis;
  names: IndexNames;
  /** Counts requests against quotas; built once per process beside `redis`, closed on shutdown. */
  quotas: QuotaService;
  /** Clock of the query layer; tests pin it, main.ts leaves the system clock. */
  now?: () => Date;
}
