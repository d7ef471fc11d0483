/**
 * A work's title inside a text (a film, a show, a book, a game): "New 'Avengers: Infinity War'
 * trailer", "War Horse opens on Broadway". The signal words of a title ("War", "Bowl", "Fire") tell
 * nothing of the event the text reports, so the impact score's event kinds skip them
 * (impact-features.ts). Read by shape alone, never from a list of titles: a quoted title-cased
 * phrase, the same phrase where another text of the story leaves it unquoted, and a capitalised
 * name phrase inside a sentence-case text.
 */

/** A span of a text: [start, end). */
export type Span = readonly [number, number];

/** Words a title keeps lower-case after its first word ("Game of Thrones", "Lord of the Rings"). */
const SMALL_WORDS = new Set(
  'a an and as at but by for from in into of on or over the to vs v with up out off per nor'.split(' '),
);

/**
 * Words of four letters or more a title-case headline keeps in lower case beside SMALL_WORDS: one
 * of them in lower case does not make a headline sentence case (argument-terms.ts reads case by the
 * same words).
 */
export const TITLE_LOWER_WORDS: ReadonlySet<string> = new Set(
  'with from into over than that this upon onto'.split(' '),
);

/** A word of a title: upper-case first (a letter or a digit), or a small word. */
function titleWord(word: string, first: boolean): boolean {
  const w = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (!w) return true;
  if (/^[\p{Lu}\p{N}]/u.test(w)) return true;
  return !first && SMALL_WORDS.has(w);
}

/**
 * Where a text's first lower-case word of four letters or more (small words aside) outside the
 * given spans starts, or -1. A text with one is written in sentence case: a title-case headline
 * capitalises every such word, so its capitals tell no name from a common word.
 */
function firstLowerWord(text: string, skip: readonly Span[] = []): number {
  for (const m of text.matchAll(/[\p{L}'’-]{4,}/gu)) {
    if (within(m.index, skip)) continue;
    if (/^\p{Ll}/u.test(m[0]) && !SMALL_WORDS.has(m[0]) && !TITLE_LOWER_WORDS.has(m[0])) return m.index;
  }
  return -1;
}

function within(at: number, spans: readonly Span[]): boolean {
  return spans.some(([s, e]) => at >= s && at < e);
}

/** A text's firstLowerWord, found when first asked and kept for the next question about the same text. */
interface TextCase {
  firstLower?: number;
}

/** A named day or season of the calendar ("Free Cone Day", "Autism Awareness Month"): an occasion, not a work. */
const OBSERVANCE_RE = /\b(?:Day|Week|Month|Year|Weekend|Night)(?:\s+\d{4})?$/u;

/** Words that tell of a work (a film, a show, a song, a book, a game) or the people in it. */
const WORK_RE =
  /\b(?:trailers?|teasers?|episodes?|finale|premiere|sequel|prequel|remake|reboot|movies?|films?|box office|actors?|actress(?:es)?|screenplay|novel|albums?|songs?|music video|video game|sitcom|musical|broadway|starring|superheroes)\b/giu;

/** Quoted spans: straight or typographic, single or double; a straight single quote must not be an apostrophe. */
const QUOTE_RE =
  /(?<![\p{L}\p{N}])'([^'\n]{2,80}?)'(?![\p{L}\p{N}])|"([^"\n]{2,80}?)"|‘([^‘’\n]{2,80}?)’(?![\p{L}\p{N}])|“([^“”\n]{2,80}?)”/gu;

/**
 * The titles a text quotes: a quoted phrase of title-cased words in a sentence-case text ("New
 * 'Avengers: Infinity War' trailer teases ..."). A quoted remark is in lower case ("'give false
 * hopes'"); in a title-case headline a quote's capitals tell nothing, so it quotes no title here.
 */
export function quotedTitles(text: string, textCase: TextCase = {}): { title: string; span: Span }[] {
  const quotes = [...text.matchAll(QUOTE_RE)].map((m) => {
    const inner = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    const start = m.index + 1;
    return { title: inner.trim(), span: [start, start + inner.length] as Span };
  });
  if (quotes.length === 0) return [];
  const firstLower = (textCase.firstLower ??= firstLowerWord(text));
  if (firstLower < 0) return [];
  // Sentence case outside the quotes: read again only when a quote holds the text's first lower-case word.
  const spans = quotes.map((q) => q.span);
  if (within(firstLower, spans) && firstLowerWord(text, spans) < 0) return [];
  return quotes.filter(({ title }) => {
    const words = title.split(/\s+/).filter(Boolean);
    return (
      words.length > 0 &&
      words.length <= 8 &&
      /\p{L}/u.test(title) &&
      words.every((w, i) => titleWord(w, i === 0)) &&
      !OBSERVANCE_RE.test(title)
    );
  });
}

/**
 * Every span of each of a story's texts that is a work's title: the titles it quotes, and each title
 * another of them or of `others` (the story's other headlines) quotes where this one leaves it
 * unquoted ("Avengers: Infinity War Super Bowl trailer" beside "New 'Avengers: Infinity War'
 * trailer"). Each text's quotes are read once.
 */
export function storyTitleSpans(texts: readonly string[], others: readonly string[] = []): Span[][] {
  const read = new Map<string, ReadText>();
  const readOf = (t: string): ReadText => {
    let r = read.get(t);
    if (!r) {
      const textCase: TextCase = {};
      read.set(t, (r = { textCase, quoted: quotedTitles(t, textCase) }));
    }
    return r;
  };
  const known = [...new Set([...others, ...texts].flatMap((t) => readOf(t).quoted.map((q) => q.title)))];
  return texts.map((t) => titleSpans(t, readOf(t), known));
}

/** What is read of a text once for all its questions: its case and the titles it quotes. */
interface ReadText {
  textCase: TextCase;
  quoted: readonly { title: string; span: Span }[];
}

/** A text's title spans given what it quotes and the titles the story quotes elsewhere. */
function titleSpans(text: string, { textCase, quoted }: ReadText, known: readonly string[]): Span[] {
  const spans: Span[] = [...quoted.map((q) => q.span), ...unquotedTitles(text, textCase)];
  for (const title of known) {
    if (title.length < 4) continue;
    let at = text.indexOf(title);
    while (at >= 0) {
      const end = at + title.length;
      const bounded = !/[\p{L}\p{N}]/u.test(text[at - 1] ?? ' ') && !/[\p{L}\p{N}]/u.test(text[end] ?? ' ');
      if (bounded && !spans.some(([s, e]) => at >= s && end <= e)) spans.push([at, end]);
      at = text.indexOf(title, end);
    }
  }
  return spans;
}

/**
 * The name phrases of a text that tells of a work outside them ("War Horse actor Toby Kebbell",
 * "Game of Thrones season finale"): a film's, a show's or a book's title. The work is read from its
 * words outside every name phrase (trailer, episode, film, actor, album ...), so an outlet or a newspaper's name ("Star
 * Tribune") is no work; a text about anything else keeps its names ("North Korea", "Wall Street").
 * The text needs two lower-case words outside the names, so a title-case headline has none.
 */
function unquotedTitles(text: string, textCase: TextCase): Span[] {
  const runs = nameRuns(text, textCase);
  if (runs.length === 0) return [];
  const outside = (at: number): boolean => !runs.some(([s, e]) => at >= s && at < e);
  const common = [...text.matchAll(/[\p{L}'’-]{4,}/gu)].filter(
    (m) => outside(m.index) && /^\p{Ll}/u.test(m[0]) && !SMALL_WORDS.has(m[0]),
  );
  if (common.length < 2) return [];
  const works = [...text.matchAll(WORK_RE)].filter((m) => outside(m.index));
  return works.length > 0 ? runs : [];
}

/** A capitalised word; a word in capitals ("CRASHES", "HBO") tells no name from a shout. */
function capitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word) && /\p{Ll}/u.test(word);
}

/**
 * Name phrases of a sentence-case text: runs of two or more capitalised words parted by spaces
 * alone, small words allowed inside ("Game of Thrones", "Infinity War", "War Horse"); a colon, a
 * dash or a quote ends one ("Review: Shallow"). A title-case text has none (its capitals tell
 * nothing).
 */
export function nameRuns(text: string, textCase: TextCase = {}): Span[] {
  if ((textCase.firstLower ??= firstLowerWord(text)) < 0) return [];
  const words = [...text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}.&-]|['’](?=\p{L}))*/gu)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  const runs: Span[] = [];
  let i = 0;
  while (i < words.length) {
    if (!capitalised(words[i]!.word)) {
      i++;
      continue;
    }
    let j = i;
    let last = i;
    while (j + 1 < words.length) {
      const gap = text.slice(words[j]!.end, words[j + 1]!.start);
      if (!/^ +$/.test(gap)) break;
      const next = words[j + 1]!.word;
      if (capitalised(next)) last = ++j;
      else if (SMALL_WORDS.has(next) && j + 2 < words.length && capitalised(words[j + 2]!.word)) j++;
      else break;
    }
    if (last > i) runs.push([words[i]!.start, words[last]!.end]);
    i = last + 1;
  }
  return runs;
}
