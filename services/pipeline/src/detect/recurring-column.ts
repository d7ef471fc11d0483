import { contentTerms } from '../text/tokenize';
import { CALENDAR_TERMS } from './term-vector';

/** What the column check needs of an article. */
export interface ColumnView {
  id: string;
  title: string;
  domain: string;
  /** Publication time, ms since the epoch. */
  time: number;
}

/**
 * Distinct days on which one publisher must use a title template before it counts as a recurring
 * column ("Health Highlights: March 12, 2014", "Stocks To Watch For March 13, 2014", "Posted by
 * ..."): a daily feature is not news, and a headline repeated on three days is no new report.
 */
export const COLUMN_MIN_DAYS = 3;

/** Month abbreviations that are also words, so term vectors keep them; a column's date drops them. */
const SHORT_MONTHS: ReadonlySet<string> = new Set(['mar', 'may']);

/**
 * The template of a title: its content terms (stemmed, stopwords out) without numbers and calendar
 * words, so the editions of a dated column share one template. Empty when nothing is left.
 */
export function titleTemplate(title: string): string {
  return contentTerms(title)
    .filter((t) => !CALENDAR_TERMS.has(t) && !SHORT_MONTHS.has(t) && !/\d/.test(t))
    .join(' ');
}

/**
 * Ids of the articles that are editions of a recurring column: their publisher used the same
 * title template on at least `minDays` distinct UTC days among `articles`. Recognised from the data
 * (repetition), not from a list of names.
 */
export function recurringColumnIds(articles: readonly ColumnView[], minDays = COLUMN_MIN_DAYS): Set<string> {
  const byTemplate = new Map<string, { days: Set<number>; ids: string[] }>();
  for (const a of articles) {
    const template = titleTemplate(a.title);
    if (!template || !Number.isFinite(a.time)) continue;
    const key = `${a.domain}\n${template}`;
    let entry = byTemplate.get(key);
    if (!entry) byTemplate.set(key, (entry = { days: new Set(), ids: [] }));
    entry.days.add(Math.floor(a.time / 86_400_000));
    entry.ids.push(a.id);
  }
  const out = new Set<string>();
  for (const { days, ids } of byTemplate.values()) if (days.size >= minDays) for (const id of ids) out.add(id);
  return out;
}
