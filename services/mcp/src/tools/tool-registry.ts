import type { TObject } from '@sinclair/typebox';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { toInputSchema } from '../schemas/input-schema';
import { categoryTools } from './categories.tools';
import { contentTools } from './content.tools';
import { metricsTools } from './metrics.tools';
import { searchTools } from './search.tools';
import { sourceTools } from './sources.tools';
import type { ToolDefinition } from './tool.types';
import { trendTools } from './trends.tools';

/** Every tool, in the order an agent would use them: find trends, then open them. */
export const TOOLS: readonly ToolDefinition[] = [
  ...trendTools,
  ...searchTools,
  ...categoryTools,
  ...contentTools,
  ...sourceTools,
  ...metricsTools,
];

/** Tools by name, for tools/call. */
export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(TOOLS.map((t) => [t.name, t]));

// Read-only, repeatable and closed-world: the tools only read what the pipeline indexed.
const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

let listed: Tool[] | undefined;

/** The tools/list answer: computed once, since the schemas come from constants. */
export function listedTools(): Tool[] {
  listed ??= TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toInputSchema(...[tool.params.path, tool.params.query].filter((s) => s !== undefined)),
    outputSchema: toOutputSchema(tool.output),
    annotations: { title: tool.title, ...ANNOTATIONS },
  }));
  return listed;
}

// core's response schema as plain JSON (its TypeBox markers are symbols, which JSON leaves out).
// Objects stay open, since the contract is additive (a newer server may add fields).
function toOutputSchema(schema: TObject): Tool['outputSchema'] {
  return { ...(JSON.parse(JSON.stringify(schema)) as Record<string, unknown>), type: 'object' };
}
