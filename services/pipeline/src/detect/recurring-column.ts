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

/**
 * Month abbreviations that are also words, so term vectors keep them; a column's date drops them,
 * but only where the title writes the abbreviation itself: "Mars" stems to "mar" too, and "Mars gets
 * closest to Earth April 14" is news, not a dated label.
 */
const SHORT_MONTHS: ReadonlyMap<string, RegExp> = new Map([
  ['mar', /\bmar\b/i],
  ['may', /\bmay\b/i],
]);

/**
 * The template of a title: its content terms (stemmed, stopwords out) without numbers and calendar
 * words, so the editions of a dated column share one template. Empty when nothing is left.
 */
export function titleTemplate(title: string): string {
  return contentTerms(title)
    .filter((t) => !CALENDAR_TERMS.has(t) && !SHORT_MONTHS.get(t)?.test(title) && !/\d/.test(t))
    .join(' ');
}

/** A month name or abbreviation as titles write it ("Mar", "March", "Sept."). */
export const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
/** A calendar date written in a title: 3/12/14, 2014-03-12, March 12, 12th March. */
const TITLE_DATE = new RegExp(
  String.raw`\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}\b`,
  'i',
);

/** Distinct content terms a dated label has at most besides its date ("Health Matters"). */
const LABEL_MAX_TERMS = 2;

/**
 * A finite verb: the title is a sentence ("It's March 11th and TitanFall is finally here", "Windows
 * XP is on its own after April 8"), which a label is not. A column's name that ends in a verb
 * before its separator ("Where the Money Is: March 25") stays a label.
 */
const SENTENCE_VERB_RE = /\b(?:is|are|was|were|will|has|have|had)\b(?!\s*[:|–-])|\bit['’]s\b/i;

/**
 * Whether a title is a fixed label plus a calendar date ("Health Matters 03/12/14", "News Scan for
 * Mar 28, 2014"): the edition of a dated column, recognisable from one edition where the detection
 * window holds too few days to see it repeat. A headline that reports something has more words, or
 * says it in a sentence: its stopwords, which the template leaves out, hold the verb.
 */
export function isDatedLabel(title: string): boolean {
  return (
    TITLE_DATE.test(title) &&
    new Set(titleTemplate(title).split(' ').filter(Boolean)).size <= LABEL_MAX_TERMS &&
    !SENTENCE_VERB_RE.test(title)
  );
}

/**
 * Ids of the articles that are editions of a column: their publisher used the same title template
 * on at least `minDays` distinct UTC days among `articles` (recognised from the data, by
 * repetition, not from a list of names), or the title is a dated label (isDatedLabel).
 */
export function recurringColumnIds(articles: readonly ColumnView[], minDays = COLUMN_MIN_DAYS): Set<string> {
  const byTemplate = new Map<string, { days: Set<number>; ids: string[] }>();
  const out = new Set<string>();
  for (const a of articles) {
    if (isDatedLabel(a.title)) out.add(a.id);
    const template = titleTemplate(a.title);
    if (!template || !Number.isFinite(a.time)) continue;
    const key = `${a.domain}\n${template}`;
    let entry = byTemplate.get(key);
    if (!entry) byTemplate.set(key, (entry = { days: new Set(), ids: [] }));
    entry.days.add(Math.floor(a.time / 86_400_000));
    entry.ids.push(a.id);
  }
  for (const { days, ids } of byTemplate.values()) if (days.size >= minDays) for (const id of ids) out.add(id);
  return out;
}
