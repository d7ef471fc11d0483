import { SEARCH_PARAMS } from '@trendscope/core';
import { defineRoute } from './route-spec';

/** GET /v1/search. */
export const SEARCH_ROUTE = defineRoute({
  operationId: 'searchTrends',
  path: '/v1/search',
  tag: 'search',
  summary: 'Search trends',
  description:
    'Full-text search over trend topics, keywords and summaries within `time_window`. Syntax: plain words (all ' +
    'must match), "quoted phrases", `-word` or `-"phrase"` to exclude, `OR` between alternatives. Any input is ' +
    'accepted: malformed syntax is read as plain words, never an error. Results are ordered by relevance blended ' +
    'with recency (`score`), with matched words marked `<em>` in `highlights`.',
  query: SEARCH_PARAMS,
  response: 'SearchResults',
});
