import type Joi from 'joi';
import type { ResponseName } from '@trendscope/core';

/** A JSON Schema fragment of the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/**
 * Everything about one public endpoint that both the router and the OpenAPI document need: its
 * path, its joi schemas (which validate the request AND describe the parameters) and its answers.
 */
export interface RouteSpec<P extends object = object, Q extends object = object> {
  operationId: string;
  /** Router path, `:name` for path parameters. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  pathParams?: Joi.ObjectSchema<P>;
  query?: Joi.ObjectSchema<Q>;
  /** The shape of the 200 body: one of core's response schemas. */
  response: ResponseName;
  /** The `detail` of the endpoint's 404 for an unknown resource (absent: no 404). */
  notFound?: string;
}

/** A route spec with its parameter types inferred from its joi schemas (so handlers get them typed). */
export function defineRoute<P extends object = object, Q extends object = object>(
  spec: RouteSpec<P, Q>,
): RouteSpec<P, Q> {
  return spec;
}

/** The OpenAPI form of a router path: `/v1/trends/{trend_id}`. */
export function openapiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}
