import { Type, type Static } from '@sinclair/typebox';
import { FETCH_METHODS } from '../model/taxonomy';
import { count, nullable, oneOf, schemaVersion, text, timestamp, trendId } from './schema-parts';
import { PROVENANCE_PROPERTIES } from './trend-detail.schema';

/** One retained article body. */
export const RETAINED_DOCUMENT_SCHEMA = Type.Object({
  ...PROVENANCE_PROPERTIES,
  fetched_at: timestamp('When the article was fetched.'),
  fetch_method: oneOf(FETCH_METHODS, 'How the text was obtained.'),
  language: nullable(text('ISO 639-1 language; null when unknown.')),
  word_count: count('Words in the body.'),
  body: text('Cleaned plain text, personal data redacted.'),
});

/** One retained body in GET /v1/content/{trend_id}. */
export type RetainedDocument = Static<typeof RETAINED_DOCUMENT_SCHEMA>;

/** Body of GET /v1/content/{trend_id}. */
export const TREND_CONTENT_SCHEMA = Type.Object({
  trend_id: trendId('The trend.'),
  documents: Type.Array(RETAINED_DOCUMENT_SCHEMA, { description: 'Empty when nothing was retained.' }),
  content_retained: Type.Boolean({ description: 'Whether any body of this trend was retained.' }),
  total: count('Retained documents of the trend.'),
  limit: Type.Integer({ minimum: 1, description: 'Most documents returned.' }),
  merged_into: nullable(
    trendId('Set when the requested id was merged into another trend: that trend (trend_id); null otherwise.'),
  ),
  schema_version: schemaVersion(),
});

/** Body of GET /v1/content/{trend_id}. */
export type TrendContentResponse = Static<typeof TREND_CONTENT_SCHEMA>;
