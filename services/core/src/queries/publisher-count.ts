/**
 * Distinct publishers (article domains), as /v1/stats and /v1/benefits both serve `publishers`: one
 * aggregation so the two answers count alike (exact below 40,000 domains, an estimate above).
 */
export const PUBLISHERS_AGG: Readonly<Record<string, unknown>> = {
  cardinality: { field: 'domain', precision_threshold: 40000 },
};

/** The count PUBLISHERS_AGG answered, or null (not measured) when no article is indexed. */
export function publishersOf(articleTotal: number, agg: { value: number } | undefined): number | null {
  return articleTotal > 0 ? (agg?.value ?? 0) : null;
}
