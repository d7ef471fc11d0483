import {
  getRecentTrends,
  getTrend,
  RECENT_TRENDS_PARAMS,
  RECENT_TRENDS_SCHEMA,
  TREND_DETAIL_SCHEMA,
  TREND_PATH_PARAMS,
} from '@trendscope/core';
import { renderRecentTrends, renderTrendDetail } from '../render/trends.renderer';
import { defineTool, type ToolDefinition } from './tool.types';

/** get_recent_trends (GET /v1/trends/recent) and get_trend (GET /v1/trends/{trend_id}). */
export const trendTools: ToolDefinition[] = [
  defineTool({
    name: 'get_recent_trends',
    title: 'Recent trends',
    description:
      'Lists the trends seen most recently in published news and reported by at least two ' +
      'publishers, newest first (last_seen, then ' +
      'business_impact_score, then id). Each item is a trend summary: id, topic, one- or ' +
      'two-sentence summary, category, velocity (emerging, accelerating, peak, declining), ' +
      'business_impact_score (1-10), domain_quality_score (1.0-10.0), keywords, article and source ' +
      'counts, first_seen/last_seen. Use it first to see what is happening; narrow with category, ' +
      'hours, velocity, min_impact or min_quality, and page through with page while has_more is ' +
      'true. Next: get_trend with a chosen id for its sources and score breakdown, then ' +
      'get_trend_content for the article bodies.',
    params: { query: RECENT_TRENDS_PARAMS },
    output: RECENT_TRENDS_SCHEMA,
    run: (deps, args) => getRecentTrends(deps, args),
    render: (body) => renderRecentTrends(body),
  }),
  defineTool({
    name: 'get_trend',
    title: 'Trend detail',
    description:
      'Returns one trend by id (from get_recent_trends, search_trends or get_source_trends): the ' +
      'summary plus citations (every source article: url, title, publisher, domain, author, ' +
      'published_date, word_count, fetch_method), an hourly timeline, velocity_metrics (the numbers ' +
      'behind the velocity class: current, previous, growth, peak, age_hours, the thresholds and the ' +
      'rule clause that decided) and score_breakdown (why the scores are what they are). Use it to ' +
      'check a trend and its proof. Next: get_trend_content with the same id for the retained ' +
      'article bodies, or get_source_trends with a citation domain. An unknown id is an error ' +
      '"Trend not found".',
    params: { path: TREND_PATH_PARAMS },
    output: TREND_DETAIL_SCHEMA,
    run: (deps, args) => getTrend(deps, args),
    render: (body) => renderTrendDetail(body),
  }),
];
