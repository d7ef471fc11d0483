import type Joi from 'joi';
import type { QueryDeps } from '@trendscope/core';
import type { ZodType } from 'zod';

/**
 * One MCP tool: a read capability of the REST API. Its arguments are the endpoint's path and
 * query parameters, validated by the same joi schemas; its answer is the endpoint's JSON body.
 */
export interface ToolDefinition {
  name: string;
  title: string;
  /** What it returns, when to use it and which tool to call next. */
  description: string;
  /** core's joi schemas of the REST endpoint: path parameters first, then query parameters. */
  params: { path?: Joi.ObjectSchema; query?: Joi.ObjectSchema };
  /** The shape of the answer (the REST body), advertised as the tool's output schema. */
  output: ZodType;
  /** Calls the query layer with validated arguments and returns the REST body. */
  run(deps: QueryDeps, args: Record<string, unknown>): Promise<object>;
  /** A plain-text rendering of the answer for clients that show text only. */
  render(body: object): string;
}
