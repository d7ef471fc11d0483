import { RECENT_TRENDS_PARAMS, TREND_PATH_PARAMS } from '@trendscope/core';
import { defineRoute } from './route-spec';

/** GET /v1/trends/recent. */
export const RECENT_TRENDS_ROUTE = defineRoute({
  operationId: 'getRecentTrends',
  path: '/v1/trends/recent',
  tag: 'trends',
  summary: 'Recent trends, newest first',
  description:
    'Trends seen in the last `hours` (default: the whole 90-day window) and reported by at least two publishers ' +
    '(`source_count` >= 2; a one-publisher trend is still served by id and search), newest `last_seen` first, then highest ' +
    'business impact, then id. Filter by category, velocity, minimum impact and minimum quality; page with ' +
    '`page` and `limit` until `has_more` is false. An unknown category gives an empty list, not an error.',
  query: RECENT_TRENDS_PARAMS,
  response: 'RecentTrends',
});

/** GET /v1/trends/{trend_id}. */
export const TREND_DETAIL_ROUTE = defineRoute({
  operationId: 'getTrend',
  path: '/v1/trends/:trend_id',
  tag: 'trends',
  summary: 'One trend with its sources and numbers',
  description:
    'The trend summary plus its citations (provenance of each article), hourly timeline, the numbers behind ' +
    'its velocity class and the parts of both scores. 404 when no trend has this id.',
  pathParams: TREND_PATH_PARAMS,
  response: 'TrendDetail',
  notFound: 'Trend not found',
});
