import type Joi from 'joi';
import parseJoi from 'joi-to-json';

/** A JSON Schema object as MCP advertises it (`inputSchema` / `outputSchema` of a tool). */
export interface JsonObjectSchema {
  type: 'object';
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
  [key: string]: unknown;
}

/**
 * The advertised input schema of a tool, converted from core's joi parameter schemas (the ones
 * the REST routes validate with), so names, types, bounds, defaults, enums and descriptions are
 * the REST endpoint's own. Path and query parameters of one endpoint become one argument object.
 */
export function toInputSchema(...schemas: Joi.ObjectSchema[]): JsonObjectSchema {
  const merged: JsonObjectSchema = { type: 'object', properties: {} };
  const required: string[] = [];
  for (const schema of schemas) {
    const json = parseJoi(schema, 'json') as JsonObjectSchema;
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      merged.properties![name] = fixPattern(property);
    }
    required.push(...(json.required ?? []));
  }
  // Unknown arguments are ignored, as unknown query parameters are by REST, so no
  // `additionalProperties: false` here.
  if (required.length > 0) merged.required = required;
  return merged;
}

// joi-to-json writes a flagged RegExp as `source/flags`; JSON Schema wants the bare source
// (validators compile patterns in unicode mode, which is the only flag core's patterns use).
function fixPattern(property: Record<string, unknown>): Record<string, unknown> {
  const pattern = property.pattern;
  if (typeof pattern !== 'string') return property;
  return { ...property, pattern: pattern.replace(/\/[gimsuyd]+$/, '') };
}
