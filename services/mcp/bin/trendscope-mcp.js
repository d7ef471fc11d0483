#!/usr/bin/env node
// `npx trendscope-mcp`: runs the MCP stdio server from its TypeScript source with no build step,
// from any shell and any working directory: core's launcher switches to the project's Node 24 and
// installs the dependencies when needed (relative import: nothing may be installed yet).
// eslint-disable-next-line no-restricted-imports -- runs before the workspace packages are installed
import { launchCli } from '../../core/bin/launch-cli.mjs';

await launchCli('trendscope-mcp', new globalThis.URL('../src/stdio.main.ts', import.meta.url));
