import nlp from 'compromise/two';
import { ENGLISH_STOPWORDS } from '../text/stopwords';

/** Most words a topic phrase grows to when it is completed from its headline. */
const MOST_WORDS = 8;
/** Headlines tagged per phrase, at most: the first that hold it (tagging costs about a millisecond each). */
const HEADLINES_TAGGED = 3;

/** A headline word with its part-of-speech tags (compromise) and the characters around it. */
interface Tagged {
  text: string;
  pre: string;
  post: string;
  tags: ReadonlySet<string>;
}

/** Where a key phrase sits in a headline, and the noun phrase it stands for there (if it is one). */
export interface PhraseInHeadline {
  headline: string;
  /** Undefined when the phrase is a clause there ("Korea launches rocket") or holds no noun. */
  nounPhrase: string | undefined;
  /** Whether the noun phrase is a person's name ("Lindsay Lohan"). */
  name: boolean;
}

/** A word that never ends or opens a noun phrase, whatever a title-case headline makes the tagger say ("Was", "To"). */
const isFunctionWord = (t: Tagged): boolean => ENGLISH_STOPWORDS.has(t.text.toLowerCase());
const isNoun = (t: Tagged): boolean => t.tags.has('Noun') && !t.tags.has('Pronoun') && !isFunctionWord(t);
const isPerson = (t: Tagged): boolean => t.tags.has('Person') && !isFunctionWord(t);
const isFirstName = (t: Tagged): boolean => t.tags.has('FirstName') && !isFunctionWord(t);
const isLastName = (t: Tagged): boolean => t.tags.has('LastName') && !isFunctionWord(t);
/** A verb form the tagger does not also read as a noun ("files" in "Mt Gox files"; "fire" it reads as a noun). */
export const isVerbForm = (t: { tags: ReadonlySet<string> }): boolean =>
  (t.tags.has('Verb') || t.tags.has('Gerund')) && !(t.tags.has('Noun') && !t.tags.has('Pronoun'));
/** A word that can close a noun phrase: a noun, or a capitalised word that is no verb ("Neil Young"); no possessive. */
const closesPhrase = (t: Tagged): boolean =>
  !t.tags.has('Possessive') && (isNoun(t) || (/^\p{Lu}/u.test(t.text) && !isVerbForm(t) && !isFunctionWord(t)));
/** A word that modifies the noun after it: an adjective, a number, a possessive ("Timberlake's"). */
const isModifier = (t: Tagged): boolean =>
  (t.tags.has('Adjective') || t.tags.has('Value') || t.tags.has('Possessive')) && !isVerbForm(t);
/** Name kinds whose words belong together when two capitalised words of one kind stand side by side. */
const NAME_KINDS = ['Place', 'Organization'] as const;
/** Two capitalised proper nouns of one kind of name, the first no possessive ("Costa Rica"). */
const sameKindOfName = (a: Tagged, b: Tagged): boolean =>
  /^\p{Lu}/u.test(a.text) &&
  a.tags.has('ProperNoun') &&
  !a.tags.has('Possessive') &&
  !isFunctionWord(a) &&
  NAME_KINDS.some((k) => a.tags.has(k) && b.tags.has(k));
/** A proper noun the tagger has no lexicon entry for (no number, no other reading): most likely a name. */
const isUnknownProperNoun = (t: Tagged): boolean =>
  t.tags.has('ProperNoun') && [...t.tags].every((g) => g === 'ProperNoun' || g === 'Noun');
/**
 * A person's name as a headline gives it: the tagger's person words, or up to three capitalised
 * words opened by one ("Taylor Swift", whose "Swift" it reads as an adjective).
 */
const isPersonName = (span: readonly Tagged[]): boolean =>
  span.every(isPerson) ||
  (span.length <= 3 &&
    isPerson(span[0]!) &&
    span.every((t) => /^\p{Lu}/u.test(t.text) && !t.tags.has('Possessive') && !isVerbForm(t) && !isFunctionWord(t)));
/** A small number or a roman numeral closing a title ("Episode 7", "Rocky II"). */
const isNumeral = (t: Tagged): boolean => /^(?:\d{1,2}|[IVX]{1,4})$/.test(t.text);
/** Words a title's number follows, whatever their case ("Game of Thrones season 4"). */
export const NUMBERED_WORD = /^(?:season|episode|part|chapter|series|volume)$/i;
/** Punctuation between two words ends a phrase: anything but a space or a hyphen joining them ("Metro-North"). */
const breaksBetween = (a: Tagged, b: Tagged): boolean => !/^(?:\s*|-)$/.test(a.post) || /\S/.test(b.pre);
/** A word lower-cased, quotes and outer punctuation off. */
const bare = (w: string): string => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * The words of a headline with their part-of-speech tags. A sentence's first word read as an imperative is taken for a noun: headlines
 * seldom give orders, and the tagger reads a headline's first noun that way ("Gas prices up",
 * "Star Wars Episode 7"); further in ("5 things to know") it stays a verb.
 */
export function tagHeadline(headline: string): Tagged[] {
  const docs = nlp(headline).docs as { text: string; pre: string; post: string; tags?: Set<string> }[][];
  return docs.flatMap((sentence) =>
    sentence.map((t, i) => {
      const tags = t.tags ?? new Set<string>();
      const noun = i === 0 && tags.has('Imperative');
      return {
        text: t.text,
        pre: t.pre,
        post: t.post,
        tags: noun ? new Set([...tags].filter((g) => g !== 'Verb' && g !== 'Imperative')).add('Noun') : tags,
      };
    }),
  );
}

/**
 * The first of the headlines (in the order given) that holds a key phrase, and the noun phrase the
 * key phrase stands for in it. Verbs and function words are dropped from either end ("Enables
 * Pixel Visual" in "Google enables Pixel Visual Core for apps"); a phrase cut from the middle of a
 * noun phrase, or ending on a modifier, is completed by the nouns that follow ("Pixel Visual Core");
 * part of a person's name becomes the whole name ("Jeopardy champ Arthur" -> "... Arthur Chu",
 * "Lohan" -> "Lindsay Lohan"); never across punctuation. A phrase with a verb inside is a clause
 * ("Korea launches rocket"): no noun phrase. Undefined when no headline holds the phrase.
 */
export function phraseInHeadlines(phrase: string, headlines: readonly string[]): PhraseInHeadline | undefined {
  const want = phrase.split(/\s+/).map(bare).filter(Boolean);
  if (want.length === 0) return undefined;
  let tagged = 0;
  let best: PhraseInHeadline | undefined;
  for (const headline of headlines) {
    const lower = headline.toLowerCase();
    if (!want.every((w) => lower.includes(w))) continue;
    if (++tagged > HEADLINES_TAGGED) break;
    const terms = tagHeadline(headline);
    // Terms with no letter or digit ("&" of "Fast & Furious") join words; the key phrase skips them.
    const at = terms.map((_t, i) => i).filter((i) => bare(terms[i]!.text) !== '');
    const words = at.map((i) => bare(terms[i]!.text));
    const found = words.findIndex((_, i) => want.every((w, k) => words[i + k] === w));
    if (found < 0) continue;
    const here = { headline, ...nounPhraseAt(phrase, terms, at[found]!, at[found + want.length - 1]!) };
    // A name: the longest the tagged headlines give ("Juan Pablo" -> "Juan Pablo Galavis" in a later one).
    if (!here.name) return here;
    if (!best || (here.nounPhrase ?? '').length > (best.nounPhrase ?? '').length) best = here;
  }
  return best;
}

/** The noun phrase around terms[first..last] (see phraseInHeadlines), if there is one. */
function nounPhraseAt(
  phrase: string,
  terms: readonly Tagged[],
  first: number,
  last: number,
): { nounPhrase: string | undefined; name: boolean } {
  const none = { nounPhrase: undefined, name: false };
  let start = first;
  let end = last;
  // A verb or a function word opening the phrase: the phrase was cut out of a clause. A number's
  // possessive opening it is the end of another name ("2's Pixel Visual" of "Pixel 2's Pixel
  // Visual Core"): what it owns is the phrase.
  while (
    start <= end &&
    (isVerbForm(terms[start]!) ||
      isFunctionWord(terms[start]!) ||
      (start < end && /^\d+['’]s$/.test(terms[start]!.text)))
  ) {
    start++;
  }
  while (end >= start && (isVerbForm(terms[end]!) || isFunctionWord(terms[end]!))) end--;
  if (start > end) return none;
  // Cut from the middle of a noun phrase (its start trimmed, or ending on a modifier): the nouns
  // that follow complete it ("Pixel Visual" -> "Pixel Visual Core", "Timberlake's Super" -> "... Bowl").
  if (start > first || isModifier(terms[end]!)) {
    while (end + 1 < terms.length && end - start + 1 < MOST_WORDS) {
      const next = terms[end + 1]!;
      if (!isNoun(next) || isVerbForm(next) || breaksBetween(terms[end]!, next)) break;
      end++;
    }
  }
  // Part of a person's name: the whole name ("Jeopardy champ Arthur" -> "... Arthur Chu", "Lohan" ->
  // "Lindsay Lohan", "Carson" -> "Carson Palmer", "Juan Pablo" -> "Juan Pablo Galavis").
  while (end + 1 < terms.length && end - start + 1 < MOST_WORDS && isPerson(terms[end]!)) {
    const next = terms[end + 1]!;
    // A surname followed by a capitalised word the tagger knows nothing of is a name read surname
    // first ("Premier Li Keqiang").
    const unknownName =
      isLastName(terms[end]!) && isUnknownProperNoun(next) && /^\p{Lu}/u.test(next.text) && !isVerbForm(next);
    const namePart =
      isLastName(next) || unknownName || (isPerson(next) && /^\p{Lu}/u.test(next.text) && !isVerbForm(next));
    if (!namePart || breaksBetween(terms[end]!, next)) break;
    end++;
  }
  // A title's number or numeral ends the name it belongs to ("Star Wars Episode 7", "Fast & Furious 7").
  const numeral = terms[end + 1];
  const numbered = /^\p{Lu}/u.test(terms[end]!.text) || NUMBERED_WORD.test(bare(terms[end]!.text));
  if (numeral && numbered && /^(?:\d{1,2}|[IVX]{1,4})$/.test(numeral.text)) {
    if (!breaksBetween(terms[end]!, numeral)) end++;
  }
  while (start > 0 && end - start + 1 < MOST_WORDS && isPerson(terms[start]!)) {
    const prev = terms[start - 1]!;
    if (!isFirstName(prev) || breaksBetween(prev, terms[start]!)) break;
    start--;
  }
  // Part of a place's or an organisation's name: the whole name ("Rica plane crash" -> "Costa Rica
  // plane crash").
  while (start > 0 && end - start + 1 < MOST_WORDS && sameKindOfName(terms[start - 1]!, terms[start]!)) {
    if (breaksBetween(terms[start - 1]!, terms[start]!)) break;
    start--;
  }
  // The end of a capitalised "X of Y" name: the whole name ("Thrones season 4" -> "Game of Thrones
  // season 4", "England deputy governor" -> "Bank of England deputy governor").
  const of = terms[start - 1];
  const owner = terms[start - 2];
  if (
    of &&
    owner &&
    bare(of.text) === 'of' &&
    end - start + 3 <= MOST_WORDS &&
    /^\p{Lu}/u.test(owner.text) &&
    /^\p{Lu}/u.test(terms[start]!.text) &&
    isNoun(owner) &&
    !isVerbForm(owner) &&
    !isFunctionWord(owner) &&
    !breaksBetween(owner, of) &&
    !breaksBetween(of, terms[start]!)
  ) {
    start -= 2;
  }
  const span = terms.slice(start, end + 1);
  const joiner = (t: Tagged): boolean => bare(t.text) === '';
  if (span.some((t) => isVerbForm(t) && !joiner(t)) || !(closesPhrase(terms[end]!) || isNumeral(terms[end]!))) {
    return none;
  }
  // Punctuation inside ("safe zone' for women" -> "zone for women"): no phrase of the headline.
  for (let i = start; i < end; i++) {
    if (breaksBetween(terms[i]!, terms[i + 1]!) && !joiner(terms[i + 1]!) && !joiner(terms[i]!)) return none;
  }
  // A word joined to the phrase's end (no punctuation, no verb, the phrase not closed by a title's
  // number: "Game of Thrones season 4 trailer") may continue it:
  const after = terms[end + 1];
  const joined =
    after !== undefined && !isNumeral(terms[end]!) && !isVerbForm(after) && !breaksBetween(terms[end]!, after);
  // a lower-case noun: the phrase stops inside a longer one ("Chicago Bears fire" of "... fire coach
  // John Fox", "Astros first base" of "... base coach Rich Dauer");
  if (joined && /^\p{Ll}/u.test(after.text) && isNoun(after)) return none;
  // a capitalised word that could go on a name, after a phrase holding a lower-case word (so read in
  // a sentence-case headline, where capitals mark names): the phrase stops inside that name ("fund
  // Point72 Asset" of "... Point72 Asset Management"). In a title-case headline every word is
  // capitalised ("Kristen Bell Rocks Dress"): no such reading.
  const sentenceCase = span.some((t) => /^\p{Ll}/u.test(t.text) && !isFunctionWord(t));
  if (joined && sentenceCase && /^\p{Lu}/u.test(after.text) && closesPhrase(after)) return none;
  // Unchanged: the key phrase's own spelling stands (it may span punctuation the headline has).
  if (start === first && end === last && !span.some(joiner)) return { nounPhrase: phrase, name: isPersonName(span) };
  const text = span
    .map((t, i) => (i > 0 ? t.pre : '') + t.text + (i < span.length - 1 ? t.post : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return { nounPhrase: text, name: isPersonName(span) };
}
