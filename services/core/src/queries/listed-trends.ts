import { DEFAULT_RECENT_HOURS } from '../model/bounds';
import { LISTED_MIN_SOURCES } from '../model/listing';
import { hoursBefore } from './query-deps';
import { ABSORBED } from './absorbed-trends';

/**
 * The trends /v1/trends/recent can show at `now` (several publishers, not a roundup or column trend, seen
 * within its widest window, not merged away), as one bool query: the counts of /v1/categories, /v1/stats and
 * /v1/benefits use it too, so a count never promises a trend the list cannot show.
 */
export function listedTrendsQuery(now: Date, hours: number = DEFAULT_RECENT_HOURS): Record<string, unknown> {
  return {
    bool: {
      filter: [
        { range: { last_seen: { gte: hoursBefore(now, hours) } } },
        // One outlet's report is stored and searchable but not listed (domain/listing.ts).
        { range: { source_count: { gte: LISTED_MIN_SOURCES } } },
      ],
      // Nor is a trend of roundup columns' editions that one outlet at most reports besides (`roundup`),
      // nor one of a template column's dated editions (`dated_column`).
      must_not: [ABSORBED, { term: { roundup: true } }, { term: { dated_column: true } }],
    },
  };
}
