import { Type, type Static } from '@sinclair/typebox';
import { count, nullable, oneOf, schemaVersion, text, timestamp } from './schema-parts';

/** Where the prior of a quality score comes from. */
export const PRIOR_SOURCES = ['rating', 'estimate', 'observed'] as const;

const share = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });
const score = (description: string) => Type.Number({ minimum: 1, maximum: 10, description });

/** A published rating and where it comes from. */
export const RATING_SCHEMA = Type.Object({
  source: text('The published rating set, with its citation.'),
  value: share('The published rating: 0 lowest quality, 1 highest (reuters.com = 1).'),
});

/** The parts of a source's quality score. */
export const QUALITY_BREAKDOWN_SCHEMA = Type.Object(
  {
    prior_source: oneOf(
      PRIOR_SOURCES,
      'What the observed signals move: the published rating, else the estimate, else nothing.',
    ),
    prior: score('The prior on the 1.0-10.0 scale (1 + 9 x rating, else 1 + 9 x estimate).'),
    estimate: nullable(score('The estimate learned from rated domains (1 + 9 x estimated rating).')),
    estimate_parts: nullable(
      Type.Object(
        {
          rating: share('Estimated rating (0-1).'),
          co_coverage: share('Mean rating of the rated outlets that reported the same stories (shrunk).'),
          intercept: Type.Number({ description: 'Intercept, rating units.' }),
          text: Type.Number({ description: 'Contribution of headline and URL words, rating units.' }),
          coverage: Type.Number({ description: 'Contribution of co-coverage, rating units.' }),
          log_articles: Type.Number({ description: 'Contribution of volume, rating units.' }),
          shape: Type.Number({
            description: 'Contribution of headline style, URL structure and the domain name, rating units.',
          }),
        },
        { description: 'The parts of the estimate (they add up to its rating before clamping to 0-1).' },
      ),
    ),
    estimate_interval: nullable(
      Type.Object(
        {
          low: score('Lower end of the interval, 1.0-10.0.'),
          high: score('Upper end of the interval, 1.0-10.0.'),
          level: share('Share of held-out rated domains whose rating fell inside such an interval (0.8).'),
          held_out_domains: count('Rated domains, held out of the fitting and seen in as many articles, it rests on.'),
          spearman_rho: Type.Number({
            minimum: -1,
            maximum: 1,
            description: 'Spearman rho of estimate against published rating over those held-out domains.',
          }),
        },
        {
          description:
            'Where the rating of an unrated domain likely lies: the estimate plus the central 80 % of its errors on ' +
            'rated domains held out of its fitting that were seen in a like number of articles. Null without an estimate.',
        },
      ),
    ),
    estimate_observations: nullable(
      Type.Object(
        {
          articles: count('Headlines of the domain the estimate read (the last detection window).'),
          stories: count('Stories it reported that rated outlets reported too (co-coverage).'),
        },
        { description: 'The observations the estimate rests on. Null without an estimate.' },
      ),
    ),
    observed: Type.Object(
      {
        score: nullable(score('1 + 9 x the weighted observed signals; null when no article was observed.')),
        articles: count(
          'Articles the signals were measured on (the last detection window): those whose page was fetched and ' +
            'extracted; every article when there is no prior.',
        ),
        headline_only: count(
          'Articles seen only as a feed or sitemap headline (no page): they say nothing of author, length or ' +
            'extraction and do not move the prior.',
        ),
        share_with_author: nullable(share('Share of observed articles with an author.')),
        share_with_date: nullable(share('Share of observed articles with a published date.')),
        median_word_count: nullable(Type.Number({ minimum: 0, description: 'Median words per observed article.' })),
        originality: nullable(share('1 - share of near-duplicate (syndicated) copies.')),
        https_share: nullable(share('Share of observed articles fetched over HTTPS.')),
        extraction_success: nullable(share('Share of observed articles whose body was retained.')),
      },
      { description: 'What the pipeline observed of the domain; the signals are null when nothing was observed.' },
    ),
    weights: Type.Object(
      {
        prior: share('Weight of the prior in quality_score.'),
        observed: share('Weight of the observed score: 0.25 x n / (n + 50) for n observed articles (0 for none).'),
        signals: Type.Record(Type.String(), Type.Number(), { description: 'Weight of each observed signal.' }),
      },
      { description: 'quality_score = prior x weights.prior + observed.score x weights.observed.' },
    ),
    updated_at: nullable(timestamp('When detection last scored the domain.')),
  },
  { description: 'How quality_score was made; null while no detection run has scored the domain.' },
);

/** Body of GET /v1/sources/{domain}. */
export const SOURCE_SCHEMA = Type.Object({
  domain: text('The domain as compared: lowercase, punycode, no www.'),
  publisher: text('The most common publisher name of its articles.'),
  quality_score: nullable(
    score('Domain quality, 1.0-10.0, one decimal; null while no detection run has scored the domain.'),
  ),
  quality_breakdown: nullable(QUALITY_BREAKDOWN_SCHEMA),
  rated: nullable(
    Type.Boolean({
      description:
        'True when a published rating exists for the domain; null while no detection run has scored the domain ' +
        '(detection reads the ratings).',
    }),
  ),
  rating: nullable(RATING_SCHEMA),
  articles: count('Articles stored from this domain.'),
  trends: count('Trends citing this domain.'),
  first_seen: nullable(timestamp('Earliest article (published date, else fetch time).')),
  last_seen: nullable(timestamp('Latest article (published date, else fetch time).')),
  schema_version: schemaVersion(),
});

/** Body of GET /v1/sources/{domain}. */
export type SourceResponse = Static<typeof SOURCE_SCHEMA>;
