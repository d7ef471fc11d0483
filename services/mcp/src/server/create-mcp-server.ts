import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { protocolError } from '../errors/protocol-error';
import { SERVICE_VERSION } from '@trendscope/core';
import type { McpDeps } from '../deps';
import { registerTaxonomyResource } from '../resources/taxonomy.resource';
import { registerTrendResource } from '../resources/trend.resource';
import { TOOLS, TOOLS_BY_NAME, listedTools } from '../tools/tool-registry';
import { callTool } from './call-tool';

const INSTRUCTIONS =
  'Trendscope tells what is trending in published news and why, with proof. Start with ' +
  'get_recent_trends (or search_trends for a subject), pick trends by id, then call get_trend for ' +
  'its sources (citations) and scores, and get_trend_content for the article bodies. Every trend ' +
  'is also readable as the resource trend://{id}.';

/**
 * Builds one MCP server over the query layer. Tools are served by our own list/call handlers on
 * the SDK's server rather than McpServer.registerTool: registerTool validates arguments with zod
 * before the handler runs and answers in its own words, while the contract wants the REST words
 * (validated by core's joi schemas). Resources use McpServer's registry as is.
 */
export function createMcpServer(deps: McpDeps): McpServer {
  const mcp = new McpServer(
    { name: 'trendscope', title: 'Trendscope', version: SERVICE_VERSION },
    { instructions: INSTRUCTIONS },
  );
  // Declared on the inner server, not in McpServer's options: there McpServer would install its
  // own (zod-validating) tool handlers. The tool list is fixed, so it never changes.
  mcp.server.registerCapabilities({ tools: { listChanged: false } });
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools() }));
  mcp.server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = TOOLS_BY_NAME.get(request.params.name);
    if (!tool) {
      // An unknown tool is a protocol error (as in the SDK): the caller has no such capability.
      throw protocolError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    }
    return callTool(tool, deps, request.params.arguments);
  });
  registerTrendResource(mcp, deps);
  registerTaxonomyResource(mcp);
  return mcp;
}

/** The names of every tool, in the order they are listed. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((t) => t.name);
