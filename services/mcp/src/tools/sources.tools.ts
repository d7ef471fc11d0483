import { getSourceTrends, SOURCE_PARAMS, SOURCE_PATH_PARAMS, SOURCE_TRENDS_SCHEMA } from '@trendscope/core';
import { renderSourceTrends } from '../render/trends.renderer';
import { defineTool, type ToolDefinition } from './tool.types';

/** get_source_trends (GET /v1/sources/{domain}/trending). */
export const sourceTools: ToolDefinition[] = [
  defineTool({
    name: 'get_source_trends',
    title: 'Trends reported by a source',
    description:
      'Lists the trends that one publisher domain reported (at least one citation), most recent ' +
      'first. Each item is a trend summary plus origin (true when this domain published the ' +
      "trend's earliest article) and domain_articles (its number of citations in the trend). The " +
      'domain is a hostname such as "reuters.com" (case, a leading "www." and IDNs are normalised). ' +
      'Use it to follow a source you trust or to check who broke a story. An unknown domain gives ' +
      'an empty list. Next: get_trend with an id.',
    params: { path: SOURCE_PATH_PARAMS, query: SOURCE_PARAMS },
    output: SOURCE_TRENDS_SCHEMA,
    run: (deps, args) => getSourceTrends(deps, args),
    render: (body) => renderSourceTrends(body),
  }),
];
