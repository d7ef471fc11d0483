import { escapeRegExp } from '@trendscope/core';
import { normaliseText } from '../text/normalise-text';

/** A scale or unit after a decimal that a feed split ("6. 1 percent"): the two numbers are one. */
const UNIT_AFTER =
  /^\s*(?:%|percent\b|pct\b|billion\b|million\b|trillion\b|bn\b|mn\b|points?\b|inch(?:es)?\b|mph\b|degrees?\b)/iu;

/** A product or "version" followed by a version number split after its point ("iOS 7. 1" -> "iOS 7.1"). */
const VERSION_SPLIT = /\b((?:iOS|Android|OS X|Windows|version|v)\s?)(\d{1,2})\. (\d{1,2})\b/giu;

/**
 * A word whose only capital is its last letter, after two or more lower-case ones ("study findS"):
 * an outlet's typo, not a name. Names with a capital inside ("iPhone", "eBay", "deGrasse",
 * "easyJet", "comiXology", "YouTube", "McDonald") and acronyms have a lower-case letter after the
 * capital or open on one, so they never match. A word joined to a handle, tag or hyphen is left.
 */
const LAST_LETTER_CAPITAL = /(?<![\p{L}\p{N}@#_'’-])(\p{Ll}{2,})(\p{Lu})(?![\p{L}\p{N}_-])/gu;

/**
 * A headline or lead as a reader should see it: HTML remnants decoded (normaliseText), a backtick
 * or acute accent used as an apostrophe or a quote mark written as one ("children`s book" ->
 * "children's book", "`Top Money Maker`" -> "'Top Money Maker'"), a
 * decimal or version number that a feed split rejoined ("6. 1 percent" -> "6.1 percent", "iOS 7. 1"), a
 * typo's capital last letter in lower case ("study findS" -> "study finds"), and a name prefix that
 * repeats the headline's own opening dropped ("Lena Dunham - Lena Dunham may quit acting").
 */
export function displayText(text: string): string {
  let t = normaliseText(text)
    .replace(/(\p{L})[`´](\p{L})/gu, "$1'$2")
    // A backtick or acute accent opening or closing a quoted word is a quote mark ("Billboard's `Top Money Maker`").
    .replace(/(^|[\s([])[`´](?=[\p{L}\p{N}])/gu, "$1'")
    .replace(/([\p{L}\p{N}.!?])[`´](?=$|[\s)\].,:;!?])/gu, "$1'")
    .replace(
      /(^|[^\d.])([$€£])?(\d{1,3})\. (\d{1,3})\b/gu,
      (m, pre: string, cur = '', a: string, b: string, at: number, all: string) =>
        cur !== '' || UNIT_AFTER.test(all.slice(at + m.length)) ? `${pre}${cur}${a}.${b}` : m,
    )
    // A version number a feed split ("iOS 7. 1", "version 2. 0"): a sentence never ends on one.
    .replace(VERSION_SPLIT, '$1$2.$3')
    .replace(LAST_LETTER_CAPITAL, (_, word: string, last: string) => word + last.toLowerCase());
  const prefixed = /^(.{3,60}?)\s+[-–—:|]\s+(.+)$/u.exec(t);
  if (prefixed && new RegExp(`^${escapeRegExp(prefixed[1]!)}(?![\\p{L}\\p{N}])`, 'iu').test(prefixed[2]!))
    t = prefixed[2]!;
  return t;
}

/** Two display texts that say the same: compared without case, punctuation or spacing. */
export function sameText(a: string, b: string): boolean {
  return textKey(a) === textKey(b);
}

/** A text reduced to lower-case letters and digits with single spaces (for comparing topics). */
export function textKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
