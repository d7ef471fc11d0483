import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { BOUNDS, CATEGORIES, IPTC_MEDIA_TOPICS, VELOCITIES } from '@trendscope/core';

/** URI of the taxonomy resource. */
export const TAXONOMY_URI = 'trendscope://taxonomy';

/** The fixed vocabulary an agent filters by: categories (with IPTC Media Topics), velocities, windows. */
export function taxonomyDocument(): object {
  return {
    categories: CATEGORIES.map((category) => ({ category, iptc_media_topic: IPTC_MEDIA_TOPICS[category] })),
    velocities: [...VELOCITIES],
    time_windows: [...BOUNDS.timeWindow.values],
  };
}

/** Registers the taxonomy as a fixed resource. */
export function registerTaxonomyResource(mcp: McpServer): void {
  mcp.registerResource(
    'taxonomy',
    TAXONOMY_URI,
    {
      title: 'Trendscope taxonomy',
      description:
        'The categories (each with its IPTC Media Topic), velocity classes and search time windows ' +
        'that the tools accept as `category`, `velocity` and `time_window`.',
      mimeType: 'application/json',
    },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(taxonomyDocument()) }],
    }),
  );
}
