import { NOT_NAMES } from '../score/entities';
import { normaliseText } from '../text/normalise-text';
import { ENGLISH_STOPWORDS } from '../text/stopwords';
import { stem } from '../text/tokenize';
import { storyTitleSpans, type Span } from './work-titles';

/**
 * The named occasions a headline reports: a proper-noun phrase whose head noun is an occasion
 * ("MTV Movie Awards", "Tax Day", "Holy Week", "Palm Sunday", "Boston Marathon", "IPCC report"),
 * read by its shape, never from a list of events. A person, a company, a show or a product is no
 * occasion: "Late Show", "The Bachelor", "Scandal" have no occasion head. One occasion told from
 * different angles on different days (the awards' winners, the host's promise, a tribute; the
 * freebies of Tax Day and its extensions) shares little meaning between its trends but names the
 * same occasion (docs/lab-notes/trends.md, "The named event in the rejoin", 2026-12-07).
 */

/** Head nouns of an occasion, capitalised as a name writes them. */
const OCCASION_HEAD =
  /^(?:Awards?|Day|Week|Weekend|Festival|Fest|Summit|Games|Olympics|Cup|Open|Marathon|Conference|Convention|Expo|Fair|Parade|Sunday|Eve|Championships?|Tournament|Gala|Panel)$/u;

/** A named body's report or panel: an acronym and "report" or "panel" in any case ("IPCC report", "UN panel"). */
const REPORT_HEAD = /^(?:[Rr]eport|[Pp]anel)$/u;

/**
 * Capitalised words before an occasion head that name no occasion: a title-case headline's
 * adjectives and ordinals ("Best Day Ever", "First Week", "Big Weekend").
 */
const NOT_OCCASION_NAMES: ReadonlySet<string> = new Set(
  'best big biggest first second third last next final good great bad worst whole every same long busy one another other own happy new'.split(
    ' ',
  ),
);

/** A word of a headline and where it ends. */
interface Word {
  word: string;
  start: number;
  end: number;
}

function headlineWords(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}.&-]|['’](?=\p{L}))*/gu)].map((m) => ({
    word: m[0].replace(/\.$/u, ''),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

function isAcronym(word: string): boolean {
  return /^(?:\p{Lu}\.){2,}$|^(?:\p{Lu}\.)+\p{Lu}$|^(?=.*\p{Lu}.*\p{Lu})[\p{Lu}\d]{2,6}$/u.test(word);
}

/** The word a modifier is compared by: lower-case, stemmed, dots and a possessive dropped ("U.N." -> "un"). */
function keyOf(word: string): string {
  return stem(
    word
      .replace(/['’]s$/u, '')
      .replace(/\./gu, '')
      .toLowerCase(),
  );
}

/**
 * The named occasions of one headline, each as "modifier head" (the capitalised word before the
 * occasion head and the head, stemmed: "movie award", "tax day", "patrick day", "ipcc report").
 * The modifier is capitalised or an acronym, parted from the head by a space alone, and names
 * something (no stopword, weekday or month, no adjective of a title-case headline).
 */
export function headlineOccasions(headline: string, titles: readonly Span[] = []): Set<string> {
  const text = normaliseText(headline);
  const ws = headlineWords(text);
  const out = new Set<string>();
  for (let i = 1; i < ws.length; i++) {
    const head = ws[i]!.word;
    const report = REPORT_HEAD.test(head);
    if (!report && !OCCASION_HEAD.test(head)) continue;
    const prev = ws[i - 1]!;
    if (!/^ +$/u.test(text.slice(prev.end, ws[i]!.start))) continue;
    // A work's title is no occasion ("'Hunger Games' top winner", work-titles.ts).
    if (titles.some(([from, to]) => prev.start < to && ws[i]!.end > from)) continue;
    const m = prev.word;
    if (report ? !isAcronym(m) : !(/^\p{Lu}/u.test(m) || isAcronym(m))) continue;
    const bare = m.replace(/['’]s$/u, '');
    const key = keyOf(m);
    if (key.length < 2 || /^\d/u.test(key)) continue;
    if (NOT_NAMES.has(bare) || ENGLISH_STOPWORDS.has(key) || NOT_OCCASION_NAMES.has(key)) continue;
    out.add(`${key} ${keyOf(head)}`);
  }
  return out;
}

/** The "modifier head" pairs of adjacent words a headline holds, in any case ("Tax day freebies" -> "tax day"). */
function wordPairs(headline: string): Set<string> {
  const text = normaliseText(headline);
  const ws = headlineWords(text);
  const out = new Set<string>();
  for (let i = 1; i < ws.length; i++)
    if (/^ +$/u.test(text.slice(ws[i - 1]!.end, ws[i]!.start)))
      out.add(`${keyOf(ws[i - 1]!.word)} ${keyOf(ws[i]!.word)}`);
  return out;
}

/**
 * How many of the headlines name each occasion of `occasions` (by default those they name as
 * occasions themselves, headlineOccasions), in any case: an occasion read as a name in one headline
 * is the same occasion in another that writes it in lower case ("Tax day freebies", "the holy week").
 */
export function occasionCounts(
  headlines: readonly string[],
  occasions: ReadonlySet<string> = new Set(headlines.flatMap((h) => [...headlineOccasions(h)])),
): Map<string, number> {
  const counts = new Map<string, number>();
  if (occasions.size === 0) return counts;
  for (const h of headlines)
    for (const o of wordPairs(h)) if (occasions.has(o)) counts.set(o, (counts.get(o) ?? 0) + 1);
  return counts;
}

/** The occasions a set of headlines names (headlineOccasions), a work's title read across them left out. */
export function pairOccasions(headlines: readonly string[]): Set<string> {
  const texts = headlines.map(normaliseText);
  const titles = storyTitleSpans(texts);
  return new Set(texts.flatMap((h, i) => [...headlineOccasions(h, titles[i])]));
}

/**
 * How many of each side's headlines name each occasion read in either side (pairOccasions over
 * both, so a work's title read across the two is left out): the one reading sharedOccasion and
 * sameOccasion derive from.
 */
function sideOccasionCounts(a: readonly string[], b: readonly string[]): [Map<string, number>, Map<string, number>] {
  const occasions = pairOccasions([...a, ...b]);
  return [occasionCounts(a, occasions), occasionCounts(b, occasions)];
}

/** The occasion both counts hold, each at least `least`, the most named first (ties: the first by name). */
function mostShared(
  ca: ReadonlyMap<string, number>,
  cb: ReadonlyMap<string, number>,
  least: number,
): string | undefined {
  let best: string | undefined;
  let most = 0;
  for (const [o, n] of ca) {
    const m = cb.get(o) ?? 0;
    if (n < least || m < least) continue;
    if (n + m > most || (n + m === most && best !== undefined && o < best)) [best, most] = [o, n + m];
  }
  return best;
}

/**
 * The occasion both trends' central headlines name (read as an occasion in a headline of either),
 * each side in at least `least` of its headlines, if any (the most named first).
 */
export function sharedOccasion(a: readonly string[], b: readonly string[], least = 1): string | undefined {
  return mostShared(...sideOccasionCounts(a, b), least);
}

/**
 * Headlines of one side that must name the occasion (the other naming it at least once): what
 * the trend is about, not a date a headline gives in passing ("Tax Freedom Day" once on each side
 * of a tax-return reminder and a state's tax study).
 */
export const OCCASION_HEADLINES = 2;

/**
 * Two trends' central headlines report one named occasion: both name it, and one of them in
 * OCCASION_HEADLINES of its headlines or more (sharedOccasion; both from one count per side).
 */
export function sameOccasion(a: readonly string[], b: readonly string[]): boolean {
  const [ca, cb] = sideOccasionCounts(a, b);
  const shared = mostShared(ca, cb, 1);
  if (shared === undefined) return false;
  return Math.max(ca.get(shared) ?? 0, cb.get(shared) ?? 0) >= OCCASION_HEADLINES;
}
