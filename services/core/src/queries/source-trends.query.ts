import type { TrendDoc } from '../model/documents';
import { presentTrendSummary, TREND_SUMMARY_FIELDS, type TrendSummaryDoc } from '../presenters/trend.presenter';
import type { SourceTrendsResponse } from '../responses/trend-lists.schema';
import { SCHEMA_VERSION } from '../version';
import type { QueryDeps } from './query-deps';
import { RECENT_SORT } from './recent-trends.query';
import { runSearch, totalOf } from './run-search';
import { ABSORBED } from './absorbed-trends';

type SourceTrendDoc = TrendSummaryDoc & Pick<TrendDoc, 'origin_domain' | 'domain_articles'>;

/** The OpenSearch request of getSourceTrends (exported so the benchmark sends the same one). */
export function sourceTrendsRequest(domain: string, limit: number): Record<string, unknown> {
  return {
    query: { bool: { filter: [{ term: { source_domains: domain } }], must_not: [ABSORBED] } },
    sort: RECENT_SORT,
    size: limit,
    track_total_hits: true,
    _source: { includes: [...TREND_SUMMARY_FIELDS, 'origin_domain', 'domain_articles'] },
  };
}

/**
 * Trends citing a domain, most recent first (GET /v1/sources/{domain}/trending). `input.domain`
 * is in the compared form SOURCE_PATH_PARAMS gives (normalised once, not again here: dropping
 * `www.` twice would answer `www.www.example.com` with example.com's trends). Citations name a
 * source by its registrable domain (sourceDomain), so a subdomain is found in no trend: an empty
 * list, as API.md allows; /v1/sources/{domain} names the domain to ask for in its 404.
 */
export async function getSourceTrends(
  deps: QueryDeps,
  input: { domain: string; limit: number },
): Promise<SourceTrendsResponse> {
  const domain = input.domain;
  const res = await runSearch<SourceTrendDoc>(deps, deps.names.trends, sourceTrendsRequest(domain, input.limit));
  const trends = res.hits.hits.flatMap((h) => {
    const doc = h._source;
    if (!doc) return [];
    // Listed in source_domains means at least one citation, even if the per-domain count is absent.
    const count = doc.domain_articles?.[domain] ?? 1;
    return [{ ...presentTrendSummary(doc, h._id), origin: doc.origin_domain === domain, domain_articles: count }];
  });
  return { domain, trends, total: totalOf(res), limit: input.limit, schema_version: SCHEMA_VERSION };
}
