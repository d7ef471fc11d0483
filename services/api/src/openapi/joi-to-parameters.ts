import type Joi from 'joi';
import type { JsonSchema } from '../routes/route-spec';

/** One OpenAPI parameter object. */
export interface ParameterObject {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description: string;
  schema: JsonSchema;
}

interface KeyDescription {
  type: string;
  flags?: { presence?: string; description?: string; default?: unknown; only?: boolean };
  rules?: { name: string; args?: { limit?: number; regex?: string } }[];
  allow?: unknown[];
}

/** `/^abc$/u` as joi describes a pattern -> `^abc$`. */
function regexSource(described: string): string {
  const m = /^\/(.*)\/[a-z]*$/s.exec(described);
  return m?.[1] ?? described;
}

/** The JSON Schema of one joi key: type, bounds, pattern, enum and default, exactly as validated. */
export function joiKeyToSchema(d: KeyDescription): JsonSchema {
  const isNumber = d.type === 'number';
  const schema: JsonSchema = {
    type: isNumber ? (d.rules?.some((r) => r.name === 'integer') ? 'integer' : 'number') : 'string',
  };
  for (const rule of d.rules ?? []) {
    const limit = rule.args?.limit;
    if (rule.name === 'min' && limit !== undefined) schema[isNumber ? 'minimum' : 'minLength'] = limit;
    if (rule.name === 'max' && limit !== undefined) schema[isNumber ? 'maximum' : 'maxLength'] = limit;
    if (rule.name === 'pattern' && rule.args?.regex) schema.pattern = regexSource(rule.args.regex);
  }
  if (d.flags?.only && d.allow) schema.enum = [...d.allow];
  if (d.flags?.default !== undefined) schema.default = d.flags.default;
  return schema;
}

/** The OpenAPI parameters of one joi object schema (path parameters are always required). */
export function joiToParameters(schema: Joi.ObjectSchema | undefined, location: 'query' | 'path'): ParameterObject[] {
  if (!schema) return [];
  const keys = (schema.describe() as { keys?: Record<string, KeyDescription> }).keys ?? {};
  return Object.entries(keys).map(([name, d]) => ({
    name,
    in: location,
    required: location === 'path' || d.flags?.presence === 'required',
    description: d.flags?.description ?? '',
    schema: joiKeyToSchema(d),
  }));
}
