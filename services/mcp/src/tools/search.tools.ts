import { SEARCH_PARAMS, SEARCH_RESULTS_SCHEMA, searchTrends } from '@trendscope/core';
import { renderSearchResults } from '../render/trends.renderer';
import { defineTool, type ToolDefinition } from './tool.types';

/** search_trends (GET /v1/search). */
export const searchTools: ToolDefinition[] = [
  defineTool({
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
    output: SEARCH_RESULTS_SCHEMA,
    run: (deps, args) => searchTrends(deps, args),
    render: (body) => renderSearchResults(body),
  }),
];
