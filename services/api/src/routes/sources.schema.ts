import { SOURCE_PARAMS, SOURCE_PATH_PARAMS } from '@trendscope/core';
import { defineRoute } from './route-spec';

/** GET /v1/sources/{domain}/trending. */
export const SOURCE_TRENDS_ROUTE = defineRoute({
  operationId: 'getSourceTrends',
  path: '/v1/sources/:domain/trending',
  tag: 'sources',
  summary: 'Trends a publisher reported',
  description:
    'Trends with at least one citation from this domain, most recent first. The domain is compared case-folded, ' +
    'in punycode for internationalised names, and without a leading `www.`. Each trend says whether this domain ' +
    'published its earliest article (`origin`) and how many of its articles it wrote (`domain_articles`). A ' +
    'domain with no trends gives an empty list.',
  pathParams: SOURCE_PATH_PARAMS,
  query: SOURCE_PARAMS,
  response: 'SourceTrends',
});
