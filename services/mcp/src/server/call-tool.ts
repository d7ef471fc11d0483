import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SearchUnavailableError } from '@trendscope/core';
import type { McpDeps } from '../deps';
import { toToolError } from '../errors/tool-error';
import type { ToolDefinition } from '../tools/tool.types';

/**
 * Runs one tool call: validates the arguments with the REST endpoint's joi schemas, calls the
 * query layer, and answers `structuredContent` (the REST body) plus a text rendering. Every
 * failure, a bad argument included, is a tool result with `isError: true`, never a protocol error.
 */
export async function callTool(tool: ToolDefinition, deps: McpDeps, rawArgs: unknown): Promise<CallToolResult> {
  try {
    const { body, text } = await withTimeout(tool.answer(deps, rawArgs), deps.callTimeoutMs);
    return { structuredContent: body, content: [{ type: 'text', text }] };
  } catch (err) {
    return toToolError(err, deps.logger, tool.name);
  }
}

// The same bound and words as the REST API's request time-out: a slow backend is a 503, never a
// hang (over stdio there is no HTTP layer to enforce it).
const TIMEOUT_DETAIL = 'The request took too long, try again shortly';

/** Settles with `work`, or rejects with the REST time-out's 503 after `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SearchUnavailableError(TIMEOUT_DETAIL)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
