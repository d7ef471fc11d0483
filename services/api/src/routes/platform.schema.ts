import { NO_PARAMS } from '@trendscope/core';
import { defineRoute } from './route-spec';

/** GET /v1/categories. */
export const CATEGORIES_ROUTE = defineRoute({
  operationId: 'listCategories',
  path: '/v1/categories',
  tag: 'platform',
  summary: 'Categories with trend counts',
  description:
    'Every category of the taxonomy with its IPTC Media Topic, its number of trends and their velocity classes; ' +
    'categories without trends are listed with zeros. Use a `category` value from here to filter other endpoints.',
  query: NO_PARAMS,
  response: 'Categories',
});

/** GET /v1/benefits. */
export const BENEFITS_ROUTE = defineRoute({
  operationId: 'getBenefits',
  path: '/v1/benefits',
  tag: 'platform',
  summary: 'What the service has gathered',
  description:
    'Measured from the indices: trends served, article bodies retained, distinct publishers, distinct source URLs ' +
    'and how articles were obtained: `fetch_methods`, the number of distinct fetch methods used, and ' +
    '`fetch_method_counts`, the articles per method (methods without any left out). A value that cannot be ' +
    'measured yet (nothing indexed) is null, never 0.',
  query: NO_PARAMS,
  response: 'Benefits',
});

/** GET /v1/stats. */
export const STATS_ROUTE = defineRoute({
  operationId: 'getStats',
  path: '/v1/stats',
  tag: 'platform',
  summary: 'Platform statistics and freshness',
  description:
    'Counts of trends (per velocity) and articles, distinct publishers, and freshness: newest article, newest ' +
    'trend update, newest pipeline run and the age of the freshest data. Unmeasured values (before any article ' +
    'or run) are null, never 0.',
  query: NO_PARAMS,
  response: 'Stats',
});
