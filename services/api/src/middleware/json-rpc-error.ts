import type { AppError } from '@trendscope/core';

/**
 * JSON-RPC error codes (the server-defined range) for the answers refused before the MCP server
 * runs: a bad key, a spent quota.
 */
const CODES: Readonly<Record<number, number>> = { 401: -32001, 429: -32002 };

/**
 * The body of an error answer on the MCP endpoint: a JSON-RPC error object, which MCP clients
 * (the official SDKs among them) read and show, instead of the REST API's `{detail}`, which they
 * cannot. The HTTP status stays (401, 429, 503). `id` is null: the request was not read.
 */
export function jsonRpcErrorBody(err: AppError): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: CODES[err.status] ?? -32000,
      message: typeof err.detail === 'string' ? err.detail : err.message,
      data: { status: err.status },
    },
  };
}
