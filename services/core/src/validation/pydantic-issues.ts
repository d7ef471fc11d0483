import type Joi from 'joi';
import { RequestValidationError, type ValidationIssue } from '../errors/app-error';
import { patternMismatchMessage } from './pattern-words';

/** Where a parameter comes from, as FastAPI writes it in `loc`. */
export type ParamLocation = 'query' | 'path';

/** Raw parameters as a router hands them over: strings, repeated keys as arrays. */
export type RawParams = Record<string, string | string[] | undefined>;

// Python's repr of a bound: floats keep their `.0` ("greater than or equal to 1.0").
function pyNumber(n: number, isFloat: boolean): string {
  return isFloat && Number.isInteger(n) ? `${n}.0` : String(n);
}

// pydantic's "'a', 'b' or 'c'".
function pyExpected(values: readonly unknown[]): string {
  const quoted = values.map((v) => `'${String(v)}'`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

interface KeyInfo {
  isInteger: boolean;
  isNumber: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  valids?: unknown[];
}

type Description = {
  type?: string;
  rules?: { name: string; args?: { limit?: number } }[];
  allow?: unknown[];
};

// describe() walks the whole schema (milliseconds); schemas are constants, so read each once.
const DESCRIPTIONS = new WeakMap<Joi.ObjectSchema, { keys: string[]; info: Map<string, KeyInfo> }>();

function describeOnce(schema: Joi.ObjectSchema): { keys: string[]; info: Map<string, KeyInfo> } {
  const known = DESCRIPTIONS.get(schema);
  if (known) return known;
  const described = (schema.describe() as { keys?: Record<string, Description> }).keys ?? {};
  const info = new Map<string, KeyInfo>();
  for (const [key, d] of Object.entries(described)) {
    const rule = (name: string): number | undefined => d.rules?.find((r) => r.name === name)?.args?.limit;
    info.set(key, {
      isNumber: d.type === 'number',
      isInteger: d.type === 'number' && Boolean(d.rules?.some((r) => r.name === 'integer')),
      min: rule('min'),
      max: rule('max'),
      minLength: d.type === 'string' ? (rule('min') ?? 1) : undefined,
      valids: d.allow,
    });
  }
  const entry = { keys: Object.keys(described), info };
  DESCRIPTIONS.set(schema, entry);
  return entry;
}

function keyInfo(schema: Joi.ObjectSchema, key: string): KeyInfo {
  return describeOnce(schema).info.get(key) ?? { isNumber: false, isInteger: false };
}

/** The text pydantic accepts as an integer: optional sign, digits, optionally `.000`. */
const PY_INT = /^\s*[+-]?\d+(?:\.0*)?\s*$/;

/**
 * Maps one joi error detail to pydantic v2's issue (the one table of API.md "Errors"). `input`
 * is always the raw string the client sent (null when missing).
 */
export function toPydanticIssue(
  detail: Joi.ValidationErrorItem,
  location: ParamLocation,
  info: KeyInfo,
  input: string | null,
): ValidationIssue {
  const name = String(detail.path[0] ?? detail.context?.key ?? '');
  const loc: [string, string] = [location, name];
  const ctx = detail.context ?? {};
  const asFloat = info.isNumber && !info.isInteger;
  const bound = (side: 'ge' | 'le'): ValidationIssue => {
    const limit = (side === 'ge' ? info.min : info.max) ?? Number(ctx.limit);
    const words = side === 'ge' ? 'greater than or equal to' : 'less than or equal to';
    return {
      type: side === 'ge' ? 'greater_than_equal' : 'less_than_equal',
      loc,
      msg: `Input should be ${words} ${pyNumber(limit, asFloat)}`,
      input,
      ctx: { [side]: limit },
    };
  };
  switch (detail.type) {
    case 'any.required':
      return { type: 'missing', loc, msg: 'Field required', input: null };
    case 'number.base':
    case 'number.integer':
      return info.isInteger
        ? {
            type: 'int_parsing',
            loc,
            msg: 'Input should be a valid integer, unable to parse string as an integer',
            input,
          }
        : {
            type: 'float_parsing',
            loc,
            msg: 'Input should be a valid number, unable to parse string as a number',
            input,
          };
    case 'number.min':
      return bound('ge');
    case 'number.max':
      return bound('le');
    case 'number.unsafe':
    case 'number.infinity':
      // Out of float range: pydantic parses it and then fails the bound on that side.
      return bound(
        String(input ?? '')
          .trim()
          .startsWith('-')
          ? 'ge'
          : 'le',
      );
    case 'any.only': {
      const expected = pyExpected(info.valids ?? (ctx.valids as unknown[] | undefined) ?? []);
      return { type: 'literal_error', loc, msg: `Input should be ${expected}`, input, ctx: { expected } };
    }
    case 'string.empty':
    case 'string.min': {
      const min = info.minLength ?? Number(ctx.limit ?? 1);
      return {
        type: 'string_too_short',
        loc,
        msg: `String should have at least ${min} character${min === 1 ? '' : 's'}`,
        input,
        ctx: { min_length: min },
      };
    }
    case 'string.max': {
      const max = Number(ctx.limit);
      return {
        type: 'string_too_long',
        loc,
        msg: `String should have at most ${max} character${max === 1 ? '' : 's'}`,
        input,
        ctx: { max_length: max },
      };
    }
    case 'string.pattern.base': {
      const regex = ctx.regex as RegExp | string | undefined;
      const pattern = regex instanceof RegExp ? regex.source : String(regex ?? '');
      return {
        type: 'string_pattern_mismatch',
        loc,
        msg: patternMismatchMessage(pattern),
        input,
        ctx: { pattern },
      };
    }
    default:
      return { type: 'value_error', loc, msg: 'Value error, invalid value', input };
  }
}

function lastValue(v: string | string[] | undefined): string | undefined {
  // FastAPI reads the last occurrence of a repeated scalar parameter.
  return Array.isArray(v) ? v.at(-1) : v;
}

/**
 * Validates raw parameters against one joi schema and returns the converted value plus the
 * pydantic issues (one per failing parameter, in the schema's order). Unknown keys are ignored.
 */
export function collectIssues<T extends object>(
  schema: Joi.ObjectSchema<T>,
  raw: RawParams,
  location: ParamLocation,
): { value: T; issues: ValidationIssue[] } {
  const { keys } = describeOnce(schema);
  const given: Record<string, string> = {};
  const issues = new Map<string, ValidationIssue>();
  for (const key of keys) {
    const v = lastValue(raw[key]);
    if (v === undefined) continue;
    const info = keyInfo(schema, key);
    if (info.isInteger && !PY_INT.test(v)) {
      // joi would accept `1e1`; pydantic does not, and the contract follows pydantic.
      issues.set(
        key,
        toPydanticIssue({ type: 'number.base', path: [key], message: '', context: { key } }, location, info, v),
      );
      continue;
    }
    given[key] = info.isInteger ? v.trim().replace(/\.0*$/, '') : v;
  }
  const result: Joi.ValidationResult<T> = schema.validate(given, {
    abortEarly: false,
    convert: true,
    allowUnknown: true,
    stripUnknown: true,
  });
  const value = result.value as T;
  const error: Joi.ValidationError | undefined = result.error;
  for (const detail of error?.details ?? []) {
    const key = String(detail.path[0] ?? '');
    if (issues.has(key)) continue;
    const rawValue = lastValue(raw[key]);
    issues.set(key, toPydanticIssue(detail, location, keyInfo(schema, key), rawValue ?? null));
  }
  const ordered = keys.flatMap((k) => (issues.has(k) ? [issues.get(k) as ValidationIssue] : []));
  return { value, issues: ordered };
}

/** Validates one set of parameters; throws RequestValidationError (422) listing every failure. */
export function validateParams<T extends object>(
  schema: Joi.ObjectSchema<T>,
  raw: RawParams,
  location: ParamLocation,
): T {
  const { value, issues } = collectIssues<T>(schema, raw, location);
  if (issues.length > 0) throw new RequestValidationError(issues);
  return value;
}

/** The joi schemas of one endpoint's parameters with the raw values: path first, then query. */
export interface RequestParts<P extends object, Q extends object> {
  path?: { schema: Joi.ObjectSchema<P>; raw: RawParams };
  query?: { schema: Joi.ObjectSchema<Q>; raw: RawParams };
}

/**
 * Validates path and query parameters together, path first as FastAPI does, so one 422 lists
 * every failing parameter of the request; returns both, converted, as one typed input.
 */
export function validateRequest<P extends object, Q extends object>(parts: RequestParts<P, Q>): P & Q {
  const path = parts.path ? collectIssues(parts.path.schema, parts.path.raw, 'path') : undefined;
  const query = parts.query ? collectIssues(parts.query.schema, parts.query.raw, 'query') : undefined;
  const issues = [...(path?.issues ?? []), ...(query?.issues ?? [])];
  if (issues.length > 0) throw new RequestValidationError(issues);
  // An absent part has no parameters, so its (empty) input adds nothing.
  return { ...path?.value, ...query?.value } as P & Q;
}
