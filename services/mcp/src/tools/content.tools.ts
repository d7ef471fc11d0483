import { CONTENT_PARAMS, getTrendContent, TREND_CONTENT_SCHEMA, TREND_PATH_PARAMS } from '@trendscope/core';
import { renderTrendContent } from '../render/content.renderer';
import { defineTool, type ToolDefinition } from './tool.types';

/** get_trend_content (GET /v1/content/{trend_id}). */
export const contentTools: ToolDefinition[] = [
  defineTool({
    name: 'get_trend_content',
    title: 'Trend article bodies',
    description:
      'Returns the retained article bodies of one trend (id from get_recent_trends, search_trends ' +
      'or get_trend): for each document its url, title, publisher, domain, author, published_date, ' +
      'fetch_method, language, word_count and body (sanitised plain text, personal data redacted). ' +
      'Use it to read what the sources actually say before relying on a trend. documents is empty ' +
      'and content_retained false when no body was kept (the citations in get_trend still list ' +
      'the sources). An unknown id is an error "Trend not found".',
    params: { path: TREND_PATH_PARAMS, query: CONTENT_PARAMS },
    output: TREND_CONTENT_SCHEMA,
    run: (deps, args) => getTrendContent(deps, args),
    render: (body) => renderTrendContent(body),
  }),
];
