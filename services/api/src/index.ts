export { buildApp, type BuildAppOptions } from './app';
export type { ApiDeps } from './deps';
export { createMcpRouter, MCP_PATH } from './routes/mcp.router';
