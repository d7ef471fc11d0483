#!/usr/bin/env node
// `npx trendscope ...`: runs the TypeScript CLI (services/pipeline/src/cli/main.ts) with no build
// step, from any shell: core's launcher switches to the project's Node 24 and installs the
// dependencies when needed (relative import: nothing may be required to be installed yet).
// eslint-disable-next-line no-restricted-imports -- runs before the workspace packages are installed
import { launchCli } from '../../core/bin/launch-cli.mjs';

await launchCli('trendscope', new globalThis.URL('../src/cli/main.ts', import.meta.url));
