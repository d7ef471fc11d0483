import type Joi from 'joi';

/** A JSON Schema fragment of the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/**
 * Everything about one public endpoint that both the router and the OpenAPI document need: its
 * path, its joi schemas (which validate the request AND describe the parameters) and its answers.
 */
export interface RouteSpec {
  operationId: string;
  /** Router path, `:name` for path parameters. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  pathParams?: Joi.ObjectSchema;
  query?: Joi.ObjectSchema;
  /** Schema of the 200 body. */
  response: JsonSchema;
  /** Whether the endpoint answers 404 for an unknown trend. */
  notFound?: boolean;
}

/** The OpenAPI form of a router path: `/v1/trends/{trend_id}`. */
export function openapiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}
