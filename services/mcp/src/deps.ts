import type { IndexNames, Logger, OpenSearchClient } from '@trendscope/core';

/** What the MCP server needs from the outside world: the query layer's deps plus a logger. */
export interface McpDeps {
  opensearch: OpenSearchClient;
  names: IndexNames;
  /** Server-side time-out put on searches (config.opensearch.queryTimeoutMs). */
  queryTimeoutMs: number;
  /** Upper bound for answering one tool call; past it the call is a 503-worded tool error. */
  callTimeoutMs: number;
  logger: Logger;
  now?: () => Date;
}
