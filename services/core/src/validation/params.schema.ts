import Joi from 'joi';
import { BOUNDS, TREND_ID_PATTERN } from '../domain/bounds';
import { VELOCITIES } from '../domain/taxonomy';
import { DOMAIN_PATTERN, normaliseDomain } from './domain-name';

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
export const RECENT_TRENDS_PARAMS = Joi.object({
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
export const SEARCH_PARAMS = Joi.object({
  q: Joi.string()
    .trim()
    .min(BOUNDS.q.minLength)
    .max(BOUNDS.q.maxLength)
    .required()
    .description(
      'Search words. "quoted phrase" matches the phrase, -word excludes a word, OR between words or ' +
        'groups matches either; anything else is read as plain words, so no input is a syntax error.',
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
export const TREND_PATH_PARAMS = Joi.object({ trend_id: trendId });

/** Query of GET /v1/content/{trend_id}. */
export const CONTENT_PARAMS = Joi.object({ limit });

/** Path of GET /v1/sources/{domain}/trending; the value comes out normalised (see normaliseDomain). */
export const SOURCE_PATH_PARAMS = Joi.object({
  domain: Joi.string()
    .min(1)
    .max(253)
    .pattern(new RegExp(DOMAIN_PATTERN, 'u'))
    .custom(
      (value: string, helpers) =>
        normaliseDomain(value) ?? helpers.error('string.pattern.base', { regex: DOMAIN_PATTERN }),
    )
    .required()
    .description(
      'Hostname of a publisher, e.g. `bbc.co.uk` or `www.BBC.co.uk`; case-folded, IDNs compared in punycode, ' +
        'a leading `www.` ignored.',
    ),
});

/** Query of GET /v1/sources/{domain}/trending. */
export const SOURCE_PARAMS = Joi.object({ limit });

/** Parameters of endpoints that take none (unknown query parameters are ignored). */
export const NO_PARAMS = Joi.object({});
