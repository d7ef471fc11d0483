import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError, RequestValidationError, toSearchError, type Logger } from '@trendscope/core';

/** The REST error body (`{detail}`) of API.md that an error maps to, with its HTTP status. */
export interface RestErrorBody {
  status: number;
  body: { detail: unknown };
}

/**
 * Maps anything a tool threw to the body the REST endpoint would answer: AppErrors keep their
 * status and detail, OpenSearch connection failures become the 503, and anything else is a 500
 * without internals (logged instead).
 */
export function toRestError(raw: unknown, logger: Logger, tool: string): RestErrorBody {
  const err = toSearchError(raw);
  if (err instanceof AppError) {
    const level = err.status >= 500 ? 'warn' : 'debug';
    logger[level]({ tool, code: err.code, status: err.status }, err.message);
    return { status: err.status, body: { detail: err.detail } };
  }
  logger.error({ tool, err: raw }, 'unhandled error in tool');
  return { status: 500, body: { detail: 'Internal Server Error' } };
}

/**
 * A tool error result (`isError: true`) carrying the REST words: a first text block an agent can
 * act on (for a bad argument: which argument and which bound), then the REST error body as JSON.
 * No `structuredContent`: clients check it against the tool's output schema, which describes
 * success only.
 */
export function toToolError(raw: unknown, logger: Logger, tool: string): CallToolResult {
  const { status, body } = toRestError(raw, logger, tool);
  return {
    isError: true,
    content: [
      { type: 'text', text: summarise(raw, status, body.detail) },
      { type: 'text', text: JSON.stringify(body) },
    ],
  };
}

function summarise(raw: unknown, status: number, detail: unknown): string {
  if (raw instanceof RequestValidationError) {
    const lines = raw.issues.map((i) => `- ${i.loc[1]}: ${i.msg} (got ${JSON.stringify(i.input ?? null)})`);
    return `Invalid arguments (${status}):\n${lines.join('\n')}`;
  }
  return `${typeof detail === 'string' ? detail : 'Error'} (${status})`;
}
