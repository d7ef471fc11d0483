#!/usr/bin/env node
// `npx trendscope-mcp`: runs the MCP stdio server from its TypeScript source through tsx (the
// project has no build step). Paths resolve from this file, so any working directory works.
import { register } from 'tsx/esm/api';

register();
await import(new globalThis.URL('../src/stdio.main.ts', import.meta.url).href);
