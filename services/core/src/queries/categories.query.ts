import { CATEGORIES, IPTC_MEDIA_TOPICS, VELOCITIES, type Velocity } from '../model/taxonomy';
import type { CategoriesResponse } from '../responses/platform.schema';
import { SCHEMA_VERSION } from '../version';
import type { QueryDeps } from './query-deps';
import { runSearch, totalOf, type TermsAgg } from './run-search';
import { listedTrendsQuery } from './listed-trends';
import { nowOf } from './query-deps';

/** The OpenSearch request of listCategories (exported so the benchmark sends the same one). */
export function categoriesRequest(now: Date): Record<string, unknown> {
  return {
    size: 0,
    track_total_hits: true,
    // What /v1/trends/recent can list, so `?category=` shows as many trends as counted here.
    query: listedTrendsQuery(now),
    aggs: {
      by_category: {
        terms: { field: 'category', size: 64 },
        aggs: { by_velocity: { terms: { field: 'velocity', size: 16 } } },
      },
    },
  };
}

/** Every category of the taxonomy with its listed trends' count and velocity breakdown (zeros included). */
export async function listCategories(deps: QueryDeps): Promise<CategoriesResponse> {
  const res = await runSearch<never>(deps, deps.names.trends, categoriesRequest(nowOf(deps)));
  const buckets = (res.aggregations?.by_category as TermsAgg | undefined)?.buckets ?? [];
  const categories = CATEGORIES.map((category) => {
    const bucket = buckets.find((b) => b.key === category);
    const byVelocity = (bucket?.by_velocity as TermsAgg | undefined)?.buckets ?? [];
    const velocity_breakdown = Object.fromEntries(
      VELOCITIES.map((v) => [v, byVelocity.find((b) => b.key === v)?.doc_count ?? 0]),
    ) as Record<Velocity, number>;
    return {
      category,
      iptc_media_topic: IPTC_MEDIA_TOPICS[category],
      trend_count: bucket?.doc_count ?? 0,
      velocity_breakdown,
    };
  });
  return { categories, total_trends: totalOf(res), schema_version: SCHEMA_VERSION };
}
