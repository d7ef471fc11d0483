import { CATEGORIES, FETCH_METHODS, VELOCITIES } from '@trendscope/core';
import type { JsonSchema } from '../routes/route-spec';

/** A reference to a component schema. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const str = (description: string): JsonSchema => ({ type: 'string', description });
const int = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });
const time = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const nullable = (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema.type as string, 'null'] });
const object = (properties: Record<string, JsonSchema>, description?: string, optional: string[] = []): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
});
const velocityCounts = (description: string): JsonSchema =>
  object(Object.fromEntries(VELOCITIES.map((v) => [v, int(`Trends whose velocity is ${v}.`)])), description);

const TREND_SUMMARY_PROPS: Record<string, JsonSchema> = {
  id: { type: 'string', pattern: '^tr_[a-z2-7]{8,32}$', description: 'Stable trend id, never reused.' },
  topic: str('Short label of the trend (key phrases of its articles).'),
  summary: str("One or two sentences taken from the trend's most central article."),
  category: { type: 'string', enum: [...CATEGORIES], description: 'Category of the taxonomy (see /v1/categories).' },
  velocity: { type: 'string', enum: [...VELOCITIES], description: 'How fast independent reports are growing.' },
  business_impact_score: {
    type: 'integer',
    minimum: 1,
    maximum: 10,
    description: 'Business impact, 1 (low) to 10 (high).',
  },
  domain_quality_score: {
    type: 'number',
    minimum: 1,
    maximum: 10,
    description: 'Mean quality of the citing domains, 1.0 to 10.0.',
  },
  keywords: { type: 'array', items: { type: 'string' }, description: 'Key phrases of the trend.' },
  article_count: int('Articles in the trend.'),
  source_count: int('Distinct publishing domains in the trend.'),
  first_seen: time('Publication time of the earliest article.'),
  last_seen: time('Publication time of the newest article.'),
  language: nullable(str('ISO 639-1 language of the trend; null when unknown.')),
};

/** Every component schema of the document. */
export const COMPONENT_SCHEMAS: Record<string, JsonSchema> = {
  TrendSummary: object(TREND_SUMMARY_PROPS, 'One trend, as listed by every endpoint.'),
  Citation: object(
    {
      url: str('Address of the article.'),
      title: str('Title of the article.'),
      publisher: str('Name of the publisher.'),
      domain: str('Registrable domain of the publisher (lowercase, punycode, no www.).'),
      author: nullable(str('Author; null when the source gave none.')),
      published_date: nullable(time('Publication time; null when the source gave none.')),
      word_count: int('Words in the cleaned body.'),
      fetch_method: { type: 'string', enum: [...FETCH_METHODS], description: 'How the text was obtained.' },
    },
    'One source of a trend (its provenance).',
  ),
  TrendDetail: {
    allOf: [
      ref('TrendSummary'),
      object({
        citations: { type: 'array', items: ref('Citation'), description: 'Sources, at most 50.' },
        timeline: {
          type: 'array',
          description: 'Articles per hour of the trend life.',
          items: object({ bucket: time('Start of the hour.'), articles: int('Articles published in that hour.') }),
        },
        velocity_metrics: object(
          {
            window_hours: int('Length W of the comparison window.'),
            current: int('Independent reports in the last W hours.'),
            previous: int('Independent reports in the W hours before.'),
            growth: { type: 'number', description: '(current + 1) / (previous + 1).' },
          },
          'The numbers behind the velocity class.',
        ),
        score_breakdown: {
          type: 'object',
          description: 'The parts of business_impact_score and domain_quality_score.',
        },
        updated_at: time('When the pipeline last recomputed this trend.'),
        schema_version: str('Version of the response schema.'),
      }),
    ],
  },
  RecentTrends: object(
    {
      trends: { type: 'array', items: ref('TrendSummary') },
      total: int('Trends matching the filters, over all pages.'),
      page: int('This page.'),
      limit: int('Page size.'),
      has_more: { type: 'boolean', description: 'Whether a next page has trends.' },
      schema_version: str('Version of the response schema.'),
    },
    'Trends by last_seen descending, then business_impact_score descending, then id.',
  ),
  SearchResult: {
    allOf: [
      ref('TrendSummary'),
      object(
        {
          score: { type: 'number', description: 'Relevance blended with recency (higher first).' },
          highlights: object(
            { topic: str('Topic with <em> marks.'), summary: str('Summary with <em> marks.') },
            'Matched words marked with <em>; other markup is escaped.',
            ['topic', 'summary'],
          ),
        },
        undefined,
      ),
    ],
  },
  SearchResults: object({
    query: str('The query as understood (trimmed).'),
    time_window: { type: 'string', enum: ['1h', '24h', '7d', '30d'] },
    results: { type: 'array', items: ref('SearchResult') },
    total: int('Trends matching the query.'),
    limit: int('Most results returned.'),
    schema_version: str('Version of the response schema.'),
  }),
  Categories: object({
    categories: {
      type: 'array',
      description: 'Every category of the taxonomy, in its order, with zeros where it has no trends.',
      items: object({
        category: { type: 'string', enum: [...CATEGORIES] },
        iptc_media_topic: nullable(str('IPTC Media Topic code; null for other.')),
        trend_count: int('Trends in the category.'),
        velocity_breakdown: velocityCounts('Trends of the category per velocity class.'),
      }),
    },
    total_trends: int('All trends.'),
    schema_version: str('Version of the response schema.'),
  }),
  SourceTrends: object({
    domain: str('The domain as compared: lowercase, punycode, no www.'),
    trends: {
      type: 'array',
      items: {
        allOf: [
          ref('TrendSummary'),
          object({
            origin: { type: 'boolean', description: "True when this domain published the trend's earliest article." },
            domain_articles: { type: 'integer', minimum: 1, description: 'Articles of this domain in the trend.' },
          }),
        ],
      },
    },
    total: int('Trends citing the domain.'),
    limit: int('Most trends returned.'),
    schema_version: str('Version of the response schema.'),
  }),
  RetainedDocument: object({
    url: str('Address of the article.'),
    title: str('Title.'),
    publisher: str('Publisher name.'),
    domain: str('Registrable domain.'),
    author: nullable(str('Author; null when the source gave none.')),
    published_date: nullable(time('Publication time; null when the source gave none.')),
    fetched_at: time('When the article was fetched.'),
    fetch_method: { type: 'string', enum: [...FETCH_METHODS] },
    language: nullable(str('ISO 639-1 language; null when unknown.')),
    word_count: int('Words in the body.'),
    body: str('Cleaned plain text, personal data redacted.'),
  }),
  TrendContent: object({
    trend_id: str('The trend.'),
    documents: { type: 'array', items: ref('RetainedDocument'), description: 'Empty when nothing was retained.' },
    content_retained: { type: 'boolean', description: 'Whether any body of this trend was retained.' },
    total: int('Retained documents of the trend.'),
    limit: int('Most documents returned.'),
    schema_version: str('Version of the response schema.'),
  }),
  Benefits: object({
    trends: nullable(int('Trends served; null while there are none.')),
    documents_retained: nullable(int('Articles whose cleaned body is kept; null before any article.')),
    publishers: nullable(int('Distinct publishing domains read; null before any article.')),
    source_urls: nullable(int('Distinct source URLs read; null before any article.')),
    fetch_methods: {
      type: ['object', 'null'],
      description: 'Articles per fetch method; null before any article.',
      properties: Object.fromEntries(FETCH_METHODS.map((m) => [m, int(`Articles obtained by ${m}.`)])),
    },
    generated_at: time('When this answer was computed.'),
    schema_version: str('Version of the response schema.'),
  }),
  Stats: object({
    trends: object({ total: int('All trends.'), by_velocity: velocityCounts('Trends per velocity class.') }),
    articles: object({
      total: int('All articles.'),
      retained: int('Articles whose body is retained.'),
      last_24h: int('Articles fetched in the last 24 hours.'),
    }),
    publishers: nullable(int('Distinct publishing domains; null before any article.')),
    freshness: object({
      last_article_at: nullable(time('Newest article fetch; null before any.')),
      last_trend_update_at: nullable(time('Newest trend update; null before any.')),
      last_pipeline_run_at: nullable(time('End (or start) of the newest pipeline run; null before any run.')),
      lag_seconds: nullable(int('Age of the freshest served data in seconds; null before any data.')),
    }),
    generated_at: time('When this answer was computed.'),
    schema_version: str('Version of the response schema.'),
  }),
  Health: object({
    status: { type: 'string', enum: ['ok', 'degraded'] },
    version: str('Service version.'),
    checks: {
      type: 'object',
      description: 'State of each dependency (opensearch, redis).',
      additionalProperties: object(
        {
          status: { type: 'string', enum: ['up', 'down'] },
          latency_ms: int('Time the check took.'),
          error: str('Kind of failure when down.'),
        },
        undefined,
        ['error'],
      ),
    },
  }),
  ValidationIssue: object(
    {
      type: str(
        'pydantic error type: missing, int_parsing, float_parsing, greater_than_equal, less_than_equal, literal_error, string_too_short, string_too_long, string_pattern_mismatch.',
      ),
      loc: {
        type: 'array',
        prefixItems: [{ type: 'string', enum: ['query', 'path'] }, { type: 'string' }],
        minItems: 2,
        maxItems: 2,
      },
      msg: str('Human-readable reason, as pydantic v2 words it.'),
      input: { type: ['string', 'null'], description: 'The raw value the client sent; null when missing.' },
      ctx: {
        type: 'object',
        description: 'The bound or expected values (ge, le, expected, pattern, min_length, max_length).',
      },
    },
    'One failing parameter.',
    ['ctx'],
  ),
  ValidationError: object(
    { detail: { type: 'array', items: ref('ValidationIssue') } },
    'One entry per failing parameter.',
  ),
  Error: object({ detail: str('What went wrong, for a person.') }),
};
