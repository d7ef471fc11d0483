import { DEFAULT_RECENT_HOURS } from '../model/bounds';
import type { Velocity } from '../model/taxonomy';
import { presentTrendSummary, TREND_SUMMARY_FIELDS, type TrendSummaryDoc } from '../presenters/trend.presenter';
import type { RecentTrendsResponse } from '../responses/trend-lists.schema';
import { SCHEMA_VERSION } from '../version';
import { nowOf, type QueryDeps } from './query-deps';
import { runSearch, totalOf } from './run-search';
import { listedTrendsQuery } from './listed-trends';

/** Input of getRecentTrends (validated by RECENT_TRENDS_PARAMS). */
export interface RecentTrendsInput {
  category?: string;
  hours?: number;
  velocity?: Velocity;
  min_impact?: number;
  min_quality?: number;
  page: number;
  limit: number;
}

/** Sort order of every "most recent first" list: last_seen, then impact, then id (stable pages). */
export const RECENT_SORT = [
  { last_seen: { order: 'desc' } },
  { business_impact_score: { order: 'desc' } },
  { id: { order: 'asc' } },
];

/** The OpenSearch request of getRecentTrends (exported so the benchmark sends the same one). */
export function recentTrendsRequest(input: RecentTrendsInput, now: Date): Record<string, unknown> {
  // Only trends reported by several publishers are listed (listed-trends.ts, domain/listing.ts).
  const listed = listedTrendsQuery(now, input.hours ?? DEFAULT_RECENT_HOURS).bool as {
    filter: Record<string, unknown>[];
    must_not: Record<string, unknown>[];
  };
  const filter = [...listed.filter];
  if (input.category !== undefined) filter.push({ term: { category: input.category.toLowerCase() } });
  if (input.velocity !== undefined) filter.push({ term: { velocity: input.velocity } });
  if (input.min_impact !== undefined) filter.push({ range: { business_impact_score: { gte: input.min_impact } } });
  if (input.min_quality !== undefined) filter.push({ range: { domain_quality_score: { gte: input.min_quality } } });
  return {
    query: { bool: { filter, must_not: listed.must_not } },
    sort: RECENT_SORT,
    from: (input.page - 1) * input.limit,
    size: input.limit,
    track_total_hits: true,
    _source: { includes: [...TREND_SUMMARY_FIELDS] },
  };
}

/** Trends seen recently and reported by several publishers, newest first, filtered and paginated (GET /v1/trends/recent). */
export async function getRecentTrends(deps: QueryDeps, input: RecentTrendsInput): Promise<RecentTrendsResponse> {
  const res = await runSearch<TrendSummaryDoc>(deps, deps.names.trends, recentTrendsRequest(input, nowOf(deps)));
  const total = totalOf(res);
  return {
    trends: res.hits.hits.flatMap((h) => (h._source ? [presentTrendSummary(h._source, h._id)] : [])),
    total,
    page: input.page,
    limit: input.limit,
    has_more: input.page * input.limit < total,
    schema_version: SCHEMA_VERSION,
  };
}
