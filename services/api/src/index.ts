export { buildApp, type BuildAppOptions } from './app';
export { createApiServer, type ApiServerOptions } from './api-server';
export type { ApiDeps } from './deps';
export { TEST_PROCESS_HEADER } from './api-process';
