import type Joi from 'joi';
import { validateRequest, type RawParams } from '@trendscope/core';

/**
 * Validates a tool call's arguments with the REST endpoint's own joi schemas and pydantic-issue
 * mapper, so a bad argument is reported in the very words (type, loc, msg, ctx) of the 422.
 * Arguments are read as REST reads its parameters: each scalar as the string it would be in a
 * query string, path parameters first.
 */
export function validateToolArguments<P extends object, Q extends object>(
  params: { path?: Joi.ObjectSchema<P>; query?: Joi.ObjectSchema<Q> },
  rawArgs: unknown,
): P & Q {
  const raw = toRawParams(rawArgs);
  return validateRequest({
    ...(params.path ? { path: { schema: params.path, raw } } : {}),
    ...(params.query ? { query: { schema: params.query, raw } } : {}),
  });
}

/** JSON arguments as query-string values: numbers and booleans as text, null as absent. */
export function toRawParams(args: unknown): RawParams {
  const raw: RawParams = {};
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return raw;
  for (const [key, value] of Object.entries(args as Record<string, unknown>)) {
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
