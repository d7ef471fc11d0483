#!/usr/bin/env node
// Runs the TypeScript CLI (services/pipeline/src/cli/main.ts) through tsx, so `npx trendscope ...`
// works from the repository root after `npm ci` with no build step. From a shell whose Node is
// older than 22 it re-runs itself under the project's Node 24 (installed as `make` does if missing).
import { register } from 'tsx/esm/api';

register();
const { rerunUnderProjectNode } = await import('@trendscope/core/project-node');
if (!rerunUnderProjectNode('trendscope', 'forward-signals')) {
  await import(import.meta.resolve('../src/cli/main.ts'));
}
