#!/usr/bin/env node
// Runs the TypeScript CLI (services/pipeline/src/cli/main.ts) through tsx, so `npx trendscope ...`
// works from the repository root after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
await import(import.meta.resolve('../src/cli/main.ts'));
