import { Type, type Static } from '@sinclair/typebox';
import { BOUNDS } from '../model/bounds';
import { count, oneOf, schemaVersion, text } from './schema-parts';
import { TREND_SUMMARY_PROPERTIES, TREND_SUMMARY_SCHEMA } from './trend-summary.schema';

/** Body of GET /v1/trends/recent. */
export const RECENT_TRENDS_SCHEMA = Type.Object(
  {
    trends: Type.Array(TREND_SUMMARY_SCHEMA),
    total: count('Trends matching the filters, over all pages.'),
    page: Type.Integer({ minimum: 1, description: 'This page.' }),
    limit: Type.Integer({ minimum: 1, description: 'Page size.' }),
    has_more: Type.Boolean({ description: 'Whether a next page has trends.' }),
    schema_version: schemaVersion(),
  },
  { description: 'Trends by last_seen descending, then business_impact_score descending, then id.' },
);

/** Body of GET /v1/trends/recent. */
export type RecentTrendsResponse = Static<typeof RECENT_TRENDS_SCHEMA>;

/** One search result: a trend summary with its relevance and highlighted fields. */
export const SEARCH_RESULT_SCHEMA = Type.Object({
  ...TREND_SUMMARY_PROPERTIES,
  score: Type.Number({ description: 'Relevance blended with recency (higher first).' }),
  highlights: Type.Object(
    {
      topic: Type.Optional(text('Topic with <em> marks.')),
      summary: Type.Optional(text('Summary with <em> marks.')),
    },
    { description: 'Matched words marked with <em>; other markup is escaped.' },
  ),
});

/** One search result. */
export type SearchResultItem = Static<typeof SEARCH_RESULT_SCHEMA>;

/** Body of GET /v1/search. */
export const SEARCH_RESULTS_SCHEMA = Type.Object({
  query: text('The query as understood (trimmed).'),
  time_window: oneOf(BOUNDS.timeWindow.values, 'The window searched.'),
  results: Type.Array(SEARCH_RESULT_SCHEMA),
  total: count('Trends matching the query.'),
  limit: Type.Integer({ minimum: 1, description: 'Most results returned.' }),
  schema_version: schemaVersion(),
});

/** Body of GET /v1/search. */
export type SearchTrendsResponse = Static<typeof SEARCH_RESULTS_SCHEMA>;

/** One trend a domain reported, with that domain's part in it. */
export const SOURCE_TREND_SCHEMA = Type.Object({
  ...TREND_SUMMARY_PROPERTIES,
  origin: Type.Boolean({ description: "True when this domain published the trend's earliest article." }),
  domain_articles: Type.Integer({ minimum: 1, description: 'Articles of this domain in the trend.' }),
});

/** One trend a domain reported. */
export type SourceTrendItem = Static<typeof SOURCE_TREND_SCHEMA>;

/** Body of GET /v1/sources/{domain}/trending. */
export const SOURCE_TRENDS_SCHEMA = Type.Object({
  domain: text('The domain as compared: lowercase, punycode, no www.'),
  trends: Type.Array(SOURCE_TREND_SCHEMA),
  total: count('Trends citing the domain.'),
  limit: Type.Integer({ minimum: 1, description: 'Most trends returned.' }),
  schema_version: schemaVersion(),
});

/** Body of GET /v1/sources/{domain}/trending. */
export type SourceTrendsResponse = Static<typeof SOURCE_TRENDS_SCHEMA>;
