import { Type, type TSchema, type TUnsafe, type Static } from '@sinclair/typebox';
import { TREND_ID_PATTERN } from '../model/bounds';
import { SCHEMA_VERSION } from '../version';

/**
 * Building blocks of the response schemas. Each returns a plain JSON Schema (draft-07 and 2020-12
 * alike, so OpenAPI 3.1 and MCP clients read the same object) that carries its TypeScript type.
 */

/** A string with a description. */
export const text = (description: string) => Type.String({ description });

/** A non-negative integer (counts). */
export const count = (description: string) => Type.Integer({ minimum: 0, description });

/** An ISO 8601 UTC timestamp (`2026-11-21T09:30:00Z`). */
export const timestamp = (description: string) => Type.String({ format: 'date-time', description });

/** A trend id as served (`tr_` + base32), the same pattern the path parameter validates. */
export const trendId = (description: string) => Type.String({ pattern: TREND_ID_PATTERN.source, description });

/** `schema_version` of every body. */
export const schemaVersion = () => Type.String({ description: `Version of the response schema (${SCHEMA_VERSION}).` });

/** One of a fixed list of strings (`enum`), typed as their union. */
export function oneOf<const T extends readonly string[]>(values: T, description: string): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });
}

/** `schema` or null, written as a type list (`["string", "null"]`) as OpenAPI 3.1 documents it. */
export function nullable<S extends TSchema>(schema: S): TUnsafe<Static<S> | null> {
  // Own string keys only: TypeBox's symbol keys would mark the copy as the non-null kind.
  return Type.Unsafe<Static<S> | null>({
    ...Object.fromEntries(Object.entries(schema)),
    type: [String(schema.type), 'null'],
  });
}

/** An object with one count per name, zeros included. */
export function countsByName<const N extends readonly string[]>(
  names: N,
  describe: (name: N[number]) => string,
  description: string,
): TUnsafe<Record<N[number], number>> {
  return Type.Unsafe({
    type: 'object',
    description,
    properties: Object.fromEntries(names.map((n) => [n, count(describe(n))])),
    required: [...names],
  });
}

/** An object with a count for each name that has any: names without any are left out. */
export function nonZeroCountsByName<const N extends readonly string[]>(
  names: N,
  describe: (name: N[number]) => string,
  description: string,
): TUnsafe<Partial<Record<N[number], number>>> {
  return Type.Unsafe({
    type: 'object',
    description,
    properties: Object.fromEntries(names.map((n) => [n, Type.Integer({ minimum: 1, description: describe(n) })])),
  });
}

/** A JSON object whose members are not described one by one. */
export const looseObject = (description: string) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', description });
