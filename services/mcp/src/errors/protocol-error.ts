/** A JSON-RPC error a request handler throws: the SDK sends its `code`, `message` and `data` as they are. */
export type ProtocolError = Error & { code: number; data?: unknown };

/**
 * A JSON-RPC error whose message goes on the wire as written. The SDK's McpError writes
 * "MCP error <code>: " into its own message, and a client prefixes the code again, so an agent read
 * "MCP error -32002: MCP error -32002: Trend not found".
 */
export function protocolError(code: number, message: string, data?: Record<string, unknown>): ProtocolError {
  return Object.assign(new Error(message), { code }, data === undefined ? {} : { data });
}
