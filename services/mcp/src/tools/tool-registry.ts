import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
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

// draft-07, as the SDK itself converts zod schemas; "input" io leaves objects open, since the
// contract is additive (new fields may appear).
function toOutputSchema(schema: z.ZodType): Tool['outputSchema'] {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return json as Tool['outputSchema'];
}
