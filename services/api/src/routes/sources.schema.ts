import { NO_PARAMS, SOURCE_PARAMS, SOURCE_PATH_PARAMS } from '@trendscope/core';
import { defineRoute } from './route-spec';

/** GET /v1/sources/{domain}/trending. */
export const SOURCE_TRENDS_ROUTE = defineRoute({
  operationId: 'getSourceTrends',
  path: '/v1/sources/:domain/trending',
  tag: 'sources',
  summary: 'Trends a publisher reported',
  description:
    'Trends with at least one citation from this domain, most recent first. The domain is compared case-folded, ' +
    'in punycode for internationalised names, and without one leading `www.`. Sources are named by their ' +
    'registrable domain, as citations show them (`cnn.com`, not `edition.cnn.com`): a subdomain gives an ' +
    'empty list. Each trend says whether this domain ' +
    'published its earliest article (`origin`) and how many of its articles it wrote (`domain_articles`). A ' +
    'domain with no trends gives an empty list.',
  pathParams: SOURCE_PATH_PARAMS,
  query: SOURCE_PARAMS,
  response: 'SourceTrends',
});

/** GET /v1/sources/{domain}. */
export const SOURCE_ROUTE = defineRoute({
  operationId: 'getSource',
  path: '/v1/sources/:domain',
  tag: 'sources',
  summary: "A publisher's quality score and its parts",
  description:
    'The domain quality score (1.0-10.0) of one publisher with how it was made: the published rating when one ' +
    'exists (`rated`, `rating`: Lin et al. 2023, 0-1), else an estimate learned from rated outlets (with its 80 % ' +
    'interval and the observations it rests on), blended with what the pipeline observed on fetched pages ' +
    '(`quality_breakdown`: signals, estimate, weights; headline-only feed items leave the prior as it is); plus its article ' +
    'and trend counts and time span. The domain is normalised as for /v1/sources/{domain}/trending. A domain ' +
    'whose articles are stored but that no detection run has scored yet answers what its articles tell, with ' +
    '`quality_score`, `quality_breakdown` and `rated` null. 404 for a domain never seen (no article stored, never ' +
    'scored); for a subdomain (`edition.cnn.com`) its detail names the registrable domain to ask for (`cnn.com`).',
  pathParams: SOURCE_PATH_PARAMS,
  query: NO_PARAMS,
  response: 'Source',
  notFound: 'Source not found',
});
