#!/usr/bin/env node
// `npx trendscope ...`: runs the TypeScript CLI (services/cli/src/main.ts: the pipeline's
// commands, backups and API keys) with no build step, from any shell: core's launcher switches to the project's Node 24 and installs the
// dependencies when needed (relative import: nothing may be required to be installed yet).
// eslint-disable-next-line no-restricted-imports -- runs before the workspace packages are installed
import { launchCli } from '../../core/bin/launch-cli.mjs';

await launchCli('trendscope', new globalThis.URL('../src/main.ts', import.meta.url));
