import { CATEGORIES, FETCH_METHODS, VELOCITIES } from '@trendscope/core';
import { z } from 'zod';

/**
 * The answers of the tools (the REST bodies of API.md "Shapes"), advertised as output schemas.
 * Objects stay open: the contract is additive, so a newer server may add fields.
 */

const timestamp = z.string().describe('ISO 8601 UTC');
const nullableTimestamp = timestamp.nullable();
const count = z.number().int().min(0);
const nullableCount = count.nullable();
const schemaVersion = z.string().describe('Version of the response schema');

/** Trend summary, the item of every list. */
export const TREND_SUMMARY = z.object({
  id: z.string().describe('Trend id: pass it to get_trend, get_trend_content or read trend://{id}'),
  topic: z.string(),
  summary: z.string().nullable(),
  category: z.enum(CATEGORIES),
  velocity: z.enum(VELOCITIES),
  business_impact_score: z.number().int().min(1).max(10),
  domain_quality_score: z.number().min(1).max(10),
  keywords: z.array(z.string()),
  article_count: count,
  source_count: count,
  first_seen: timestamp,
  last_seen: timestamp,
  language: z.string().nullable(),
});

const CITATION = z.object({
  url: z.string(),
  title: z.string().nullable(),
  publisher: z.string().nullable(),
  domain: z.string(),
  author: z.string().nullable(),
  published_date: nullableTimestamp,
  word_count: nullableCount,
  fetch_method: z.string(),
});

/** get_trend: the summary plus sources, timeline, velocity metrics and score parts. */
export const TREND_DETAIL = TREND_SUMMARY.extend({
  citations: z.array(CITATION),
  timeline: z.array(z.object({ bucket: timestamp, articles: count })),
  velocity_metrics: z.object({
    window_hours: z.number(),
    current: z.number(),
    previous: z.number(),
    growth: z.number().nullable(),
  }),
  score_breakdown: z.record(z.string(), z.unknown()),
  updated_at: timestamp,
  schema_version: schemaVersion,
});

/** get_recent_trends: one page of trend summaries. */
export const RECENT_TRENDS = z.object({
  trends: z.array(TREND_SUMMARY),
  total: count,
  page: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
  schema_version: schemaVersion,
});

/** search_trends: ranked trend summaries with relevance and highlights. */
export const SEARCH_RESULTS = z.object({
  query: z.string(),
  time_window: z.string(),
  results: z.array(
    TREND_SUMMARY.extend({
      score: z.number(),
      highlights: z.object({ topic: z.string().optional(), summary: z.string().optional() }),
    }),
  ),
  total: count,
  limit: z.number().int(),
  schema_version: schemaVersion,
});

/** list_categories: every category of the taxonomy with its counts. */
export const CATEGORY_LIST = z.object({
  categories: z.array(
    z.object({
      category: z.enum(CATEGORIES),
      iptc_media_topic: z.string().nullable(),
      trend_count: count,
      velocity_breakdown: z.object({ emerging: count, accelerating: count, peak: count, declining: count }),
    }),
  ),
  total_trends: count,
  schema_version: schemaVersion,
});

/** get_source_trends: the trends a domain reported. */
export const SOURCE_TRENDS = z.object({
  domain: z.string(),
  trends: z.array(TREND_SUMMARY.extend({ origin: z.boolean(), domain_articles: count })),
  total: count,
  limit: z.number().int(),
  schema_version: schemaVersion,
});

/** get_trend_content: the retained article bodies of a trend. */
export const TREND_CONTENT = z.object({
  trend_id: z.string(),
  documents: z.array(
    z.object({
      url: z.string(),
      title: z.string().nullable(),
      publisher: z.string().nullable(),
      domain: z.string(),
      author: z.string().nullable(),
      published_date: nullableTimestamp,
      fetched_at: nullableTimestamp,
      fetch_method: z.string(),
      language: z.string().nullable(),
      word_count: nullableCount,
      body: z.string().nullable(),
    }),
  ),
  content_retained: z.boolean(),
  total: count,
  limit: z.number().int(),
  schema_version: schemaVersion,
});

const byName = (names: readonly string[]) => z.object(Object.fromEntries(names.map((n) => [n, count])));

/** get_benefits: what the service has gathered; null where nothing can be measured yet. */
export const BENEFITS = z.object({
  trends: nullableCount,
  documents_retained: nullableCount,
  publishers: nullableCount,
  source_urls: nullableCount,
  fetch_methods: byName(FETCH_METHODS).nullable(),
  generated_at: timestamp,
  schema_version: schemaVersion,
});

/** get_stats: counts and freshness of the served data; null where unmeasured. */
export const STATS = z.object({
  trends: z.object({ total: count, by_velocity: byName(VELOCITIES) }),
  articles: z.object({ total: count, retained: count, last_24h: count }),
  publishers: nullableCount,
  freshness: z.object({
    last_article_at: nullableTimestamp,
    last_trend_update_at: nullableTimestamp,
    last_pipeline_run_at: nullableTimestamp,
    lag_seconds: z.number().nullable(),
  }),
  generated_at: timestamp,
  schema_version: schemaVersion,
});
