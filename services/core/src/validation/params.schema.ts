import Joi from 'joi';
import { BOUNDS, TREND_ID_PATTERN } from '../model/bounds';
import { VELOCITIES } from '../model/taxonomy';
import type { RecentTrendsInput } from '../queries/recent-trends.query';
import type { SearchTrendsInput } from '../queries/search-trends.query';
import { comparableDomain, DOMAIN_REGEXP } from './domain-name';

/** Path of the trend endpoints, as validated. */
export interface TrendPathInput {
  trend_id: string;
}

/** Path of the source endpoints, as validated (the domain in its stored form). */
export interface SourcePathInput {
  domain: string;
}

/** Query of the endpoints that only take `limit`, as validated (default applied). */
export interface LimitInput {
  limit: number;
}

/** Parameters of an endpoint that takes none. */
export type NoInput = Record<string, never>;

/**
 * The joi schemas of every public read parameter (API.md "Parameter bounds"). The REST routes,
 * the MCP tools and the OpenAPI document all use these, so bounds, defaults and messages cannot
 * drift apart. Values arrive as strings (query strings, path segments) and are converted here.
 */

const category = Joi.string()
  .trim()
  .min(BOUNDS.category.minLength)
  .max(BOUNDS.category.maxLength)
  .lowercase()
  .description('Category of the taxonomy (case-insensitive); an unknown category gives an empty result.');

const minImpact = Joi.number()
  .integer()
  .min(BOUNDS.minImpact.min)
  .max(BOUNDS.minImpact.max)
  .description('Only trends whose business_impact_score is at least this.');

const limit = Joi.number()
  .integer()
  .min(BOUNDS.limit.min)
  .max(BOUNDS.limit.max)
  .default(BOUNDS.limit.default)
  .description('Maximum number of items returned.');

const trendId = Joi.string()
  .pattern(TREND_ID_PATTERN)
  .required()
  .description('Trend id as served in every trend summary (`tr_` and 8 to 32 base32 characters).');

/** Query of GET /v1/trends/recent. */
export const RECENT_TRENDS_PARAMS = Joi.object<RecentTrendsInput>({
  category,
  hours: Joi.number()
    .integer()
    .min(BOUNDS.hours.min)
    .max(BOUNDS.hours.max)
    .description('Only trends seen in the last N hours; absent means the whole 90-day window.'),
  velocity: Joi.string()
    .valid(...VELOCITIES)
    .description('Only trends of this velocity class.'),
  min_impact: minImpact,
  min_quality: Joi.number()
    .min(BOUNDS.minQuality.min)
    .max(BOUNDS.minQuality.max)
    .description('Only trends whose domain_quality_score is at least this.'),
  page: Joi.number()
    .integer()
    .min(BOUNDS.page.min)
    .max(BOUNDS.page.max)
    .default(BOUNDS.page.default)
    .description('Page number, from 1; `has_more` says whether another page follows.'),
  limit,
});

/** Query of GET /v1/search. */
export const SEARCH_PARAMS = Joi.object<SearchTrendsInput>({
  q: Joi.string()
    .trim()
    .min(BOUNDS.q.minLength)
    .max(BOUNDS.q.maxLength)
    .required()
    .description(
      'Search words. "quoted phrase" matches the phrase, -word excludes a word, OR between words or ' +
        'groups matches either; anything else is read as plain words, so no input is a syntax error. ' +
        'Exclusions only narrow what words match: `-inflation` alone finds nothing.',
    ),
  category,
  time_window: Joi.string()
    .valid(...BOUNDS.timeWindow.values)
    .default(BOUNDS.timeWindow.default)
    .description('Only trends seen within this window before now.'),
  min_impact: minImpact,
  limit,
});

/** Path of GET /v1/trends/{trend_id} and GET /v1/content/{trend_id}. */
export const TREND_PATH_PARAMS = Joi.object<TrendPathInput>({ trend_id: trendId });

/** Query of GET /v1/content/{trend_id}. */
export const CONTENT_PARAMS = Joi.object<LimitInput>({ limit });

/**
 * Path of GET /v1/sources/{domain}/trending; the value comes out in the compared form (see
 * comparableDomain). The pattern alone decides what is accepted, so the OpenAPI document, which
 * publishes it, accepts exactly what the API accepts (its 1..253 length is counted in characters
 * inside the pattern; joi's max would count UTF-16 units and disagree for astral letters).
 */
export const SOURCE_PATH_PARAMS = Joi.object<SourcePathInput>({
  domain: Joi.string()
    .min(1)
    .pattern(DOMAIN_REGEXP)
    .custom((value: string) => comparableDomain(value))
    .required()
    .description(
      'Hostname of a publisher, e.g. `bbc.co.uk` or `www.BBC.co.uk`; case-folded, IDNs compared in punycode, ' +
        'a leading `www.` ignored.',
    ),
});

/** Query of GET /v1/sources/{domain}/trending. */
export const SOURCE_PARAMS = Joi.object<LimitInput>({ limit });

/** Parameters of endpoints that take none (unknown query parameters are ignored). */
export const NO_PARAMS = Joi.object<NoInput>({});
