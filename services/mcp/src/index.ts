export type { McpDeps } from './deps';
export { createMcpServer, TOOL_NAMES } from './server/create-mcp-server';
export { TAXONOMY_URI } from './resources/taxonomy.resource';
export { TREND_URI_TEMPLATE } from './resources/trend.resource';
export { toToolError, toRestError } from './errors/tool-error';
export { toInputSchema } from './schemas/input-schema';
export { toRawParams, validateToolArguments } from './server/validate-arguments';
export { renderMetrics } from './render/platform.renderer';
export { renderSearchResults, renderSourceTrends, renderTrendDetail, TEXT_CITATIONS } from './render/trends.renderer';
