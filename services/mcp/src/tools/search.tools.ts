import { SEARCH_PARAMS, searchTrends } from '@trendscope/core';
import { renderSearchResults } from '../render/trends.renderer';
import { SEARCH_RESULTS } from '../schemas/output.schemas';
import type { ToolDefinition } from './tool.types';

/** search_trends (GET /v1/search). */
export const searchTools: ToolDefinition[] = [
  {
    name: 'search_trends',
    title: 'Search trends',
    description:
      'Full-text search over trends (topic, summary, keywords) seen within time_window (1h, 24h, ' +
      '7d, 30d; default 7d), best match first. Each result is a trend summary plus score ' +
      '(relevance) and highlights (matched words marked with <em>). Use it when you have a subject ' +
      'in mind ("chip export controls", "layoffs -retail"); q accepts "quoted phrases", -excluded ' +
      'words and OR. Narrow with category or min_impact. Next: get_trend with a result id, then ' +
      'get_trend_content.',
    params: { query: SEARCH_PARAMS },
    output: SEARCH_RESULTS,
    run: (deps, args) => searchTrends(deps, args as unknown as Parameters<typeof searchTrends>[1]),
    render: (body) => renderSearchResults(body),
  },
];
