import type {
  RecentTrendsResponse,
  SearchTrendsResponse,
  SourceTrendsResponse,
  TrendDetailResponse,
  TrendSummary,
} from '@trendscope/core';
import { agreeing, counted } from './counted';

/** One trend summary as a few lines of text, id first so an agent can act on it. */
export function renderSummary(t: TrendSummary, extra = ''): string {
  return [
    `- ${t.id}: ${t.topic}${extra}`,
    `  ${t.category}, ${t.velocity}, impact ${t.business_impact_score}/10, quality ${t.domain_quality_score}/10, ` +
      `${counted(t.article_count, 'article')} from ${counted(t.source_count, 'source')}, ${t.first_seen} .. ${t.last_seen}`,
    ...(t.summary ? [`  ${t.summary}`] : []),
    ...(t.keywords.length > 0 ? [`  keywords: ${t.keywords.join(', ')}`] : []),
  ].join('\n');
}

/** get_recent_trends as text. */
export function renderRecentTrends(body: RecentTrendsResponse): string {
  const head = `${counted(body.total, 'trend')}; page ${body.page} (limit ${body.limit})${body.has_more ? ', more on the next page' : ''}.`;
  if (body.trends.length === 0) return `${head}\nNo trends match.`;
  return [head, ...body.trends.map((t) => renderSummary(t)), NEXT_STEP].join('\n');
}

/** search_trends as text. */
export function renderSearchResults(body: SearchTrendsResponse): string {
  const head = `${counted(body.total, 'trend')} ${agreeing(body.total, 'match')} "${body.query}" within ${body.time_window} (showing ${body.results.length}).`;
  if (body.results.length === 0) return head;
  return [head, ...body.results.map((t) => renderSummary(t, ` (score ${t.score})`)), NEXT_STEP].join('\n');
}

/** get_source_trends as text. */
export function renderSourceTrends(body: SourceTrendsResponse): string {
  const head = `${counted(body.total, 'trend')} ${agreeing(body.total, 'cite')} ${body.domain} (showing ${body.trends.length}).`;
  if (body.trends.length === 0) return head;
  const items = body.trends.map((t) =>
    renderSummary(
      t,
      ` [${counted(t.domain_articles, 'article')} from ${body.domain}${t.origin ? ', first to report' : ''}]`,
    ),
  );
  return [head, ...items, NEXT_STEP].join('\n');
}

/**
 * Citations written out in get_trend's text; the rest are counted. The text is what a model reads
 * first, so it stays short; `structuredContent` (and the `trend://{id}` resource) keep all of them.
 */
export const TEXT_CITATIONS = 5;

/** get_trend as text: the summary, the scores, the first citations and how many more there are. */
export function renderTrendDetail(t: TrendDetailResponse): string {
  const m = t.velocity_metrics;
  const more = t.citations.length - TEXT_CITATIONS;
  return [
    renderSummary(t),
    `velocity: ${m.current} reports in the last ${m.window_hours} h, ${m.previous} in the ${m.window_hours} h before` +
      ` (growth ${m.growth}), peak ${m.peak} in a ${m.window_hours} h window, age ${m.age_hours} h` +
      ` (rule ${m.rule_version}${m.rule ? `: ${m.rule}` : ''})`,
    `score breakdown: ${JSON.stringify(t.score_breakdown)}`,
    `${counted(t.citations.length, 'citation')}${more > 0 ? `, the first ${TEXT_CITATIONS}` : ''}:`,
    ...t.citations
      .slice(0, TEXT_CITATIONS)
      .map(
        (c) =>
          `- ${c.title || '(untitled)'} (${c.publisher || c.domain}${c.author ? `, ${c.author}` : ''}` +
          `${c.published_date ? `, ${c.published_date}` : ''}) ${c.url}`,
      ),
    ...(more > 0 ? [`(${more} more in structuredContent.citations and the resource trend://${t.id})`] : []),
    `Next: get_trend_content with trend_id "${t.id}" for the article bodies.`,
  ].join('\n');
}

const NEXT_STEP = 'Next: get_trend with an id for its sources, get_trend_content for the article bodies.';
