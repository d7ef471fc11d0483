/**
 * The seasons of a series a trend's headlines name ("season 4 finale", "Season Five", "the fifth
 * season", "series 5" as British headlines say): a series' next season is another event than the
 * finale of the one before, though both read as episodes of one show (event-classes.ts
 * eventKindMatch; docs/lab-notes/trends.md, "The event test with its labels read and a season guard",
 * 2026-12-07).
 */

const NUMBER_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];

/** "season 4", "series five" (a number after), or "fourth season", "4th season" (an ordinal before). */
const SEASON_AFTER = new RegExp(`\\b(?:season|series)\\s+(\\d{1,2}|${NUMBER_WORDS.join('|')})\\b`, 'gi');
const SEASON_BEFORE = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)\\s+season\\b|\\b(${ORDINAL_WORDS.join('|')})\\s+season\\b`,
  'gi',
);

/** How many of the headlines name each season number (none for a season named by no number). */
export function seasonCounts(headlines: readonly string[]): Map<number, number> {
  const counts = new Map<number, number>();
  const value = (word: string): number => {
    const w = word.toLowerCase();
    return /^\d+$/.test(w) ? Number(w) : NUMBER_WORDS.indexOf(w) + 1 || ORDINAL_WORDS.indexOf(w) + 1;
  };
  for (const h of headlines) {
    const seasons = new Set<number>();
    for (const m of h.matchAll(SEASON_AFTER)) seasons.add(value(m[1]!));
    for (const m of h.matchAll(SEASON_BEFORE)) seasons.add(value(m[1] ?? m[2]!));
    for (const s of seasons) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

/** The season numbers the headlines name. */
export function seasonNumbers(headlines: readonly string[]): Set<number> {
  return new Set(seasonCounts(headlines).keys());
}

/** The seasons the headlines name most often (every one tied for the most). */
function mostNamedSeasons(headlines: readonly string[]): Set<number> {
  const counts = seasonCounts(headlines);
  const most = Math.max(0, ...counts.values());
  return new Set([...counts].filter(([, n]) => n === most).map(([s]) => s));
}

/**
 * Whether two trends' headlines name seasons of a series, and the season each names most is not
 * the other's: the finale of season 4 (whose recaps glance at season 5's spoilers) beside the
 * poster of season 5. A trend naming no season number leaves the question open.
 */
export function otherSeasons(a: readonly string[], b: readonly string[]): boolean {
  const [sa, sb] = [mostNamedSeasons(a), mostNamedSeasons(b)];
  return sa.size > 0 && sb.size > 0 && ![...sa].some((s) => sb.has(s));
}
