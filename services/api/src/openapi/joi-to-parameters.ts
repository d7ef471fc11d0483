import { patternWords } from '@trendscope/core';
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

// ECMAScript's white space and line terminators: what joi's trim() (String.prototype.trim) removes.
// Spelled out, since `\s` means a slightly different set in other regex dialects (Python's).
const SPACE = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
const NON_SPACE = `[^${SPACE.slice(1)}`;

/**
 * A pattern for "min..max characters once leading and trailing white space is trimmed" (what a
 * joi `trim().min().max()` string accepts): minLength/maxLength would count the padding too.
 */
export function trimmedLengthPattern(min: number, max: number): string {
  const middle = (lo: number): string => `[\\s\\S]{${lo},${max - 2}}`;
  const core = min <= 1 ? `${NON_SPACE}(?:${middle(0)}${NON_SPACE})?` : `${NON_SPACE}${middle(min - 2)}${NON_SPACE}`;
  return min === 0 ? `^${SPACE}*(?:${core})?${SPACE}*$` : `^${SPACE}*${core}${SPACE}*$`;
}

/** The JSON Schema of one joi key: type, bounds, pattern, enum and default, exactly as validated. */
export function joiKeyToSchema(d: KeyDescription): JsonSchema {
  const isNumber = d.type === 'number';
  const schema: JsonSchema = {
    type: isNumber ? (d.rules?.some((r) => r.name === 'integer') ? 'integer' : 'number') : 'string',
  };
  const trimmed = !isNumber && (d.rules ?? []).some((r) => r.name === 'trim');
  for (const rule of d.rules ?? []) {
    const limit = rule.args?.limit;
    if (trimmed && (rule.name === 'min' || rule.name === 'max')) continue;
    if (rule.name === 'min' && limit !== undefined) schema[isNumber ? 'minimum' : 'minLength'] = limit;
    if (rule.name === 'max' && limit !== undefined) schema[isNumber ? 'maximum' : 'maxLength'] = limit;
    if (rule.name === 'pattern' && rule.args?.regex) schema.pattern = regexSource(rule.args.regex);
  }
  if (trimmed) {
    const limit = (name: string): number | undefined => d.rules?.find((r) => r.name === name)?.args?.limit;
    const [min, max] = [limit('min') ?? 0, limit('max') ?? 1_000_000];
    schema.pattern = trimmedLengthPattern(min, max);
    // The pattern is exact but unreadable; readers (and the /docs page) get it in words.
    schema['x-pattern-words'] = `${min} to ${max} characters after trimming white space`;
  } else if (typeof schema.pattern === 'string' && patternWords(schema.pattern)) {
    schema['x-pattern-words'] = patternWords(schema.pattern);
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
