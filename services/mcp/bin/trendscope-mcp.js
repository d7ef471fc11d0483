#!/usr/bin/env node
// `npx trendscope-mcp`: runs the MCP stdio server from its TypeScript source through tsx (the
// project has no build step). Paths resolve from this file, so any working directory works. From a
// shell whose Node is older than 22 it re-runs itself under the project's Node 24.
import { register } from 'tsx/esm/api';

register();
const { rerunUnderProjectNode } = await import('@trendscope/core/project-node');
if (!rerunUnderProjectNode('trendscope-mcp', 'forward-signals')) {
  await import(new globalThis.URL('../src/stdio.main.ts', import.meta.url).href);
}
