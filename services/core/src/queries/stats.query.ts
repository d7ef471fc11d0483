import type { RunDoc } from '../model/documents';
import { VELOCITIES, type Velocity } from '../model/taxonomy';
import { isoRequired, isoSeconds } from '../presenters/timestamp';
import type { StatsResponse } from '../responses/platform.schema';
import { SCHEMA_VERSION } from '../version';
import { hoursBefore, nowOf, type QueryDeps } from './query-deps';
import { runMultiSearch, totalOf, type SearchResult, type TermsAgg } from './run-search';
import { ABSORBED } from './absorbed-trends';
import { listedTrendsQuery } from './listed-trends';
import { PUBLISHERS_AGG, publishersOf } from './publisher-count';
import { keptBodiesCountRequest } from '../opensearch/body-store';

/** The OpenSearch requests of getStats, as one `_msearch` (exported for the benchmark). */
export function statsRequests(deps: QueryDeps, now: Date): { index: string; body: Record<string, unknown> }[] {
  return [
    {
      index: deps.names.trends,
      body: {
        size: 0,
        track_total_hits: true,
        query: { bool: { must_not: [ABSORBED] } },
        aggs: {
          // Trends are counted as /v1/trends/recent can list them; freshness covers every trend.
          listed: {
            filter: listedTrendsQuery(now),
            aggs: { by_velocity: { terms: { field: 'velocity', size: 16 } } },
          },
          last_update: { max: { field: 'updated_at' } },
        },
      },
    },
    {
      index: deps.names.articles,
      body: {
        size: 0,
        track_total_hits: true,
        aggs: {
          last_24h: { filter: { range: { fetched_at: { gte: hoursBefore(now, 24) } } } },
          publishers: PUBLISHERS_AGG,
          last_article: { max: { field: 'fetched_at' } },
        },
      },
    },
    {
      index: deps.names.runs,
      body: {
        size: 1,
        sort: [{ started_at: { order: 'desc' } }],
        _source: { includes: ['started_at', 'finished_at'] },
      },
    },
    keptBodiesCountRequest(deps.names),
  ];
}

type MaxAgg = { value: number | null } | undefined;

function maxIso(agg: MaxAgg): string | null {
  return agg?.value === null || agg?.value === undefined ? null : isoSeconds(new Date(agg.value).toISOString());
}

/** Counts and freshness of the served data (GET /v1/stats). */
export async function getStats(deps: QueryDeps): Promise<StatsResponse> {
  const now = nowOf(deps);
  const [trends, articles, runs, bodies] = (await runMultiSearch(deps, statsRequests(deps, now))) as [
    SearchResult<never>,
    SearchResult<never>,
    SearchResult<Pick<RunDoc, 'started_at' | 'finished_at'>>,
    SearchResult<never>,
  ];
  const tAggs = (trends.aggregations ?? {}) as {
    listed?: { doc_count: number; by_velocity?: TermsAgg };
    last_update?: MaxAgg;
  };
  const aAggs = (articles.aggregations ?? {}) as {
    last_24h?: { doc_count: number };
    publishers?: { value: number };
    last_article?: MaxAgg;
  };
  const articleTotal = totalOf(articles);
  const lastRun = runs.hits.hits[0]?._source;
  const lastArticle = maxIso(aAggs.last_article);
  const lastTrend = maxIso(tAggs.last_update);
  const newest = [lastArticle, lastTrend].filter((v): v is string => v !== null).map((v) => Date.parse(v));
  const byVelocity = tAggs.listed?.by_velocity?.buckets ?? [];
  return {
    trends: {
      total: tAggs.listed?.doc_count ?? 0,
      by_velocity: Object.fromEntries(
        VELOCITIES.map((v) => [v, byVelocity.find((b) => b.key === v)?.doc_count ?? 0]),
      ) as Record<Velocity, number>,
    },
    articles: {
      total: articleTotal,
      retained: totalOf(bodies),
      last_24h: aAggs.last_24h?.doc_count ?? 0,
    },
    publishers: publishersOf(articleTotal, aAggs.publishers),
    freshness: {
      last_article_at: lastArticle,
      last_trend_update_at: lastTrend,
      last_pipeline_run_at: lastRun ? isoSeconds(lastRun.finished_at ?? lastRun.started_at) : null,
      // How old the freshest served data is; unmeasurable before anything was written.
      lag_seconds: newest.length > 0 ? Math.max(0, Math.round((now.getTime() - Math.max(...newest)) / 1000)) : null,
    },
    generated_at: isoRequired(now.toISOString()),
    schema_version: SCHEMA_VERSION,
  };
}
