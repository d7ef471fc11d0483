/**
 * The user search syntax of /v1/search: words, "quoted phrases", `-` before a word or phrase to
 * exclude it, and `OR` between alternatives. Parsing never fails: an unbalanced quote closes at
 * the end, stray operators are ignored, anything else is a plain word.
 */

/** One alternative: all its words and phrases must match. */
export interface SearchGroup {
  words: string[];
  phrases: string[];
}

/** A parsed query: alternatives (OR) and exclusions (applied to all of them). */
export interface ParsedSearch {
  groups: SearchGroup[];
  excludedWords: string[];
  excludedPhrases: string[];
}

/** Upper bound on the clauses one query may produce, so no input builds a huge query. */
export const MAX_SEARCH_TOKENS = 32;

interface Token {
  text: string;
  phrase: boolean;
  negated: boolean;
}

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length && tokens.length < MAX_SEARCH_TOKENS) {
    const ch = q.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    let negated = false;
    if (ch === '-' && i + 1 < q.length && !/\s/.test(q.charAt(i + 1))) {
      negated = true;
      i += 1;
    }
    if (q.charAt(i) === '"') {
      const end = q.indexOf('"', i + 1);
      const stop = end === -1 ? q.length : end;
      const text = q
        .slice(i + 1, stop)
        .trim()
        .replace(/\s+/g, ' ');
      if (text) tokens.push({ text, phrase: true, negated });
      i = stop + 1;
      continue;
    }
    let j = i;
    while (j < q.length && !/\s/.test(q.charAt(j)) && q.charAt(j) !== '"') j += 1;
    const text = q.slice(i, j);
    if (text) tokens.push({ text, phrase: false, negated });
    i = j;
  }
  return tokens;
}

/** Parses the user syntax; any string gives a (possibly empty) query. */
export function parseSearch(q: string): ParsedSearch {
  const parsed: ParsedSearch = { groups: [], excludedWords: [], excludedPhrases: [] };
  let current: SearchGroup = { words: [], phrases: [] };
  for (const t of tokenize(q)) {
    if (!t.phrase && !t.negated && t.text === 'OR') {
      if (current.words.length + current.phrases.length > 0) parsed.groups.push(current);
      current = { words: [], phrases: [] };
    } else if (t.negated) {
      (t.phrase ? parsed.excludedPhrases : parsed.excludedWords).push(t.text);
    } else {
      (t.phrase ? current.phrases : current.words).push(t.text);
    }
  }
  if (current.words.length + current.phrases.length > 0) parsed.groups.push(current);
  return parsed;
}

/** True when the query has nothing to look for (only exclusions or nothing at all). */
export function isEmptySearch(p: ParsedSearch): boolean {
  return p.groups.length === 0;
}
