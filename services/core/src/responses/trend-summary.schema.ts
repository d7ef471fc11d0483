import { Type, type Static } from '@sinclair/typebox';
import { CATEGORIES, VELOCITIES } from '../model/taxonomy';
import { count, nullable, oneOf, text, timestamp, trendId } from './schema-parts';

/** The members of a trend summary, for the shapes that extend it. */
export const TREND_SUMMARY_PROPERTIES = {
  id: trendId('Stable trend id, never reused: pass it to /v1/trends/{trend_id} or /v1/content/{trend_id}.'),
  topic: text('Short label of the trend (key phrases of its articles).'),
  summary: text(
    "One or two sentences taken from the trend's most central article; for a trend whose every text is its topic, how it was reported (reports, publishers, time span).",
  ),
  category: oneOf(CATEGORIES, 'Category of the taxonomy (see /v1/categories).'),
  velocity: oneOf(VELOCITIES, 'How fast independent reports are growing.'),
  business_impact_score: Type.Integer({
    minimum: 1,
    maximum: 10,
    description: 'Business impact, 1 (low) to 10 (high).',
  }),
  domain_quality_score: Type.Number({
    minimum: 1,
    maximum: 10,
    description:
      'Weighted mean quality of the citing domains, 1.0 to 10.0 (one decimal): a domain with a published rating ' +
      'weighs 4, one scored from an estimate 1.',
  }),
  keywords: Type.Array(Type.String(), { description: 'Key phrases of the trend.' }),
  article_count: count('Articles in the trend.'),
  source_count: count('Distinct publishing domains in the trend.'),
  first_seen: timestamp('Publication time of the earliest article.'),
  last_seen: timestamp('Publication time of the newest article.'),
  language: nullable(text('ISO 639-1 language of the trend; null when unknown.')),
};

/** One trend, as every list of the API serves it (API.md "Trend summary"). */
export const TREND_SUMMARY_SCHEMA = Type.Object(TREND_SUMMARY_PROPERTIES, {
  description: 'One trend, as listed by every endpoint.',
});

/** One trend in every list of the API. */
export type TrendSummary = Static<typeof TREND_SUMMARY_SCHEMA>;
