import { NOT_NAMES as ENTITY_NOT_NAMES } from '../score/entities';
import { stem, words } from '../text/tokenize';
import { ENGLISH_STOPWORDS } from '../text/stopwords';
import { eventKindMatch } from './event-classes';
import { TITLE_LOWER_WORDS } from './work-titles';

/**
 * The arguments of the event two trends' central headlines report: the names and numbers they name
 * (which product, which film, which week, which person), as against the kind of event
 * (event-classes.ts). One story keeps its cast from one day to the next; two stories of one subject
 * and one kind of event differ in a second named thing (PS4 against Titanfall's Xbox sales,
 * "Terminator" against "Sabotage"; docs/lab-notes/trends.md, "The event's arguments in the rejoin",
 * 2026-12-07).
 */

/** A word of four letters or more in lower case: a headline with one outside its names is in sentence case. */
const LOWER_WORD = /(?<![\p{L}\p{N}'’])\p{Ll}[\p{L}'’-]{3,}/gu;

/**
 * Whether a headline is in sentence case: a lower-case word of four letters or more, small words
 * aside (TITLE_LOWER_WORDS, as work-titles.ts reads case). Not work-titles.ts' firstLowerWord,
 * which reads a hyphenated word as one: here the word after a hyphen or a digit is read on its own,
 * so "FDA Approves Anti-migraine Device" is sentence case here and title case there (261 of UCI's
 * and Giveme5W1H's 116,226 distinct headlines read differently; one reading for both would be a
 * change to measure, not a tidy).
 */
function sentenceCase(headline: string): boolean {
  for (const m of headline.matchAll(LOWER_WORD)) if (!TITLE_LOWER_WORDS.has(m[0])) return true;
  return false;
}

/**
 * Capitalised words that name nothing, lower-cased: those extractEntities drops (score/entities.ts:
 * a clause's or a headline's first word, days and months, outlet furniture) and headlines' labels.
 */
const NOT_NAMES: ReadonlySet<string> = new Set([
  ...[...ENTITY_NOT_NAMES].map((w) => w.toLowerCase()),
  ...'update photos report reports review reviews exclusive watch live breaking'.split(' '),
]);

/** The stem a word is compared by. */
function termOf(word: string): string {
  return stem(word.toLowerCase());
}

/** Whether a word is a number (digits, perhaps with a unit glued on: "3rd", "50m"). */
function isNumber(word: string): boolean {
  return /^\d/.test(word);
}

/** Whether a word is written in capitals as an acronym ("PS4", "HBO", "NSA"): 2-6 capitals, digits allowed. */
function isAcronym(word: string): boolean {
  return /^(?=.*\p{Lu}.*\p{Lu})[\p{Lu}\d]{2,6}$/u.test(word);
}

/**
 * The stems a set of headlines writes as names: a capitalised word inside a sentence-case headline
 * (not its first word, nor a clause's first after a colon, a dash or a quote), and an acronym in any
 * headline. A title-case headline's capitals tell no name from a common word, so it adds no name of
 * its own; the names read elsewhere are still found in it (argumentTerms). Single stems, as
 * distinctArguments compares them with every word of the other side; extractEntities
 * (score/entities.ts) and nameRuns (work-titles.ts) read phrases, and a phrase of one word alone
 * (nameRuns) or at a headline's start (extractEntities) is read otherwise.
 */
export function nameTerms(headlines: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const h of headlines) {
    const sentence = sentenceCase(h);
    for (const m of h.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu)) {
      const word = m[0].replace(/['’]s?$/u, '');
      if (word === '' || isNumber(word)) continue;
      const before = h.slice(0, m.index).trimEnd();
      const clauseStart = before === '' || /[:;|"“‘'(—–-]$/u.test(before);
      const term = termOf(word);
      if (NOT_NAMES.has(term) || ENGLISH_STOPWORDS.has(term)) continue;
      if (isAcronym(word)) names.add(term);
      else if (sentence && !clauseStart && /^\p{Lu}\p{Ll}/u.test(word)) names.add(term);
    }
  }
  return names;
}

/** Every stem a set of headlines holds (numbers too), for "the other side never names it". */
function allTerms(headlines: readonly string[]): Set<string> {
  return new Set(headlines.flatMap((h) => words(h).map(termOf)));
}

/**
 * How many of the headlines name each argument: a number, or a stem of `names` (the names read in
 * either trend's headlines, nameTerms), so a title-case headline naming "Titanfall" counts it.
 */
export function argumentTerms(headlines: readonly string[], names = nameTerms(headlines)): Map<string, number> {
  const counts = new Map<string, number>();
  for (const h of headlines) {
    const seen = new Set<string>();
    for (const w of words(h)) {
      const t = termOf(w);
      if (isNumber(w) || names.has(t)) seen.add(t);
    }
    for (const t of seen) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return counts;
}

/** The arguments only one side names, and those both name. */
export interface DistinctArguments {
  onlyA: string[];
  onlyB: string[];
  shared: string[];
}

/**
 * The arguments (argumentTerms, names read on both sides) each of two trends' central headlines
 * name that no headline of the other names at all, and those both name; `least`: how many of its
 * side's headlines must name an argument for it to count as one side's alone (a name one headline
 * drops in passing is no second event).
 */
export function distinctArguments(a: readonly string[], b: readonly string[], least = 1): DistinctArguments {
  const names = nameTerms([...a, ...b]);
  const [ca, cb] = [argumentTerms(a, names), argumentTerms(b, names)];
  const [ta, tb] = [allTerms(a), allTerms(b)];
  const only = (c: Map<string, number>, other: Set<string>): string[] =>
    [...c].filter(([t, n]) => n >= least && !other.has(t)).map(([t]) => t);
  return {
    onlyA: only(ca, tb),
    onlyB: only(cb, ta),
    shared: [...ca.keys()].filter((t) => cb.has(t)),
  };
}

/**
 * Headlines of its side an argument must be named in to be that side's own (distinctArguments'
 * `least`): one headline naming a thing in passing is no second event ("'Sabotage' Review" among
 * the Terminator's headlines is the other trend's film, not the Terminator trend's).
 */
export const CAST_HEADLINES = 2;

/**
 * Two trends' central headlines keep one cast: neither names, in CAST_HEADLINES of its headlines or
 * more, a name or number the other never names. PS4's February sales against Titanfall's lift of
 * Xbox sales ("ps4" in three headlines, never on the other side), two weeks' gas-price surveys ("5
 * cents" against "1 cent"), a series' return against its premiere crashing "HBO Go" differ in one;
 * the search for MH370 on two days, or NASA's flying saucer told twice, name the same things.
 */
export function sameCast(a: readonly string[], b: readonly string[]): boolean {
  const d = distinctArguments(a, b, CAST_HEADLINES);
  return d.onlyA.length === 0 && d.onlyB.length === 0;
}

/**
 * The headlines with every word of `names` (nameTerms) masked: the kind of event read from what is
 * left is the event's, not a name's (a name that is also an event word is no event: in "NASA tests
 * out flying saucer for future Mars missions" "Mars" names where the saucer goes; event-classes.ts
 * reads a planet's name alone as no sky event either).
 */
export function withoutNames(headlines: readonly string[], names: ReadonlySet<string>): string[] {
  return headlines.map((h) =>
    h.replace(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu, (w) => (names.has(termOf(w.replace(/['’]s?$/u, ''))) ? '·' : w)),
  );
}

/**
 * The event cast test of the story rejoin (rejoin-stories.ts): the two trends' central headlines
 * report the same kind of event once their names are masked (eventKindMatch >= kindMatch on
 * withoutNames), and keep one cast (sameCast).
 */
export function sameCastEvent(a: readonly string[], b: readonly string[], kindMatch: number): boolean {
  const names = nameTerms([...a, ...b]);
  return eventKindMatch(withoutNames(a, names), withoutNames(b, names)) >= kindMatch && sameCast(a, b);
}
