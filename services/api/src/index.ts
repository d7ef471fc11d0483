export { buildApp, type BuildAppOptions } from './app';
export type { ApiDeps } from './deps';
