import { escapeRegExp } from '@trendscope/core';
import { sameText, textKey } from './display-text';
import type { KeyPhrase } from './key-phrases';
import { NUMBERED_WORD, phraseInHeadlines, tagHeadline } from './noun-phrase';
import { geoFeatures } from '../classify/geo-features';
import { ENGLISH_STOPWORDS } from '../text/stopwords';
import { isRoundupTitle } from './roundup-title';
import { isBylineHeadline } from './byline-headline';
import { moneyFigures } from './money-amounts';
import { traderLabelsLast } from './trader-label';
import { itemsLastUnlessAll, itemsLastUnlessMost } from './items-last';

/** Fewest and most words of a topic phrase. */
export const TOPIC_MIN_WORDS = 2;
export const TOPIC_MAX_WORDS = 8;
/** Key phrases looked at, best first, before falling back to a headline. */
const PHRASES_TRIED = 3;

const MONTH =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
/** Numbers, amounts and the words that only scale or date them ("121 billion", "$5", "3%"). */
const NUMBER_WORD =
  /^(?:[$€£¥]?\d[\d.,:/-]*(?:%|[kmb]n?|bn|st|nd|rd|th|s|am|pm)?|billion|million|trillion|thousand|percent|pct|bn|mn)$/i;
/** A date or a time inside a text: 03/12/14, 2014-03-12, 2:02 am, March 11, 11 March. */
const DATE_OR_TIME = new RegExp(
  [
    String.raw`\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b`,
    String.raw`\b\d{1,2}:\d{2}\b`,
    String.raw`\b\d{1,2}\s?(?:am|pm)\b`,
    String.raw`\b(?:${MONTH})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:${MONTH})\b`,
  ].join('|'),
  'i',
);
/**
 * Verbs headlines use most, as they end a phrase cut out of a headline ("Broadcom raises", "Terror
 * truck ploughs"): such a phrase is a clause, not a noun phrase. Past forms in -ed are caught by
 * their ending.
 */
const HEADLINE_VERBS: ReadonlySet<string> = new Set(
  (
    'adds agrees announces approves beats blames buys calls claims cuts denies expects faces falls finds ' +
    'gets gives grows hikes hits joins launches leads loses makes opens plans ploughs plunges posts ' +
    'raises rejects reports reveals rises says seeks sees sells sets shows slams slips soars sues takes ' +
    'tops unveils urges vows warns wins'
  ).split(' '),
);
/**
 * Words that open a clause or an aside rather than a noun phrase ("Find electric bill", "Ever ..."),
 * or a part of a title whose name was left out ("Season 4 premiere" of "'Game of Thrones' Season 4 premiere").
 */
const NOT_PHRASE_START: ReadonlySet<string> = new Set(
  'find get give make see take ever also just still even season episode series part chapter volume'.split(' '),
);

/**
 * Head nouns that name something that happened (an outbreak, a bid, a recall, a premiere): a key
 * phrase is a topic only when its last word is one of these (or its plural), since a topic says
 * what happened ("EU AI Act enforcement begins", DESIGN.md). A phrase with another head names a
 * thing, a group or a field ("Crush maker", "Board nominees", "Game of Thrones", "Mental health",
 * "Urban Outfitters (URBN)"), and the central headline says what happened to it.
 */
const EVENT_NOUNS: ReadonlySet<string> = new Set(
  (
    'outbreak epidemic crash collision derailment disaster explosion blast fire wildfire earthquake quake ' +
    'flood flooding storm hurricane typhoon tornado eruption landslide avalanche spill leak outage blackout ' +
    'disappearance search rescue escape kidnapping hijacking attack bombing shooting stabbing killing murder ' +
    'massacre war invasion annexation occupation ceasefire truce coup uprising protest riot strike walkout ' +
    'election vote referendum poll primary runoff resignation ouster firing sacking retirement appointment ' +
    'nomination inauguration death funeral wedding engagement divorce split breakup pregnancy birth arrest ' +
    'charge indictment trial verdict ruling sentence conviction acquittal appeal lawsuit suit settlement fine ' +
    'penalty probe investigation inquiry hearing testimony scandal hack breach ban boycott sanction crackdown ' +
    'raid seizure recall approval rejection veto launch liftoff landing debut premiere finale release ' +
    'announcement unveiling reveal bid offer takeover merger acquisition buyout deal spinoff ipo listing ' +
    'bankruptcy default bailout rescue shutdown closure layoff cut hike increase rise fall drop slump plunge ' +
    'surge jump rally selloff crisis collapse downgrade upgrade expansion reform overhaul repeal victory win ' +
    'defeat comeback record visit summit talks agreement treaty pact deal'
  ).split(' '),
);

/** Whether a phrase's head (its last word) names something that happened ("Ebola outbreak", "McDonnell bid"). */
export function saysWhatHappened(phrase: string): boolean {
  const last = (phrase.split(/\s+/).pop() ?? '').toLowerCase().replace(/[^\p{L}-]/gu, '');
  return (
    EVENT_NOUNS.has(last) || (last.endsWith('s') && !PLURALS_OF_PLACES.has(last) && EVENT_NOUNS.has(last.slice(0, -1)))
  );
}

/**
 * A headline that is a page's furniture, not a report: wholly in brackets, telling the reader to
 * click, or only a byline or dateline (byline-headline.ts).
 */
export function isFurniture(headline: string): boolean {
  const t = headline.trim();
  return /^\(.*\)$/.test(t) || /^\W*click\b/i.test(t) || isBylineHeadline(t);
}

/**
 * A headline that reports nothing of its own: page furniture, or the edition title of a roundup
 * column ("Monday Evening Business Brief", "10 Things You Need To Know Before The Opening Bell";
 * roundup-title.ts). Neither is a trend's topic or summary while a member headline reports.
 */
export function namesNoEvent(headline: string): boolean {
  return isFurniture(headline) || isRoundupTitle(headline);
}

const PAIRS: readonly [string, string][] = [
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
  ['“', '”'],
];

/**
 * Whether quotes and brackets of a text are balanced: brackets and curly double quotes nest,
 * straight double quotes come in pairs, and a single quote opening a word is closed by one ending
 * a later word (an apostrophe inside a word, or a plural possessive "boys'", is no quote).
 */
export function balanced(text: string): boolean {
  for (const [open, close] of PAIRS) {
    let depth = 0;
    for (const ch of text) {
      if (ch === open) depth++;
      else if (ch === close && --depth < 0) return false;
    }
    if (depth !== 0) return false;
  }
  if ((text.match(/"/g) ?? []).length % 2 !== 0) return false;
  let open = 0;
  for (const w of text.split(/\s+/)) {
    if (/^['‘]/.test(w)) open++;
    // A closing quote may be followed by punctuation ("'Ban bossy'?", "'Cosmos':").
    if (/['’][.,:;!?]*$/.test(w) && (open > 0 || !/s['’][.,:;!?]*$/i.test(w))) {
      if (open === 0) return false;
      open--;
    }
  }
  return open === 0;
}

/** Whether a text holds a date or a time of day. */
export function hasDateOrTime(text: string): boolean {
  return DATE_OR_TIME.test(text);
}

/**
 * Whether a phrase reads as a topic: 2-8 words, not only numbers and amounts, no date or time,
 * quotes and brackets balanced, no stray single quote at either end, not opening or ending on a
 * verb or closing on a number.
 */
export function isReadableTopic(phrase: string): boolean {
  const ws = phrase.split(/\s+/).filter(Boolean);
  if (ws.length < TOPIC_MIN_WORDS || ws.length > TOPIC_MAX_WORDS) return false;
  if (ws.every((w) => NUMBER_WORD.test(w.replace(/[^\p{L}\p{N}$€£¥%.,:/-]/gu, '')))) return false;
  if (NUMBER_WORD.test(ws[0]!)) return false;
  if (hasDateOrTime(phrase) || !balanced(phrase)) return false;
  const first = ws[0]!.toLowerCase();
  const last = ws[ws.length - 1]!.toLowerCase();
  // A small number or numeral closing a title is part of it ("Star Wars Episode 7"); other numbers are not.
  const titleNumber =
    ws.length > 1 &&
    /^(?:\d{1,2}|[IVX]{1,4})$/.test(ws[ws.length - 1]!) &&
    (/^\p{Lu}/u.test(ws[ws.length - 2]!) || NUMBERED_WORD.test(ws[ws.length - 2]!));
  if ((NUMBER_WORD.test(last) && !titleNumber) || isVerb(last) || isVerb(first) || NOT_PHRASE_START.has(first)) {
    return false;
  }
  if (isGeneric(phrase) || endsDangling(phrase)) return false;
  return !/^['‘’]|['‘’]$/.test(phrase);
}

/**
 * An urgency or wire-service tag opening a headline ("BREAKING: ", "UPDATE 2-", "WRAPUP 3-",
 * "EXCLUSIVE-"): it says how the outlet sent the report, not what happened. Capitals only, so a
 * headline's own first word ("Update on ...") stays.
 */
const WIRE_TAG = /^(?:BREAKING(?: NEWS)?|UPDATE(?: ?\d+)?|WRAPUP(?: ?\d+)?|EXCLUSIVE|CORRECTED|REFILE|RPT)\s*[:-]\s*/;

/**
 * Words of an outlet's desk, section or medium label ("Premarket", "Stock Update", "Market
 * Snapshot", "Forex", "Video", "Watch", "First Look", "Editorial"): a label made only of these,
 * opening a headline before a colon or a spaced dash, says where or how the outlet filed the
 * report, not what happened ("Premarket: World shares capped by China data"). Chosen from the
 * labels that open most headlines of the tuning sets' file (UCI April 1-15); a label that says
 * what kind of report it is ("Review:", "Study:", "Report:", "Poll:") stays, since it is part of
 * what the headline says.
 */
const LABEL_WORDS =
  'premarket pre-market midday after-hours aftermarket stock stocks sector market markets snapshot forex ' +
  'business update updated updates breaking exclusive news wrapup video videos watch photo photos pictures ' +
  'gallery listen audio live first look recap repeat refile corrected editorial opinion analysis commentary clip clips';
/** LABEL_WORDS as a RegExp alternation. */
const LABEL_ALTERNATIVES = LABEL_WORDS.split(' ').join('|');
const SECTION_LABEL = new RegExp(
  String.raw`^(?:${LABEL_ALTERNATIVES})(?:\s+(?:${LABEL_ALTERNATIVES})){0,2}(?:\s*:|\s+[-–—])\s+`,
  'iu',
);

/**
 * A news agency's desk slug in capitals joined to the headline by a hyphen ("GLOBAL MARKETS-World
 * stocks dip", "US STOCKS SNAPSHOT-", "PRECIOUS-Gold extends gains"): its last word names a desk, so
 * a name written in capitals with a hyphen ("TIAA-CREF", "NASA-funded") stays.
 */
const DESK_SLUG =
  /^(?:[A-Z]{2,} ){0,3}(?:MARKETS|STOCKS|SNAPSHOT|FOREX|FX|PRECIOUS|METALS|GRAINS|SOFTS|TREASURIES|BONDS|DEBT|ECONOMY|FOCUS|TIMELINE|TABLE|HIGHLIGHTS|ANALYSIS|BRIEF|URGENT)(?: ?\d+)?-(?=\S)/u;

/**
 * A label closing a headline that says how it was filed or shown ("-- Update", "(VIDEO)", "[WATCH]", "[WATCH VIDEO]", ": Watch",
 * "– RECAP", a wire update number "(1)"), not what happened.
 */
const TRAILING_LABEL = new RegExp(
  String.raw`\s*(?:[([]\s*(?:\+|w\/)?\s*(?:${LABEL_ALTERNATIVES})(?:(?:\s*[+&/]\s*|\s+(?:and\s+)?)(?:${LABEL_ALTERNATIVES}))?(?:\s*\d+)?\s*[)\]]|\(\d\)|(?:\s(?:--?|[–—])|:)\s*(?:${LABEL_ALTERNATIVES})(?:\s*\d+)?)$`,
  'iu',
);

/**
 * A column's or desk's "<Place> Report:" or "<Schedule> Report:" label ("London Report:", "Daily
 * Report:", "Mid-Day Report:", "Market Close Report:", "Weekend Report:", "Friday Report:" open 1-4
 * headlines each of the tuning sets' file, UCI April 1-15, over a market or box-office round): where
 * or when the column runs, not who reported. A report's source ("IPCC Report:", "UN Report:", "Pew
 * Report:") and a bare "Report:" stay. A place is one the tagger reads as a place (compromise's
 * lexicon of cities, regions and countries: "New York", "Hong Kong", "Asia") or one the country
 * gazetteer knows (countries, capitals, nationality adjectives).
 */
const COLUMN_LABEL = /^(?:The\s+)?((?:\p{Lu}[\p{L}.'-]*\s+){1,2})Report\s*:\s+/u;
const SCHEDULE_WORDS = new Set(
  'daily weekly weekend overnight morning midday mid-day evening market close monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
);

/** Whether a column label's words name a schedule ("Daily", "Market Close") or a place ("London", "New York"). */
function isColumnName(words: string): boolean {
  const ws = words.trim().toLowerCase().split(/\s+/);
  if (ws.every((w) => SCHEDULE_WORDS.has(w)) || gazetteerPlace(words)) return true;
  const tagged = tagHeadline(words.trim());
  return tagged.length > 0 && tagged.every((t) => t.tags.has('Place'));
}

/**
 * A text without its opening wire tag (WIRE_TAG), desk slug (DESK_SLUG) and desk or section labels
 * (SECTION_LABEL, up to two: "VIDEO: First Look - ..."), and without a closing label
 * (TRAILING_LABEL), for a topic or a summary; the text as it is when nothing of two words or more
 * would be left.
 */
export function withoutSectionLabel(text: string): string {
  let t = text.replace(WIRE_TAG, '').replace(DESK_SLUG, '');
  for (let i = 0; i < 2; i++) t = t.replace(SECTION_LABEL, '');
  t = t.replace(COLUMN_LABEL, (label: string, what: string) => (isColumnName(what) ? '' : label));
  t = withoutStrayCount(t)
    .replace(TRAILING_LABEL, '')
    .replace(CAPITALS_BRACKET_LABEL, (label: string, words: string) =>
      words.split(/[^\p{L}-]+/u).some((w) => LABEL_WORD_SET.has(w.toLowerCase()) || CAPITALS_TAG_WORDS.has(w))
        ? ''
        : label,
    );
  return t.trim().split(/\s+/).length >= 2 ? t.trim() : text;
}

/** LABEL_WORDS as a set. */
const LABEL_WORD_SET: ReadonlySet<string> = new Set(LABEL_WORDS.split(' '));

/**
 * A closing label in brackets written in capitals, of up to three words joined by spaces, "+", "/",
 * "&", "," or "AND" ("[VIDEO + REPORT]", "[NSFW VIDEO]", "(PHOTOS, VIDEO)"): an outlet's media tag
 * when one of its words is a label word (LABEL_WORDS) or a tag word of capitals (CAPITALS_TAG_WORDS);
 * a ticker or a name in capitals ("(URBN)", "(WHO)", "[WSJ]") has none and stays.
 */
const CAPITALS_BRACKET_LABEL =
  /\s*[([]\s*(\p{Lu}[\p{Lu}\d-]*(?:(?:\s*[+&/,]\s*|\s+(?:AND\s+)?)\p{Lu}[\p{Lu}\d-]*){0,2})\s*[)\]]$/u;
/** Words of a media tag in capitals only ("[NSFW]", "[SPOILERS]", "(PICS)"): written so, they mark the outlet's page. */
const CAPITALS_TAG_WORDS: ReadonlySet<string> = new Set(
  'NSFW SPOILER SPOILERS SPOILER-FREE PIC PICS INTERACTIVE'.split(' '),
);

/**
 * Words after which a closing "0" is a count headlines need ("at 0", "to 0", "- 0" of a score):
 * anywhere else a lone "0" closing a headline is a feed's count glued to it ("'Heathers: The Musical'
 * receives mixed reviews 0": 15 of the 16 tuning headlines that close on " 0"; the 1,005 that close
 * on another number need it: "dies at 59", "kills 78", "Windows 8", "Top 10").
 */
const TAKES_ZERO = /(?:^|\s)(?:at|to|by|of|from|vs\.?|v|no\.?|[-–—:=])$/iu;

/** A text without a stray closing "0" (TAKES_ZERO says when it is no stray). */
export function withoutStrayCount(text: string): string {
  const m = /\s+0$/u.exec(text.trimEnd());
  if (!m) return text;
  const before = text.trimEnd().slice(0, m.index);
  return before.trim() === '' || TAKES_ZERO.test(before) ? text : before;
}

/**
 * A headline made presentable as a topic: an opening wire tag or section label and a trailing " - Publisher" /
 * " | Site" dropped, dates and times taken out ("Health Matters 03/12/14" -> "Health Matters"), and
 * quotes or brackets that have no partner removed.
 */
export function cleanHeadline(title: string): string {
  let t = withoutSectionLabel(title)
    .replace(/\s+[|–—-]\s+[^|–—-]{2,40}$/, '')
    .trim();
  for (let i = 0; i < 3 && hasDateOrTime(t); i++) {
    t = t.replace(DATE_OR_TIME, ' ').replace(/\s*[,:;-]\s*(?=[,:;-]|$)/g, '');
  }
  t = t.replace(/\s+/g, ' ').replace(/^[\s,:;|–—-]+|[\s,:;|–—-]+$/g, '');
  return balanced(t) ? t : stripUnpaired(t);
}

/**
 * The topic of a trend: the best key phrase, as the noun phrase it stands for in the first headline
 * (central first) that holds it (noun-phrase.ts: "Enables Pixel Visual" -> "Pixel Visual Core"),
 * when that reads as a topic and its head names an event (saysWhatHappened: "Ebola outbreak", not
 * "Crush maker"); else the next ones that do (up to PHRASES_TRIED; a lone word, a
 * phrase that is only a person's name, or one of capitalised words only, stops the search, since it
 * names no story); a phrase that is a clause in its headline ("Korea launches rocket"), that
 * stops inside a longer name ("Justin Timberlake's Super"), is skipped; one that only one wording
 * holds, carried by several reports, gives that headline when it reads whole ("McDonnell bid" ->
 * "Prosecutors oppose McDonnell bid for more details"). Else the first of the cleaned
 * headlines (central first, a page's furniture such as "(click the phrases to see a list)" and a
 * roundup column's edition title left out: namesNoEvent)
 * that has two words or more and was not cut off by its outlet, else
 * the complete part of a cut one, else the central headline as it is. Headlines that name a money
 * amount other than the one most of them name (consensusFigure) are read last, and a phrase naming
 * such an amount is skipped.
 */
export function chooseTopic(phrases: readonly KeyPhrase[], given: readonly string[]): string {
  // A headline whose money figure is not the one most members carry goes last ("$9.6 billion" in
  // one of 60 reports of a "$7.6 billion" valuation): a topic carries the trend's figure, or none.
  const consensus = consensusFigure(given);
  // A trading site's page title ("GBP/USD: ...", "... (OTCMKTS:MJNA) ...") goes last too: a reader
  // writes the topic in the words the reports use.
  const headlines = traderLabelsLast(
    shoutingLast(reviewsLastUnlessMost(consensus === undefined ? given : figuresAgreeFirst(given, consensus))),
  );
  const reports = headlines.filter((h) => !namesNoEvent(h));
  const readable = (clean: string): boolean =>
    clean.split(' ').length >= TOPIC_MIN_WORDS &&
    !hasDateOrTime(clean) &&
    balanced(clean) &&
    !isGeneric(clean) &&
    !endsDangling(clean);
  for (const p of phrases.slice(0, PHRASES_TRIED)) {
    const found = phraseInHeadlines(p.display, headlines);
    // A clause in its headline: its noun phrase is no topic, and the phrase as it is reads as a clause.
    if (found && found.nounPhrase === undefined) continue;
    // A phrase that only one wording holds, a wording several reports carry, is a piece of that
    // headline ("McDonnell bid" of two reports of "Prosecutors oppose McDonnell bid for more
    // details"): the headline says what happened, when it reads whole and had no date taken out.
    const holding = reports.length > 0 ? wordingsHolding(p.display, reports) : [];
    if (holding.length === 1 && reports.filter((h) => sameText(h, holding[0]!)).length >= 2) {
      const whole = cleanHeadline(holding[0]!);
      if (!endsCut(whole) && !hasDateOrTime(holding[0]!) && readable(whole)) return whole;
    }
    // A person's name alone says who, not what: the name every headline of a story about one person
    // holds wins on count over each phrase of what happened ("Neil Young" over "Pono", "Kickstarter"),
    // all the more in a trend joined from two reports of the story, so a central headline is the topic.
    // A lone word on top means no phrase names the story either (a lower-ranked one would be vaguer).
    if (found?.name || !p.key.includes(' ')) break;
    // A phrase of capitalised words only names a company, a product or a person the tagger does not
    // know ("JC Penney", "Goldman Sachs", "Rooney Mara", "Hawaiian Airlines Flight"), or is a piece of a
    // title-case headline: it says who, not what happened, so a central headline is the topic.
    const display = capitalise(found?.nounPhrase ?? p.display);
    if (onlyCapitalised(display)) break;
    // A phrase whose head names no event ("Crush maker", "Board nominees") says what, not what happened:
    // a headline does, unless every headline is page furniture (then the phrase is all there is).
    if (reports.length > 0 && !saysWhatHappened(display)) continue;
    if (isReadableTopic(display) && (consensus === undefined || carriesFigure(display, consensus))) return display;
  }
  const pool = reports.length > 0 ? reports : headlines;
  const cleaned = pool.map(cleanHeadline);
  // A headline whose date had to be taken out may read cut where the date stood ("Twitter #Music
  // Pulled From App Store, Shutting Down April 18" -> "..., Shutting Down"): one without a date first.
  const undated = cleaned.filter((_, i) => !hasDateOrTime(pool[i]!));
  // A headline its outlet cut off ("... She's Not The Only ...") is the topic only when no other
  // reads as one; then its part before the last clause mark, when that reads as a topic.
  // A headline its outlet abridged ("China industrial output growth at low") gives way to the
  // member headline it was abridged from ("China's industrial output growth at five-year low").
  const whole = (clean: string): string =>
    cleaned
      .slice(0, ABRIDGED_LOOKED_AT)
      .find((other) => !endsCut(other) && readable(other) && abridges(clean, other)) ?? clean;
  const uncut = [...undated, ...cleaned].filter((clean) => !endsCut(clean) && readable(clean));
  // A central headline that only names a thing ("Colon Cancer Awareness", a page's title repeated
  // by a few outlets) says what, not what happened: the first headline of a sentence's length
  // (more words than such a name) that shares one of its words says more, when there is one (a
  // column's title such as "Business Highlights" shares none with the reports it gathers).
  const onlyAThing = uncut[0] !== undefined && namesOnlyAThing(uncut[0]);
  // A column's or a person's label before a title ("Fandom Flashback: 'Veronica Mars'") names the
  // title and nothing that happened to it: read as the bare title.
  const labelled = uncut[0] === undefined || onlyAThing ? undefined : labelledTitle(uncut[0], pool);
  const bareTitle =
    uncut[0] !== undefined &&
    !onlyAThing &&
    (labelled !== undefined || isBareTitle(uncut[0], pool) || isTalkPiece(uncut[0]));
  if (uncut[0] !== undefined && (onlyAThing || bareTitle)) {
    const named = new Set(contentWords(labelled ?? uncut[0]).map((w) => textKey(w)));
    // After a bare title, a headline that is the title with a word or a tag ("Infamous Second Son:
    // Powerful", "... for PS4") says no more: it adds at least TITLE_ADDS_WORDS of its own (a
    // label's words are no more: the labelled headline is never the one that says more).
    const adds = (clean: string): number => contentWords(clean).filter((w) => !named.has(textKey(w))).length;
    const saysMore = uncut.find(
      (clean) =>
        contentWords(clean).length > NAME_ONLY_MOST_WORDS &&
        !isTalkPiece(clean) &&
        (labelled === undefined || !sameText(clean, uncut[0]!)) &&
        contentWords(clean).some((w) => named.has(textKey(w))) &&
        (!bareTitle || adds(clean) >= TITLE_ADDS_WORDS),
    );
    if (saysMore !== undefined) return whole(saysMore);
  }
  if (uncut[0] !== undefined) return whole(uncut[0]);
  for (const clean of cleaned) {
    const whole = beforeCut(clean);
    if (whole !== undefined && readable(whole)) return whole;
  }
  // Else the longest uncut part of a cut headline ("Video - Samuel L. Jackson Seen Carrying His
  // Suit Outside 'Good Morning ..." -> "... His Suit Outside"), not the cut text.
  const parts = pool
    .map((h) => uncutPart(h.trim()))
    .map((p) => (p === undefined ? undefined : cleanHeadline(p)))
    .filter((p): p is string => p !== undefined && readable(p))
    .sort((a, b) => b.split(' ').length - a.split(' ').length);
  if (parts[0] !== undefined) return parts[0];
  for (const clean of cleaned) if (readable(clean)) return clean;
  return headlines[0] ?? '';
}

/**
 * A review's label of up to six words, opening a headline before a colon, a dash or a bar ("Review:", "Film Review:", "'Draft
 * Day' review:", "Veronica Mars, review:", "Review Roundup:", "Movie Review | ...") or closing it ("'Oculus' review",
 * "Veronica Mars - review", "Titanfall Review (Xbox One / 360 / PC)", "Neighbors Review [SXSW 2014]"), after a title or column name with a colon of its own ("Disney In Depth: Movie
 * Review:", "Captain America: The Winter Soldier Review:"): the labels the UCI files' headlines carry ("Review:" 121, "Movie
 * review:" 60, "Film Review:" 27, "REVIEW:" 17, ... in April 1-15). The word before "review" is
 * group 1 (opening) or 2 (closing), for NOT_CRITICS. A closing plural is no label: the tuning
 * headlines that close on "reviews" report what critics said ("receives mixed reviews", "get
 * positive reviews", 8 of 8).
 */
const REVIEW_LABEL =
  /^(?:(?:[^\s:]+\s+){0,3}[^\s:]+:\s+)?((?:[^\s:]+\s+){0,5}?)reviews?(?:\s+round-?up)?\s*(?::|\s[-–—|])\s|(?:^|(\S+)?[\s,:;–—-])review(?:s?\s+round-?up)?(?:\s*[([][^()[\]]*[)\]])?[\s.!]*$/iu;

/**
 * Words that, right before "review", make it a body's or a process's review, not a critic's: a
 * central bank's "policy review", a carmaker's "internal review" or "recall review", an agency's
 * ("FDA review", "US review"), a market column's "Trading Review", a "Newspaper Review" of the
 * day's papers, "our full review" (to come), "Week In Review". Read in the tuning headlines
 * (UCI April rows 0-20k, the demo's UCI rows, Giveme5W1H titles) where "review" is no critic's.
 */
const NOT_CRITICS: ReadonlySet<string> = new Set(
  (
    'policy internal recall trading newspaper full in under for peer regulatory safety ' +
    'fda fed sec ftc fcc doj epa faa nhtsa us eu government'
  ).split(' '),
);

/** Whether a headline is labelled a review ("Film Review: 'Veronica Mars' a solid cinematic turn"). */
export function isReviewHeadline(headline: string): boolean {
  // Read without a desk or closing label: "Noah Movie Review [WATCH VIDEO]" closes on "Review".
  const m = REVIEW_LABEL.exec(withoutSectionLabel(headline.trim()));
  if (!m) return false;
  const before = (m[2] ?? m[1]?.trim().split(/\s+/).pop() ?? '').toLowerCase().replace(/[^\p{L}-]/gu, '');
  return !NOT_CRITICS.has(before);
}

/**
 * The headlines in their order, those labelled a review moved last when fewer than half of them
 * are: a film's release reported by 216 outlets is no review though a few reviews sit near its
 * centre ("Film Review: Veronica Mars"); a trend of reviews keeps its label, which says what the
 * reports are.
 */
export function reviewsLastUnlessMost(headlines: readonly string[]): readonly string[] {
  return itemsLastUnlessMost(headlines, isReviewHeadline);
}

/** Least cased letters of a headline read as set in capitals: an acronym or a short tag is not. */
const SHOUTING_MIN_LETTERS = 12;

/**
 * A headline set in capitals throughout ("FTC OPENS INVESTIGATION INTO HERBALIFE"): at least
 * SHOUTING_MIN_LETTERS letters that have a case, none of them lower case. Scripts without case
 * (Chinese, Arabic) never read as shouting.
 */
export function isShouting(headline: string): boolean {
  let upper = 0;
  for (const c of headline.match(/\p{L}/gu) ?? []) {
    if (c !== c.toUpperCase()) return false;
    if (c !== c.toLowerCase()) upper++;
  }
  return upper >= SHOUTING_MIN_LETTERS;
}

/**
 * The headlines in their order, those set in capitals moved last unless all are: an outlet's
 * shouting headline can sit at a trend's centre of meaning (the FTC's Herbalife inquiry, a demo
 * trend of 133 reports, was topped "FTC OPENS INVESTIGATION INTO HERBALIFE"), and a reader writes
 * the topic as the other reports word it ("Federal Trade Commission opens inquiry into Herbalife").
 */
export function shoutingLast(headlines: readonly string[]): readonly string[] {
  return itemsLastUnlessAll(headlines, isShouting);
}

/**
 * The money amount most of the headlines name: carried by two headlines or more and by more than
 * any other amount; undefined when no amount is (no figure, or a tie).
 */
export function consensusFigure(headlines: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const h of headlines) for (const f of moneyFigures(h)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [top, next] = ranked;
  return top && top[1] >= 2 && (!next || next[1] < top[1]) ? top[0] : undefined;
}

/** Whether a text names no money amount, or names the consensus one among its amounts. */
function carriesFigure(text: string, consensus: string): boolean {
  const figures = moneyFigures(text);
  return figures.length === 0 || figures.includes(consensus);
}

/** The headlines in their order, those naming an amount other than the consensus one (and not it) moved last. */
function figuresAgreeFirst(headlines: readonly string[], consensus: string): string[] {
  const agree = headlines.filter((h) => carriesFigure(h, consensus));
  return [...agree, ...headlines.filter((h) => !carriesFigure(h, consensus))];
}

/** The distinct wordings (by textKey; the first headline of each, in the order given) that hold a phrase as whole words. */
export function wordingsHolding(phrase: string, headlines: readonly string[]): string[] {
  const want = ` ${textKey(phrase)} `;
  const found = new Map<string, string>();
  for (const h of headlines) {
    const key = textKey(h);
    if (` ${key} `.includes(want) && !found.has(key)) found.set(key, h);
  }
  return [...found.values()];
}

/** Fewest words the uncut part of a cut headline keeps to be a topic. */
const UNCUT_MIN_WORDS = 5;

/**
 * What a text cut off with an ellipsis says before the cut: the ellipsis off, and with it a quote
 * the cut left open and the function words left dangling; undefined when fewer than
 * UNCUT_MIN_WORDS words are left or the text is not cut.
 */
export function uncutPart(text: string): string | undefined {
  if (!endsCut(text)) return undefined;
  let t = text.replace(/\s*(?:\.{3}|…)["'”’)\]]*\s*$/u, '').trim();
  if (!balanced(t)) {
    const open = Math.max(
      t.lastIndexOf(" '"),
      t.lastIndexOf(' "'),
      t.lastIndexOf(' “'),
      t.lastIndexOf(' ‘'),
      t.lastIndexOf(' ('),
    );
    if (open > 0) t = t.slice(0, open).trim();
  }
  const ws = t.split(/\s+/);
  while (ws.length > 0 && ENGLISH_STOPWORDS.has(ws[ws.length - 1]!.toLowerCase().replace(/[^\p{L}]/gu, ''))) ws.pop();
  t = ws.join(' ').replace(/[\s,:;|–—-]+$/u, '');
  return ws.length >= UNCUT_MIN_WORDS && balanced(t) ? t : undefined;
}

/** Central headlines looked at for the one an abridged headline was made from. */
const ABRIDGED_LOOKED_AT = 10;
/** Most words an abridged headline leaves out of its middle. */
const ABRIDGED_MOST_WORDS = 3;

/** Words of a headline compared for abridgement: lower case, a possessive "'s" off, punctuation as spaces. */
function abridgementWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether `short` is `long` with one to three words left out right before its last word ("China
 * industrial output growth at low" of "China's industrial output growth at five-year low"): an
 * outlet's abridgement, which reads as a fragment ("growth at low"); or `long`
 * is `short` gone on by one to three words, the first of them joined to it without punctuation
 * ("Lesser prairie chicken listed as threatened" of "... listed as threatened species, 5 states
 * affected"): the shorter stops inside a phrase the longer completes.
 */
export function abridges(short: string, long: string): boolean {
  const s = abridgementWords(short);
  const l = abridgementWords(long);
  if (s.length < 2 || l.length <= s.length) return false;
  if (l.slice(0, s.length).join(' ') === s.join(' ')) {
    const rest = long.trim().slice(short.trim().length);
    return (
      long.trim().toLowerCase().startsWith(short.trim().toLowerCase()) &&
      /^ [\p{L}\p{N}]/u.test(rest) &&
      abridgementWords(rest.split(/[,:;|–—]| - /u)[0]!).length <= ABRIDGED_MOST_WORDS
    );
  }
  // Left out right before the last word, which lost its modifier ("at [five-year] low"); words left
  // out further in ("over [credit] card swipe fees") leave a headline that still reads whole.
  if (l.length - s.length > ABRIDGED_MOST_WORDS || s[s.length - 1] !== l[l.length - 1]) return false;
  return l.slice(0, s.length - 1).join(' ') === s.slice(0, -1).join(' ');
}

/** Whether a text ends in an ellipsis, as a headline or lead its outlet cut off does ("She's Not The Only ..."). */
export function endsCut(text: string): boolean {
  return /(?:\.{3}|…)["'”’)\]]*$/u.test(text.trim());
}

/**
 * The complete part of a cut text: what comes before its last clause mark (": ", " - ", "; "), else
 * before its last comma, ahead of the cut ("Stacy Keibler Marries Jared Pobre: She's Not The Only ..." -> "Stacy Keibler
 * Marries Jared Pobre"); undefined when it has none.
 */
export function beforeCut(text: string): string | undefined {
  if (!endsCut(text)) return undefined;
  const at = Math.max(text.lastIndexOf(': '), text.lastIndexOf(' - '), text.lastIndexOf(' – '), text.lastIndexOf('; '));
  if (at > 0) return text.slice(0, at).trim();
  // No clause mark: the clause before the last comma, when it has a few words ("US consumer spending
  // rose modest 0.3 percent in February, reflecting impacts ..." -> "... in February").
  const comma = text.lastIndexOf(', ');
  const before = comma > 0 ? text.slice(0, comma).trim() : '';
  return before.split(' ').length >= 4 ? before : undefined;
}

/**
 * Words of a headline that name no story of their own: a phrase or headline made only of these (and
 * function words and numbers) is a column's title, not a topic ("Things to Know", "Most Popular Stories").
 */
const GENERIC_WORDS: ReadonlySet<string> = new Set(
  (
    'thing things know need needs top stories story popular news today morning evening tonight week weekend ' +
    'day daily update updates latest video videos photo photos watch read highlights headlines roundup recap ' +
    'briefing look monday tuesday wednesday thursday friday saturday sunday'
  ).split(' '),
);

/** Whether every word of a text is generic, a function word or a number ("10 Things You Need To Know This Morning"). */
export function isGeneric(text: string): boolean {
  const ws = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  return ws.length > 0 && ws.every((w) => GENERIC_WORDS.has(w) || ENGLISH_STOPWORDS.has(w) || /^\d+$/.test(w));
}

/** Most words (function words not counted) of a headline that only names a thing. */
const NAME_ONLY_MOST_WORDS = 3;

/** The words of a text that are not function words. */
function contentWords(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .filter((w) => !ENGLISH_STOPWORDS.has(w.toLowerCase().replace(/[^\p{L}]/gu, '')));
}

/**
 * Whether a headline only names a thing, a cause or a title and says nothing happened to it
 * ("Colon Cancer Awareness", "Business in Brief"): a few words, all capitalised but function words, no verb,
 * and a head that names no event (saysWhatHappened).
 */
export function namesOnlyAThing(headline: string): boolean {
  const content = contentWords(headline);
  if (content.length === 0 || content.length > NAME_ONLY_MOST_WORDS || !onlyCapitalised(content.join(' ')))
    return false;
  if (saysWhatHappened(headline) || /[!?:]/.test(headline)) return false;
  // Tagged in lower case: title case makes the tagger read every word as a name ("Apple Removes Telegram").
  return !tagHeadline(headline.toLowerCase()).some((t) => t.tags.has('Verb') || isVerb(t.text));
}

/** Whether every word of a phrase opens with a capital or a digit ("JC Penney", "Point72 Asset Management"). */
export function onlyCapitalised(phrase: string): boolean {
  const ws = phrase.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return ws.length > 0 && ws.every((w) => /^[^\p{L}\p{N}]*[\p{Lu}\p{N}]/u.test(w));
}

/** A headline verb, or a past form in -ed (long enough not to be "red" or "bed"). */
function isVerb(word: string): boolean {
  return HEADLINE_VERBS.has(word) || (word.length > 5 && word.endsWith('ed'));
}

/** Removes every quote and bracket character (used when they cannot be paired). */
function stripUnpaired(text: string): string {
  return text
    .replace(/[()[\]{}“”"]/g, '')
    .replace(/(^|\s)['‘’]+|['‘’]+(?=[.,:;!?]*(?:\s|$))/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Plurals of event nouns that name places: "settlements" heads a key phrase of the tuning sets only
 * as Israel's West Bank settlements (both Giveme5W1H headlines that hold it), never as legal
 * settlements, so a phrase headed by it names a place and a headline says what happened there.
 */
const PLURALS_OF_PLACES: ReadonlySet<string> = new Set(['settlements']);

/** Articles and determiners that cannot end a phrase ("Walking Dead Season Four Finale Recap: A"). */
const DANGLING_WORDS: ReadonlySet<string> = new Set(
  'a an the this these those my your his its our their every each'.split(' '),
);

/**
 * Whether a text ends on an article or a determiner, so reads cut where its noun should follow
 * ("Walking Dead Season Four Finale Recap: A"); a letter that names something after a capitalised
 * word ("Plan A", "Hepatitis A") or a quoted word ("Season finale 'A'") does not dangle.
 */
export function endsDangling(text: string): boolean {
  const ws = text.trim().split(/\s+/);
  const last = ws[ws.length - 1] ?? '';
  if (ws.length < 2 || !DANGLING_WORDS.has(last.toLowerCase())) return false;
  const before = ws[ws.length - 2]!;
  return !(last === 'A' && /^\p{Lu}/u.test(before) && !/[:;,–—-]$/u.test(before));
}

/** Most words (function words not counted) of a headline read as a work's title that others quote. */
const TITLE_MOST_WORDS = 6;
/** Fewest content words a headline adds to a bare title to say what happened to it. */
const TITLE_ADDS_WORDS = 2;

/**
 * Whether a headline is only a work's title: wholly in quotes ("'COSMOS: A Spacetime Odyssey'"), or
 * a few capitalised words that another headline of the trend quotes whole ("Muppets Most Wanted",
 * quoted as "'Muppets Most Wanted'"). A title says what, not what happened to it (its premiere,
 * its box office, its ratings), which the tagger cannot see in title case ("Wanted" reads as a verb).
 */
export function isBareTitle(headline: string, headlines: readonly string[]): boolean {
  const t = headline.trim();
  const quoted = /^(['‘"“])(.+)(['’"”])$/u.exec(t);
  if (quoted && balanced(t) && !/['‘’"“”]/u.test(quoted[2]!.replace(/(\p{L})['’](\p{L})/gu, '$1$2'))) return true;
  const content = contentWords(t);
  if (
    content.length === 0 ||
    content.length > TITLE_MOST_WORDS ||
    !onlyCapitalised(content.join(' ')) ||
    /[!?]/.test(t)
  ) {
    return false;
  }
  const title = new RegExp(`['‘"“]${escapeRegExp(t)}[:,.]?['’"”]`, 'iu');
  return headlines.some((h) => !sameText(h, t) && title.test(h));
}

/**
 * A label of one to three capitalised words before a colon, then a quoted text and nothing after it
 * ("Fandom Flashback: 'Veronica Mars'", "Hot Trailer: 'Noah'", "Kristen Bell: 'It's Inherently
 * More Interesting ...'"); the quoted text is group 2.
 */
const LABELLED_QUOTE = /^((?:\p{Lu}[\p{L}\p{N}'’.&-]*\s+){0,2}\p{Lu}[\p{L}\p{N}'’.&-]*)\s*:\s+['‘"“](.+)['’"”]$/u;

/**
 * The title a headline only labels ("Fandom Flashback: 'Veronica Mars'" -> "Veronica Mars", "First
 * Look: 'Divergent'", "Family Film Guide: 'Draft Day'"): a column's or a person's label (LABELLED_QUOTE)
 * before a quoted text that is a bare title (isBareTitle: a few capitalised words another headline
 * of the trend quotes whole), so the headline says what, not what happened to it. A column's name
 * comes from one outlet on one day as often as not (the UCI files hold "Fandom Flashback:" once), so
 * the shape tells it, not a list of columns. Quoted speech holds a verb ("Kristen Bell: 'It's
 * Inherently More Interesting To Watch A Female'", "Juan Pablo: \"I Like You A Lot\""), and a review's
 * label (isReviewHeadline: "Film Review: 'Noah'") says what the reports are: both give undefined.
 * Of the tuning headlines (UCI April rows 0-20k, the demo's first 12,000 UCI rows, the Giveme5W1H
 * titles) 6 are such, each a column's or a show's label before a title ("Hot Trailer: 'Noah'",
 * "Saturday Night Live: “Lena Dunham/The National”", "New Trailer: ‘Avengers: Infinity War’").
 */
export function labelledTitle(headline: string, headlines: readonly string[]): string | undefined {
  const m = LABELLED_QUOTE.exec(headline.trim());
  if (!m || isReviewHeadline(headline)) return undefined;
  const title = m[2]!.trim();
  if (/['‘’"“”]/u.test(title.replace(/(\p{L})['’](\p{L})/gu, '$1$2'))) return undefined;
  // Another headline must quote the title: this one (in any outlet's wording of it) is left out.
  const others = headlines.filter((h) => !h.trim().startsWith(`${m[1]!}:`) && !sameText(h, headline));
  // A quote that holds a verb is speech ("Kristen Bell: 'It's Inherently More Interesting To Watch A
  // Female'"), however often it is quoted (tagged in lower case, as namesOnlyAThing does).
  if (tagHeadline(title.toLowerCase()).some((t) => t.tags.has('Verb') || isVerb(t.text))) return undefined;
  return isBareTitle(title, others) ? title : undefined;
}

/**
 * Whether a headline invites a talk about a thing rather than reporting on it ("Let's talk about
 * “Cosmos: A Spacetime Odyssey”", "Let's Talk About the True Detective Finale": 4 tuning
 * headlines, every one a talk piece): like a bare title, it names what, not what happened, so it
 * is never the headline that says more than a bare title (the real demo's Cosmos trend).
 */
export function isTalkPiece(headline: string): boolean {
  return /^let['’]?s\s+(?:talk|chat)\b/iu.test(headline.trim());
}

/**
 * Whether a gazetteer place names the whole of a column label: "London", "South Korea", but not
 * "Paris Hilton" (a capital's name opening a person's).
 */
function gazetteerPlace(words: string): boolean {
  const ws = words.trim().split(/\s+/);
  if (geoFeatures(words).length === 0) return false;
  // A place followed by a word that is none names something else ("Paris Hilton", "London Bridge").
  return !(geoFeatures(ws.slice(0, -1).join(' ')).length > 0 && geoFeatures(ws[ws.length - 1]!).length === 0);
}
