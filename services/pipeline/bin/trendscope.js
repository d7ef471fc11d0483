#!/usr/bin/env node
// Runs the TypeScript CLI (services/pipeline/src/cli/main.ts) through tsx, so `npx trendscope ...`
// works from the repository root after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
