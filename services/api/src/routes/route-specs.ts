import { CONTENT_ROUTE } from './content.schema';
import { HEALTH_ROUTE } from './health.schema';
import { BENEFITS_ROUTE, CATEGORIES_ROUTE, STATS_ROUTE } from './platform.schema';
import type { RouteSpec } from './route-spec';
import { SEARCH_ROUTE } from './search.schema';
import { SOURCE_ROUTE, SOURCE_TRENDS_ROUTE } from './sources.schema';
import { RECENT_TRENDS_ROUTE, TREND_DETAIL_ROUTE } from './trends.schema';

/** Every public read endpoint, in the order API.md lists them. */
export const ROUTE_SPECS: readonly RouteSpec[] = [
  HEALTH_ROUTE,
  RECENT_TRENDS_ROUTE,
  TREND_DETAIL_ROUTE,
  SEARCH_ROUTE,
  CATEGORIES_ROUTE,
  SOURCE_ROUTE,
  SOURCE_TRENDS_ROUTE,
  CONTENT_ROUTE,
  BENEFITS_ROUTE,
  STATS_ROUTE,
];

/** Paths of the documentation itself. */
export const DOCS_PATHS = ['/docs', '/docs/openapi.json'] as const;
