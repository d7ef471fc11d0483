import { Type, type Static } from '@sinclair/typebox';
import { CATEGORIES, FETCH_METHODS, VELOCITIES } from '../model/taxonomy';
import {
  count,
  countsByName,
  nonZeroCountsByName,
  nullable,
  oneOf,
  schemaVersion,
  text,
  timestamp,
} from './schema-parts';

const velocityCounts = (description: string) =>
  countsByName(VELOCITIES, (v) => `Trends whose velocity is ${v}.`, description);

/** One category with its trend counts. */
export const CATEGORY_COUNT_SCHEMA = Type.Object({
  category: oneOf(CATEGORIES, 'Category of the taxonomy.'),
  iptc_media_topic: nullable(text('IPTC Media Topic code; null for other.')),
  trend_count: count(
    'Listed trends in the category: what /v1/trends/recent?category= shows (several publishers, last 90 days).',
  ),
  velocity_breakdown: velocityCounts('Trends of the category per velocity class.'),
});

/** Body of GET /v1/categories. */
export const CATEGORIES_SCHEMA = Type.Object({
  categories: Type.Array(CATEGORY_COUNT_SCHEMA, {
    description: 'Every category of the taxonomy, in its order, with zeros where it has no trends.',
  }),
  total_trends: count('Listed trends: what /v1/trends/recent shows (several publishers, last 90 days).'),
  schema_version: schemaVersion(),
});

/** Body of GET /v1/categories. */
export type CategoriesResponse = Static<typeof CATEGORIES_SCHEMA>;

/** One category with its trend counts. */
export type CategoryCount = Static<typeof CATEGORY_COUNT_SCHEMA>;

/** Body of GET /v1/benefits. A metric whose index holds nothing yet is null, never 0. */
export const BENEFITS_SCHEMA = Type.Object({
  trends: nullable(count('Listed trends (what /v1/trends/recent shows); null while there are none.')),
  documents_retained: nullable(count('Articles whose cleaned body is kept; null before any article.')),
  publishers: nullable(count('Distinct publishing domains read; null before any article.')),
  source_urls: nullable(count('Distinct source URLs read; null before any article.')),
  fetch_methods: nullable(count('Distinct fetch methods used to obtain the articles; null before any article.')),
  fetch_method_counts: nullable(
    nonZeroCountsByName(
      FETCH_METHODS,
      (m) => `Articles obtained by ${m}.`,
      'Articles per fetch method, methods without any left out; null before any article.',
    ),
  ),
  generated_at: timestamp('When this answer was computed.'),
  schema_version: schemaVersion(),
});

/** Body of GET /v1/benefits. */
export type BenefitsResponse = Static<typeof BENEFITS_SCHEMA>;

/** Body of GET /v1/stats. Unmeasured values (no data, no run yet) are null, never 0. */
export const STATS_SCHEMA = Type.Object({
  trends: Type.Object({
    total: count('Listed trends: what /v1/trends/recent shows (several publishers, last 90 days).'),
    by_velocity: velocityCounts('Listed trends per velocity class.'),
  }),
  articles: Type.Object({
    total: count('All articles.'),
    retained: count('Articles whose body is retained.'),
    last_24h: count('Articles fetched in the last 24 hours.'),
  }),
  publishers: nullable(count('Distinct publishing domains; null before any article.')),
  freshness: Type.Object({
    last_article_at: nullable(timestamp('Newest article fetch; null before any.')),
    last_trend_update_at: nullable(timestamp('Newest trend update; null before any.')),
    last_pipeline_run_at: nullable(timestamp('End (or start) of the newest pipeline run; null before any run.')),
    lag_seconds: nullable(count('Age of the freshest served data in seconds; null before any data.')),
  }),
  generated_at: timestamp('When this answer was computed.'),
  schema_version: schemaVersion(),
});

/** Body of GET /v1/stats. */
export type StatsResponse = Static<typeof STATS_SCHEMA>;
