import { MONTH } from './recurring-column';

/**
 * Syndicated template columns: rate tables and market outlooks that several sites republish every
 * day under one headline template with the day, the bank or the figures changed ("Mortgage Rate
 * Summary for PNC Bank Mar 12", "... for BMO Harris Bank Mar 13", "30 Year Mortgage Rates at Chase
 * Bank, Quicken Loans Mar 23"; "EUR/USD Fundamental Analysis April 8, 2014 Forecast", "... April 9").
 * recurring-column.ts catches one publisher's column by its title template repeating on three days
 * of publication; these editions change more than their date, so their templates differ, and they
 * reach a feed within minutes of each other (the aggregator's clock), so their publication days do
 * not tell the days apart either. The day a headline names does: a report of an event names the
 * event's day, if any, the same in every report, while a column's edition names the day it is for,
 * another on each edition of the same publisher (docs/lab-notes/trends.md, 2026-12-06).
 */

/** Distinct days a publisher's headlines in one trend must name for its reports to be a column's editions. */
export const COLUMN_MIN_DAYS = 2;

/** Share of a trend's members that are such editions at or above which the trend is a column, not a story. */
export const COLUMN_SHARE = 0.5;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NAME_DAY = new RegExp(String.raw`\b(${MONTH})\s+(\d{1,2})(?:st|nd|rd|th)?\b(?![.,]?\d)`, 'i');
const DAY_NAME = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH})(?!\w)`, 'i');
/** A numeric date with its year (3/12/2014, 3/12/14, 2014-03-12): a bare "1/2" is as often a fraction. */
const NUMERIC_DAY = /(?<![\d/.-])(\d{1,2})\/(\d{1,2})\/(?:\d{4}|\d{2})(?![\d/])/;
const ISO_DAY = /\b\d{4}-(\d{2})-(\d{2})\b/;

/**
 * The calendar day a headline names, as "month-day" (no year: editions name their day, not always
 * its year), or undefined when it names none. "March 12", "Mar 13", "12th March", "3/12/2014",
 * "2014-03-12"; not a month alone ("in March"), a year ("March 2014") nor a fraction ("1/2").
 */
export function titleDay(title: string): string | undefined {
  const day = (month: number, date: number): string | undefined =>
    month >= 1 && month <= 12 && date >= 1 && date <= 31 ? `${month}-${date}` : undefined;
  // A month is written capitalised; "may" in lower case is the verb ("Stocks may 2 percent lower").
  const monthOf = (name: string): number =>
    /^\p{Lu}/u.test(name) ? MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1 : 0;
  let m = NAME_DAY.exec(title);
  if (m) return day(monthOf(m[1]!), Number(m[2]));
  m = DAY_NAME.exec(title);
  if (m) return day(monthOf(m[2]!), Number(m[1]));
  m = NUMERIC_DAY.exec(title);
  if (m) return day(Number(m[1]), Number(m[2]));
  m = ISO_DAY.exec(title);
  return m ? day(Number(m[1]), Number(m[2])) : undefined;
}

/**
 * Whether a trend is a template column rather than a story: half or more of its members come from
 * publishers whose headlines in it name two or more distinct days (each such publisher writes the
 * same headline again for another day; their undated, cut editions count with them). A story
 * reported over days by one outlet under dated headlines ("MH370: March 12 updates") is a minority
 * of its trend; a trend of one outlet is not listed anyway (source_count).
 */
export function isDatedColumnTrend(members: readonly { title: string | null; domain: string }[]): boolean {
  const days = new Map<string, Set<string>>();
  for (const m of members) {
    const d = titleDay(m.title ?? '');
    if (d === undefined) continue;
    let set = days.get(m.domain);
    if (!set) days.set(m.domain, (set = new Set()));
    set.add(d);
  }
  const columns = new Set([...days].filter(([, set]) => set.size >= COLUMN_MIN_DAYS).map(([domain]) => domain));
  if (columns.size === 0) return false;
  const editions = members.filter((m) => columns.has(m.domain)).length;
  return editions >= COLUMN_SHARE * members.length;
}
