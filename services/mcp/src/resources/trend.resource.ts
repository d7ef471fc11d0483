import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, type Resource } from '@modelcontextprotocol/sdk/types.js';
import {
  BOUNDS,
  getRecentTrends,
  getTrend,
  NotFoundError,
  RequestValidationError,
  TREND_PATH_PARAMS,
  validateParams,
} from '@trendscope/core';
import type { McpDeps } from '../deps';
import { protocolError, type ProtocolError } from '../errors/protocol-error';
import { toRestError } from '../errors/tool-error';
import { withTimeout } from '../server/call-tool';
import { toRawParams } from '../server/validate-arguments';

/** URI template of a trend resource. */
export const TREND_URI_TEMPLATE = 'trend://{id}';

// JSON-RPC code the MCP specification gives to "resource not found".
const RESOURCE_NOT_FOUND = -32002;

/**
 * Registers `trend://{id}`: the trend detail of GET /v1/trends/{id} as JSON. Listing it gives the
 * most recent trends (one page), so a client can browse without a tool call.
 */
export function registerTrendResource(mcp: McpServer, deps: McpDeps): void {
  const template = new ResourceTemplate(TREND_URI_TEMPLATE, {
    list: async () => ({ resources: await listRecentTrendResources(deps) }),
  });
  mcp.registerResource(
    'trend',
    template,
    {
      title: 'Trend',
      description:
        'One trend with its citations (sources), timeline, velocity metrics and score breakdown: the ' +
        'same JSON as the get_trend tool. Ids come from get_recent_trends or search_trends.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      try {
        const { trend_id } = validateParams<{ trend_id: string }>(
          TREND_PATH_PARAMS,
          toRawParams({ trend_id: variables.id }),
          'path',
        );
        const body = await withTimeout(getTrend(deps, { trend_id }), deps.callTimeoutMs);
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] };
      } catch (err) {
        throw toResourceError(err, deps, uri.href);
      }
    },
  );
}

// Listing is a convenience: with the backend down it lists no trends (the fixed taxonomy
// resource is still listed) rather than failing the whole resources/list request.
async function listRecentTrendResources(deps: McpDeps): Promise<Resource[]> {
  try {
    const recent = await withTimeout(getRecentTrends(deps, { page: 1, limit: BOUNDS.limit.max }), deps.callTimeoutMs);
    return recent.trends.map((t) => ({
      uri: `trend://${t.id}`,
      name: t.id,
      title: t.topic,
      ...(t.summary ? { description: t.summary } : {}),
      mimeType: 'application/json',
    }));
  } catch (err) {
    toRestError(err, deps.logger, 'resources/list');
    return [];
  }
}

// Resources have no isError result: failures are JSON-RPC errors carrying the REST words.
function toResourceError(err: unknown, deps: McpDeps, uri: string): ProtocolError {
  const { status, body } = toRestError(err, deps.logger, 'resource:trend');
  if (err instanceof NotFoundError) return protocolError(RESOURCE_NOT_FOUND, String(body.detail), { uri, ...body });
  if (err instanceof RequestValidationError) {
    const msg = err.issues.map((i) => `${i.loc[1]}: ${i.msg}`).join('; ');
    return protocolError(ErrorCode.InvalidParams, msg, { uri, ...body });
  }
  return protocolError(ErrorCode.InternalError, String(body.detail), { uri, status, ...body });
}
