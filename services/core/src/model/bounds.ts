/**
 * Parameter bounds of the public contract (API.md "Parameter bounds"). The REST schemas, the
 * OpenAPI document and the MCP tool schemas all read these, so they cannot disagree.
 */
export const BOUNDS = Object.freeze({
  category: { minLength: 1, maxLength: 64 },
  hours: { min: 1, max: 2160 },
  minImpact: { min: 1, max: 10 },
  minQuality: { min: 1.0, max: 10.0 },
  page: { min: 1, max: 20, default: 1 },
  limit: { min: 1, max: 50, default: 20 },
  q: { minLength: 1, maxLength: 256 },
  timeWindow: { values: ['1h', '24h', '7d', '30d'] as const, default: '7d' as const },
});

/** `trend_id` path parameter: `tr_` and 8..32 base32 characters. */
export const TREND_ID_PATTERN = /^tr_[a-z2-7]{8,32}$/;

/** The whole window /v1/trends/recent covers when `hours` is absent (90 days). */
export const DEFAULT_RECENT_HOURS = 2160;

/** Search time windows in hours. */
export const TIME_WINDOW_HOURS: Readonly<Record<(typeof BOUNDS.timeWindow.values)[number], number>> = Object.freeze({
  '1h': 1,
  '24h': 24,
  '7d': 168,
  '30d': 720,
});

/** Maximum citations kept on a trend document (the bounded source lineage). */
export const MAX_CITATIONS = 50;
