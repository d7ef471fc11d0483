import { FETCH_METHODS, type FetchMethod } from '../model/taxonomy';
import type { BenefitsResponse } from '../responses/platform.schema';
import { SCHEMA_VERSION } from '../version';
import { nowOf, type QueryDeps } from './query-deps';
import { runMultiSearch, totalOf, type TermsAgg } from './run-search';
import { isoRequired } from '../presenters/timestamp';
import { listedTrendsQuery } from './listed-trends';
import { PUBLISHERS_AGG, publishersOf } from './publisher-count';
import { keptBodiesCountRequest } from '../opensearch/body-store';

/** The OpenSearch requests of getBenefits, as one `_msearch` (exported for the benchmark). */
export function benefitsRequests(deps: QueryDeps, now: Date): { index: string; body: Record<string, unknown> }[] {
  return [
    // Trends as /v1/trends/recent can list them (listed-trends.ts).
    { index: deps.names.trends, body: { size: 0, track_total_hits: true, query: listedTrendsQuery(now) } },
    {
      index: deps.names.articles,
      body: {
        size: 0,
        track_total_hits: true,
        aggs: {
          publishers: PUBLISHERS_AGG,
          fetch_methods: { terms: { field: 'fetch_method', size: 16 } },
        },
      },
    },
    keptBodiesCountRequest(deps.names),
  ];
}

/** What the service has gathered, measured from the indices (GET /v1/benefits). */
export async function getBenefits(deps: QueryDeps): Promise<BenefitsResponse> {
  const now = nowOf(deps);
  const [trends, articles, bodies] = await runMultiSearch(deps, benefitsRequests(deps, now));
  const trendTotal = totalOf(trends as never);
  const articleTotal = totalOf(articles as never);
  const aggs = (articles?.aggregations ?? {}) as {
    publishers?: { value: number };
    fetch_methods?: TermsAgg;
  };
  const measured = articleTotal > 0;
  const byMethod = aggs.fetch_methods?.buckets ?? [];
  // Articles per method; a method no article came by is left out, as API.md says.
  const counts: Partial<Record<FetchMethod, number>> = Object.fromEntries(
    FETCH_METHODS.flatMap((m) => {
      const n = byMethod.find((b) => b.key === m)?.doc_count ?? 0;
      return n > 0 ? [[m, n]] : [];
    }),
  );
  return {
    trends: trendTotal > 0 ? trendTotal : null,
    documents_retained: measured ? totalOf(bodies as never) : null,
    publishers: publishersOf(articleTotal, aggs.publishers),
    source_urls: measured ? articleTotal : null,
    fetch_methods: measured ? Object.keys(counts).length : null,
    fetch_method_counts: measured ? counts : null,
    generated_at: isoRequired(now.toISOString()),
    schema_version: SCHEMA_VERSION,
  };
}
