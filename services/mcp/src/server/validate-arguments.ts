import type Joi from 'joi';
import { collectIssues, RequestValidationError, type RawParams, type ValidationIssue } from '@trendscope/core';
import { toInputSchema } from '../schemas/input-schema';

type Location = 'path' | 'query';

/**
 * Validates a tool call's arguments with the REST endpoint's own joi schemas and pydantic-issue
 * mapper, so a bad argument is reported in the very words (type, loc, msg, ctx) of the 422.
 * Arguments are read as REST reads its parameters (each scalar as the string it would be in a
 * query string, path parameters first), once their JSON type is the one the tool's input schema
 * advertises: `limit: "5"` is refused as pydantic refuses a string for an int in strict mode
 * (`int_type`), since a query string cannot say the difference and the schema says integer.
 */
export function validateToolArguments<P extends object, Q extends object>(
  params: { path?: Joi.ObjectSchema<P>; query?: Joi.ObjectSchema<Q> },
  rawArgs: unknown,
): P & Q {
  const args = isPlainObject(rawArgs) ? rawArgs : {};
  const parts: [Location, Joi.ObjectSchema | undefined][] = [
    ['path', params.path],
    ['query', params.query],
  ];
  const issues: ValidationIssue[] = [];
  let value: Record<string, unknown> = {};
  for (const [location, schema] of parts) {
    if (!schema) continue;
    const types = advertisedTypes(schema);
    const wrong = new Map<string, ValidationIssue>();
    for (const [name, type] of types) {
      const issue = typeIssue(type, args[name], location, name);
      if (issue) wrong.set(name, issue);
    }
    const raw = toRawParams(Object.fromEntries(Object.entries(args).filter(([k]) => !wrong.has(k))));
    const checked = collectIssues(schema, raw, location);
    // One issue per failing parameter, in the schema's order, the type issue first of all.
    for (const name of types.keys()) {
      const typed = wrong.get(name);
      issues.push(...(typed ? [typed] : checked.issues.filter((i) => i.loc[1] === name)));
    }
    value = { ...value, ...(checked.value as Record<string, unknown>) };
  }
  if (issues.length > 0) throw new RequestValidationError(issues);
  return value as P & Q;
}

const TYPE_WORDS: Record<string, { type: string; msg: string; ok: (v: unknown) => boolean }> = {
  integer: { type: 'int_type', msg: 'Input should be a valid integer', ok: (v) => typeof v === 'number' },
  number: { type: 'float_type', msg: 'Input should be a valid number', ok: (v) => typeof v === 'number' },
  string: { type: 'string_type', msg: 'Input should be a valid string', ok: (v) => typeof v === 'string' },
};

/** The pydantic (strict) issue of an argument whose JSON type is not the advertised one, else null. */
function typeIssue(type: string, v: unknown, location: Location, name: string): ValidationIssue | null {
  const words = TYPE_WORDS[type];
  if (v === null || v === undefined || !words || words.ok(v)) return null;
  return { type: words.type, loc: [location, name], msg: words.msg, input: toText(v) };
}

const typesOf = new WeakMap<Joi.ObjectSchema, Map<string, string>>();

/** Each parameter's JSON type as the tool's input schema advertises it (tools/list). */
function advertisedTypes(schema: Joi.ObjectSchema): Map<string, string> {
  let types = typesOf.get(schema);
  if (!types) {
    const properties = toInputSchema(schema).properties ?? {};
    types = new Map(Object.entries(properties).map(([name, p]) => [name, String(p.type)]));
    typesOf.set(schema, types);
  }
  return types;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** JSON arguments as query-string values: numbers and booleans as text, null as absent. */
export function toRawParams(args: unknown): RawParams {
  const raw: RawParams = {};
  if (!isPlainObject(args)) return raw;
  for (const [key, value] of Object.entries(args)) {
    if (value === null || value === undefined) continue;
    raw[key] = Array.isArray(value) ? value.map(toText) : toText(value);
  }
  return raw;
}

function toText(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
}
