import type { TSchema } from '@sinclair/typebox';
import { RETAINED_DOCUMENT_SCHEMA, TREND_CONTENT_SCHEMA } from './content.schema';
import { ERROR_SCHEMA, VALIDATION_ERROR_SCHEMA, VALIDATION_ISSUE_SCHEMA } from './error.schema';
import { HEALTH_SCHEMA } from './health.schema';
import { SOURCE_SCHEMA } from './source.schema';
import { BENEFITS_SCHEMA, CATEGORIES_SCHEMA, STATS_SCHEMA } from './platform.schema';
import { CITATION_SCHEMA, TREND_DETAIL_SCHEMA } from './trend-detail.schema';
import {
  RECENT_TRENDS_SCHEMA,
  SEARCH_RESULT_SCHEMA,
  SEARCH_RESULTS_SCHEMA,
  SOURCE_TRENDS_SCHEMA,
} from './trend-lists.schema';
import { TREND_SUMMARY_SCHEMA } from './trend-summary.schema';

/**
 * Every response shape of the public API by name: the OpenAPI document publishes these as its
 * components, the MCP tools advertise them as output schemas, and the presenters' types are
 * derived from them. A new field goes into one schema here and its presenter, nowhere else.
 */
export const RESPONSE_SCHEMAS = {
  TrendSummary: TREND_SUMMARY_SCHEMA,
  Citation: CITATION_SCHEMA,
  TrendDetail: TREND_DETAIL_SCHEMA,
  RecentTrends: RECENT_TRENDS_SCHEMA,
  SearchResult: SEARCH_RESULT_SCHEMA,
  SearchResults: SEARCH_RESULTS_SCHEMA,
  Categories: CATEGORIES_SCHEMA,
  Source: SOURCE_SCHEMA,
  SourceTrends: SOURCE_TRENDS_SCHEMA,
  RetainedDocument: RETAINED_DOCUMENT_SCHEMA,
  TrendContent: TREND_CONTENT_SCHEMA,
  Benefits: BENEFITS_SCHEMA,
  Stats: STATS_SCHEMA,
  Health: HEALTH_SCHEMA,
  ValidationIssue: VALIDATION_ISSUE_SCHEMA,
  ValidationError: VALIDATION_ERROR_SCHEMA,
  Error: ERROR_SCHEMA,
} satisfies Record<string, TSchema>;

/** The name of one response shape (an OpenAPI component). */
export type ResponseName = keyof typeof RESPONSE_SCHEMAS;
