import type { TrendDoc } from './documents';

/**
 * Publishers (distinct domains) a trend needs before /v1/trends/recent lists it: one outlet's
 * report is not yet a trend, and the stray one-article fragments a burst leaves beside its story
 * would otherwise fill the top of a list ordered by last_seen (docs/quality.md). Such a trend is
 * still stored, searchable and served by id.
 */
export const LISTED_MIN_SOURCES = 2;

/**
 * Whether /v1/trends/recent lists a trend (the same rule as its OpenSearch filter): two or more
 * publishers, not a trend of roundup columns' editions with fewer reporting anything else
 * (`roundup`, detect/roundup-title.ts), and not a template column's dated editions
 * (`dated_column`, detect/dated-column.ts).
 */
export function isListed(trend: Pick<TrendDoc, 'source_count' | 'roundup' | 'dated_column'>): boolean {
  return trend.source_count >= LISTED_MIN_SOURCES && trend.roundup !== true && trend.dated_column !== true;
}
