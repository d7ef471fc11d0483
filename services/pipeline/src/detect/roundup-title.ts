import { LISTED_MIN_SOURCES } from '@trendscope/core';
import { titleTemplate } from './recurring-column';

/**
 * Words that name a roundup column rather than what happened ("Business in Brief", "Monday Evening
 * Business Brief", "Nation briefs", "Morning Briefing", "SC business notebook", "Market Round-Up",
 * "Weekend Wrap-Up"): the genre's own nouns, in the forms a column uses ("brief" as a noun that
 * ends the label or follows "in", not "a brief outage").
 */
const ROUNDUP_NOUN =
  /\bin\s+brief\b|\bbriefs\b|\bbriefings?\b|\bbrief\W*$|\bnotebook\b|\bdigest\b|\bround-?up\b|\bwrap-up\b|\bbulletin\b/i;

/** Content terms a roundup label has at most besides numbers and calendar words ("Friday Afternoon Business Brief"). */
const LABEL_MAX_TERMS = 3;

/** A list column's phrase: "10 Things You Need To Know", "5 things to know", "Ten Things You Should Know". */
const THINGS_TO_KNOW =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+things\s+(?:(?:you|we)\s+(?:need|should|must)\s+)?(?:to\s+)?know\b/i;

/** Content terms a list column's title has at most after its phrase ("... Before The Opening Bell", "... for Friday"). */
const LIST_MAX_TERMS = 2;

/** The distinct content terms of a text besides numbers and calendar words. */
function labelTerms(text: string): number {
  return new Set(titleTemplate(text).split(' ').filter(Boolean)).size;
}

/** A short label built on a roundup noun ("Business in Brief", "Nation briefs"). */
function isRoundupLabel(text: string): boolean {
  return ROUNDUP_NOUN.test(text) && labelTerms(text) <= LABEL_MAX_TERMS;
}

/**
 * Whether a headline is the edition of a roundup column whose title names no event: a short label
 * built on a roundup noun, or a list of "N things to know" that says of what only by a time or a
 * roundup label ("10 Things You Need To Know Before The Opening Bell", "March 25 Premarket
 * Briefing: 10 Things You Should Know"), not "5 things to know about the Box IPO" nor "Twitter
 * Revamp: 10 Things To Know". Such columns run under one title on many days, but a detection
 * window too short to see them repeat (recurring-column.ts) lets two outlets' editions make a
 * trend no reader finds a story in. A headline that reports something under a column's label
 * ("Business briefs: Sprint chief wants to take over T-Mobile") has more words and is not one.
 */
export function isRoundupTitle(title: string): boolean {
  const list = THINGS_TO_KNOW.exec(title);
  if (!list) return isRoundupLabel(title);
  const before = title.slice(0, list.index);
  const after = title.slice(list.index + list[0].length);
  return (
    !/^\W*about\b/i.test(after) &&
    (labelTerms(before) === 0 || isRoundupLabel(before)) &&
    labelTerms(after) <= LIST_MAX_TERMS
  );
}

/**
 * Whether a trend of several publishers is, once its roundup editions are set aside, the report of
 * fewer than LISTED_MIN_SOURCES publishers: what it holds besides roundup columns would not be
 * listed on its own (one outlet's report), so the trend is not listed either. False when no member
 * is a roundup edition (a one-publisher trend is left out by its source_count already).
 */
export function isRoundupTrend(members: readonly { title: string | null; domain: string }[]): boolean {
  const roundup = members.map((m) => isRoundupTitle(m.title ?? ''));
  if (!roundup.includes(true)) return false;
  const reporting = new Set(members.filter((_, i) => !roundup[i]).map((m) => m.domain));
  return reporting.size < LISTED_MIN_SOURCES;
}
