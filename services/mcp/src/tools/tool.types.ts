import type { Static, TObject } from '@sinclair/typebox';
import type Joi from 'joi';
import type { QueryDeps } from '@trendscope/core';
import { validateToolArguments } from '../server/validate-arguments';

/**
 * One MCP tool as written: a read capability of the REST API. Its arguments are the endpoint's
 * path and query parameters, validated by the same joi schemas (which type them); its answer is
 * the endpoint's JSON body, whose shape is core's response schema (which types it).
 */
export interface ToolSpec<P extends object, Q extends object, S extends TObject> {
  name: string;
  title: string;
  /** What it returns, when to use it and which tool to call next. */
  description: string;
  /** core's joi schemas of the REST endpoint: path parameters first, then query parameters. */
  params: { path?: Joi.ObjectSchema<P>; query?: Joi.ObjectSchema<Q> };
  /** core's schema of the answer (the REST body), advertised as the tool's output schema. */
  output: S;
  /** Calls the query layer with the validated arguments and returns the REST body. */
  run: (deps: QueryDeps, args: P & Q) => Promise<Static<S>>;
  /** A plain-text rendering of the answer for clients that show text only. */
  render: (body: Static<S>) => string;
}

/** A tool as the server holds it: what tools/list shows, and one call that validates, runs and renders. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  params: { path?: Joi.ObjectSchema; query?: Joi.ObjectSchema };
  output: TObject;
  /** Validates raw arguments (a bad one throws the REST 422 error), runs the tool and renders its answer. */
  answer: (deps: QueryDeps, rawArgs: unknown) => Promise<{ body: Record<string, unknown>; text: string }>;
}

/** Turns a typed tool spec into the definition the server holds, keeping argument and answer types checked. */
export function defineTool<P extends object, Q extends object, S extends TObject>(
  spec: ToolSpec<P, Q, S>,
): ToolDefinition {
  const { run, render, ...listed } = spec;
  return {
    ...listed,
    answer: async (deps, rawArgs) => {
      const body = await run(deps, validateToolArguments(spec.params, rawArgs));
      return { body, text: render(body) };
    },
  };
}
