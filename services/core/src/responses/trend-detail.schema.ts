import { Type, type Static } from '@sinclair/typebox';
import { FETCH_METHODS } from '../model/taxonomy';
import { VELOCITY_RULE_VERSION, VELOCITY_RULES, type VelocityRule } from '../model/velocity-rule';
import { count, looseObject, nullable, oneOf, schemaVersion, text, timestamp, trendId } from './schema-parts';
import { TREND_SUMMARY_PROPERTIES } from './trend-summary.schema';

/** Where an article comes from: the members a citation and a retained document share. */
export const PROVENANCE_PROPERTIES = {
  url: text('Address of the article.'),
  title: text('Title of the article.'),
  publisher: text('Name of the publisher (its domain when the source names none).'),
  domain: text('Registrable domain of the publisher (lowercase, punycode, no www.).'),
  author: nullable(text('Author; null when the source gave none.')),
  published_date: nullable(timestamp('Publication time; null when the source gave none.')),
};

/** One source of a trend (its provenance). */
export const CITATION_SCHEMA = Type.Object(
  {
    ...PROVENANCE_PROPERTIES,
    word_count: count('Words in the cleaned body.'),
    fetch_method: oneOf(FETCH_METHODS, 'How the text was obtained.'),
  },
  { description: 'One source of a trend (its provenance).' },
);

/** One source of a trend. */
export type Citation = Static<typeof CITATION_SCHEMA>;

/** Body of GET /v1/trends/{trend_id}: the summary plus its sources, timeline and numbers. */
export const TREND_DETAIL_SCHEMA = Type.Object(
  {
    ...TREND_SUMMARY_PROPERTIES,
    citations: Type.Array(CITATION_SCHEMA, { description: 'Sources, at most 50.' }),
    timeline: Type.Array(
      Type.Object({ bucket: timestamp('Start of the hour.'), articles: count('Articles published in that hour.') }),
      { description: 'Articles per hour of the trend life.' },
    ),
    velocity_metrics: Type.Object(
      {
        window_hours: count('Length W of the comparison window.'),
        current: count('Independent reports in the last W hours.'),
        previous: count('Independent reports in the W hours before.'),
        growth: Type.Number({ minimum: 0, description: '(current + 1) / (previous + 1).' }),
        peak: count('Most independent reports in any W-hour window of the trend life (the peak window).'),
        age_hours: Type.Number({ minimum: 0, description: 'Hours from first_seen to when the class was decided.' }),
        rule_version: Type.Integer({
          minimum: 1,
          description: `Version of the velocity rule that decided the class (${VELOCITY_RULE_VERSION} now; 1: DESIGN.md's rule).`,
        }),
        // null is one of the enum's values too, or a validator refuses it whatever `type` says.
        rule: Type.Unsafe<VelocityRule | null>({
          type: ['string', 'null'],
          enum: [...VELOCITY_RULES, null],
          description:
            'Clause that decided the class, tried in this order: new_burst (age < burst_hours: emerging), young ' +
            '(age < emerging_max_age_hours, current < emerging_max_reports, current >= previous: emerging), ' +
            'late_report (current > previous, current < peak_share x peak, and current < accelerating_min_reports ' +
            'or, at age >= emerging_max_age_hours, previous = 0: declining; regrowing under rule 3, fast_growth ' +
            'under rule 4 when previous = 0), ' +
            'fast_growth (growth >= accelerating_min_growth, current >= accelerating_min_reports: accelerating), ' +
            'near_peak (current >= peak_share x peak: peak), regrowing (current > previous: ' +
            'accelerating; emerging under rule 2), below_peak (declining); null for a class decided by rule 1.',
        }),
        thresholds: Type.Object(
          {
            burst_hours: Type.Number({ minimum: 0, description: 'new_burst: first report under this many hours ago.' }),
            emerging_max_age_hours: Type.Number({ minimum: 0, description: 'young: age under this.' }),
            emerging_max_reports: count('young: current under this.'),
            accelerating_min_growth: Type.Number({ minimum: 0, description: 'fast_growth: growth at least this.' }),
            accelerating_min_reports: count('fast_growth and regrowing: current at least this.'),
            peak_share: Type.Number({ minimum: 0, description: 'near_peak: current at least this share of peak.' }),
          },
          { description: 'The thresholds the class was decided with.' },
        ),
      },
      {
        description:
          'The numbers behind the velocity class, as of updated_at: the class follows from them by the clause in rule.',
      },
    ),
    score_breakdown: looseObject('The parts of business_impact_score and domain_quality_score.'),
    updated_at: timestamp('When the pipeline last recomputed this trend.'),
    merged_into: nullable(
      trendId('Set when the requested id was merged into this trend: the id of this trend; null otherwise.'),
    ),
    aliases: Type.Array(trendId('An id merged into this trend.'), {
      description: 'Ids of trends merged into this one; each keeps resolving to this trend.',
    }),
    schema_version: schemaVersion(),
  },
  { description: 'One trend with its sources, hourly timeline, velocity numbers and score parts.' },
);

/** Body of GET /v1/trends/{trend_id}. */
export type TrendDetailResponse = Static<typeof TREND_DETAIL_SCHEMA>;
