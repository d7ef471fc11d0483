import { CONTENT_PARAMS, TREND_PATH_PARAMS } from '@trendscope/core';
import { defineRoute } from './route-spec';

/** GET /v1/content/{trend_id}. */
export const CONTENT_ROUTE = defineRoute({
  operationId: 'getTrendContent',
  path: '/v1/content/:trend_id',
  tag: 'trends',
  summary: "A trend's retained article bodies",
  description:
    'The cleaned, redacted bodies of the articles of a trend that were retained, most relevant to the trend ' +
    'first, then newest. `documents` is empty and `content_retained` false when no body was kept (the citations ' +
    'of /v1/trends/{trend_id} still list every source). 404 when no trend has this id.',
  pathParams: TREND_PATH_PARAMS,
  query: CONTENT_PARAMS,
  response: 'TrendContent',
  notFound: 'Trend not found',
});
