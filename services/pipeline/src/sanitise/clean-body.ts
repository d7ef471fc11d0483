import type { Redactions } from '@trendscope/core';
import { comparable, isHeadlineLike, withoutFurniture } from './page-furniture';
import { htmlToPlainText } from './sanitise-text';
import { redactPersonalData } from './redact-personal-data';

/**
 * Retention thresholds (documented in the README under "Extraction quality"):
 * - fewer than MIN_BODY_WORDS words: `too_short` (a teaser, a caption, an error page);
 * - less than MIN_PROSE_SHARE of the characters in prose lines (a line of at least
 *   PROSE_LINE_WORDS words, or one ending like a sentence): `boilerplate` (menus, link lists);
 * - a consent, paywall or "enable JavaScript" notice in a body under NOTICE_MAX_WORDS words:
 *   `boilerplate` (the page showed a notice instead of the article);
 * - more than MAX_HEADLINE_SHARE of the characters in headline-like lines (a few words, no sentence
 *   ending): `boilerplate` (a list of other stories' headlines, with no article under it).
 */
export const MIN_BODY_WORDS = 50;
/** Share of characters that must sit in prose lines. */
export const MIN_PROSE_SHARE = 0.5;
/** Words that make a line prose even without final punctuation. */
export const PROSE_LINE_WORDS = 8;
/** Below this many words a notice phrase marks the body as a notice. */
export const NOTICE_MAX_WORDS = 150;
/** Share of characters in headline-like lines above which a body is a list of headlines. */
export const MAX_HEADLINE_SHARE = 0.8;
/** Upper bound of a stored body; longer text is cut at a paragraph boundary. */
export const MAX_BODY_CHARS = 200_000;

/** The result of the sanitise-before-storage step for one body. */
export interface CleanBodyResult {
  text: string;
  redactions: Redactions;
  retained: boolean;
  reason?: 'empty' | 'too_short' | 'boilerplate';
}

const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/gu;
const NOTICE =
  /\b(?:enable javascript|javascript is disabled|subscribe to (?:continue|read)|already a subscriber|we use cookies|accept (?:all )?cookies|cookie (?:policy|settings)|access denied|page not found|404 not found|are you a robot|verify you are human)\b/i;

/** Words in a text; each CJK character counts as one (those scripts do not separate words). */
export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const other = text.replace(CJK, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return cjk + other;
}

function isProseLine(line: string): boolean {
  return countWords(line) >= PROSE_LINE_WORDS || /[.!?。！？…"'”’»)]\s*$/u.test(line);
}

/** Why a plain text should not be stored, or null when it should. */
function rejection(text: string): CleanBodyResult['reason'] | null {
  if (text === '') return 'empty';
  const words = countWords(text);
  if (words < MIN_BODY_WORDS) return 'too_short';
  if (words < NOTICE_MAX_WORDS && NOTICE.test(text)) return 'boilerplate';
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const total = lines.reduce((sum, l) => sum + l.length, 0);
  const prose = lines.filter(isProseLine).reduce((sum, l) => sum + l.length, 0);
  if (total > 0 && prose / total < MIN_PROSE_SHARE) return 'boilerplate';
  const headlines = lines.filter(isHeadlineLike).reduce((sum, l) => sum + l.length, 0);
  return total > 0 && headlines / total > MAX_HEADLINE_SHARE ? 'boilerplate' : null;
}

function truncate(text: string): string {
  if (text.length <= MAX_BODY_CHARS) return text;
  const cut = text.lastIndexOf('\n\n', MAX_BODY_CHARS);
  return text.slice(0, cut > MAX_BODY_CHARS / 2 ? cut : MAX_BODY_CHARS).trimEnd();
}

const LIST_ITEM = /<li\b[^>]*>([\s\S]*?)<\/li>/gi;

/** The texts of the list items that hold no link: the article's own lists, never other stories' headlines. */
function ownListItems(html: string): Set<string> {
  const items = new Set<string>();
  for (const [, inner] of html.matchAll(LIST_ITEM)) {
    if (inner !== undefined && !/<a\b/i.test(inner)) items.add(comparable(htmlToPlainText(inner)));
  }
  return items;
}

function candidate(html: string | null | undefined): { text: string; reason: CleanBodyResult['reason'] | null } {
  // Furniture and script text go before the retention rules judge what is left.
  const text = html ? truncate(withoutFurniture(htmlToPlainText(html), ownListItems(html))) : '';
  return { text, reason: rejection(text) };
}

/**
 * Sanitise before storage: HTML to plain text, page furniture and script text dropped, personal data redacted, and the decision whether
 * the body is kept. The fallback (e.g. the feed's own content) is used when the main body is
 * missing or not worth keeping and the fallback is.
 */
export function cleanBody(html: string | null, fallbackHtml?: string | null): CleanBodyResult {
  const primary = candidate(html);
  let chosen = primary;
  if (primary.reason !== null && fallbackHtml) {
    const fallback = candidate(fallbackHtml);
    if (fallback.reason === null || fallback.text.length > primary.text.length) chosen = fallback;
  }
  const { text, redactions } = redactPersonalData(chosen.text);
  const result: CleanBodyResult = { text, redactions, retained: chosen.reason === null };
  if (chosen.reason !== null) result.reason = chosen.reason;
  return result;
}
