export { buildApp } from './app';
export type { ApiDeps } from './deps';
