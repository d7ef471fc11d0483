import { parseLooseDate } from '../sources/parse-date';
import { nodeText, type MetaElement, type PageNode } from './page-tree';

/** Author names and publication dates shown on the page itself, in document order. */
export interface Byline {
  authors: string[];
  dates: string[];
}

/** Class or id words of elements that show an author or a date. */
const AUTHOR_NAME_RE = /(?:^|[^a-z])(?:author|byline|autor|auteur|autore|verfasser|writer)(?:$|[^a-z])/;
const DATE_NAME_RE = /date|time|publish|posted|datum|fecha|data|meta|byline/;
/** Words that introduce a name in a byline ("By", "Von", "Par", ...), stripped from it. */
const BYLINE_PREFIX_RE =
  /^(?:(?:written|posted|erstellt|geschrieben|verfasst|alles|artikel|ein beitrag|écrit|publié|escrito|publicado)\s+(?:by|von|par|por)|by|von|par|por|di|da|door|av|af|przez|autor(?:in)?|auteur|author|text|texto|interview|redakteur(?:in)?)\s*:?\s+/i;
/** Labels shown where a name is expected ("Posted", "Publiziert am"). */
const BYLINE_LABEL_RE = /^(?:posted|published|publiziert|veröffentlicht|publié|publicado)(?:\s+(?:am|on|le|el))?$/i;
/** A date or number after the name ("Jane Doe, 01.12.2021"), cut from it. */
const TRAILING_DATE_RE = /,\s*\d.*$/;
/** Day-month-year with dots or slashes (most of Europe and Latin America) and ISO dates. */
const DMY_RE = /\b(\d{1,2})[./](\d{1,2})[./]((?:19|20)\d{2})\b/;
const ISO_DAY_RE = /\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/;
/** Written dates: "24. April 2020", "23 mai 2019", "January 13, 2020", "18. 05. 2014". */
const DAY_MONTH_YEAR_RE = /\b(\d{1,2})\.?\s+(\p{L}{3,})\.?\s+((?:19|20)\d{2})\b/u;
const MONTH_DAY_YEAR_RE = /\b(\p{L}{3,})\.?\s+(\d{1,2}),?\s+((?:19|20)\d{2})\b/u;
const SPACED_DMY_RE = /\b(\d{1,2})\.\s(\d{1,2})\.\s((?:19|20)\d{2})\b/;
/** Text read after the headline when looking for a shown date. */
const HEADLINE_DATE_CHARS = 400;
const MAX_AUTHOR_CHARS = 80;
const MAX_DATE_CHARS = 120;

/** The name an author element shows: its itemprop=name or first link when it has one. */
function authorName(node: PageNode): string | null {
  const inner = findChild(node, (n) => n.attrs.itemprop === 'name') ?? findChild(node, (n) => n.tag === 'a');
  const text = cleanAuthorName(nodeText(inner ?? node));
  const words = text.split(' ').length;
  if (text === '' || text.length > MAX_AUTHOR_CHARS || words > 6 || /[@|•]|https?:/.test(text)) return null;
  return text;
}

/** A byline's name without the word that introduces it or the date after it; '' for a bare label. */
export function cleanAuthorName(text: string): string {
  const name = text.trim().replace(BYLINE_PREFIX_RE, '').replace(TRAILING_DATE_RE, '').trim();
  // "Posted", "Artikel von:" alone are labels whose name is elsewhere.
  return name.endsWith(':') || BYLINE_PREFIX_RE.test(`${name} x`) || BYLINE_LABEL_RE.test(name) ? '' : name;
}

function findChild(node: PageNode, test: (n: PageNode) => boolean): PageNode | null {
  for (const child of node.children) {
    if (typeof child === 'string') continue;
    if (test(child)) return child;
    const found = findChild(child, test);
    if (found) return found;
  }
  return null;
}

/** A day from its year, month and day numbers as a page writes them (`1`, `01`): what parseLooseDate makes of it. */
function numericDay(y: string | undefined, m: string | undefined, d: string | undefined): string | null {
  return parseLooseDate(`${y}-${(m ?? '').padStart(2, '0')}-${(d ?? '').padStart(2, '0')}`);
}

/** A date written out in a short text: day-month-year, ISO, or what parseLooseDate reads. */
function dateIn(text: string): string | null {
  const dmy = DMY_RE.exec(text);
  if (dmy) {
    const [, d, m, y] = dmy;
    return numericDay(y, m, d);
  }
  const iso = ISO_DAY_RE.exec(text);
  if (iso) return parseLooseDate(iso[0]);
  return parseLooseDate(text);
}

/** The first date written out in running text (numeric or with a month name), or null. */
function writtenDate(text: string): string | null {
  const candidates: { at: number; value: string | null }[] = [];
  const numeric = DMY_RE.exec(text) ?? SPACED_DMY_RE.exec(text);
  if (numeric) {
    const [, d, m, y] = numeric;
    candidates.push({ at: numeric.index, value: numericDay(y, m, d) });
  }
  const dmy = DAY_MONTH_YEAR_RE.exec(text);
  if (dmy) candidates.push({ at: dmy.index, value: parseLooseDate(`${dmy[1]} ${dmy[2]} ${dmy[3]}`) });
  const mdy = MONTH_DAY_YEAR_RE.exec(text);
  if (mdy) candidates.push({ at: mdy.index, value: parseLooseDate(`${mdy[2]} ${mdy[1]} ${mdy[3]}`) });
  const found = candidates.filter((c) => c.value !== null).sort((a, b) => a.at - b.at)[0];
  return found?.value ?? null;
}

/** A day in a URL's path, as blogs and news sites file posts (`/2020/01/13/`, `/2020-01-13/`). */
const URL_DAY_RE = /\/((?:19|20)\d{2})[/-](\d{1,2})[/-](\d{1,2})(?=[/-]|$)/;

/** The publication day a URL's path gives (midnight UTC), or null. */
export function urlDate(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const day = URL_DAY_RE.exec(path);
  if (!day) return null;
  const [, y, m, d] = day;
  return numericDay(y, m, d);
}

/** A date shown just after the headline (where bylines sit), read when nothing declares one. */
export function headlineDate(nodes: PageNode[]): string | null {
  const start = nodes.findIndex((n) => n.tag === 'h1');
  if (start < 0) return null;
  let text = '';
  for (let i = start + 1; i < nodes.length && text.length < HEADLINE_DATE_CHARS; i += 1) {
    for (const child of (nodes[i] as PageNode).children) if (typeof child === 'string') text += `${child} `;
  }
  return writtenDate(text.slice(0, HEADLINE_DATE_CHARS));
}

/**
 * Reads the visible byline: elements marked as author (rel/itemprop/class), and dates from
 * `<time datetime>` and date-named elements. Used after the page's declared metadata.
 */
export function readByline(nodes: PageNode[], meta: MetaElement[]): Byline {
  const authors: string[] = [];
  const dates: string[] = [];
  for (const element of meta) {
    if (element.tag !== 'time') continue;
    const date = parseLooseDate(element.attrs.datetime ?? '') ?? dateIn(element.text.trim());
    if (date) dates.push(date);
  }
  for (const node of nodes) {
    const marked = node.attrs.rel === 'author' || node.attrs.itemprop === 'author' || AUTHOR_NAME_RE.test(node.names);
    if (marked && node.textLen > 0 && node.textLen <= MAX_AUTHOR_CHARS * 2) {
      const name = authorName(node);
      if (name) authors.push(name);
    }
    if (
      node.textLen > 0 &&
      node.textLen <= MAX_DATE_CHARS &&
      (DATE_NAME_RE.test(node.names) || node.attrs.itemprop === 'datePublished')
    ) {
      const date = dateIn(nodeText(node));
      if (date) dates.push(date);
    }
  }
  return { authors, dates };
}

/** What joins co-authors' names on a page: a comma, an ampersand or one short word ("und", "and", "et", "y"). */
const CO_AUTHOR_JOIN_RE = /^(?:\s*[,&]\s*|\s+\p{L}{1,4}\s+)/u;
const MAX_CO_AUTHORS = 3;
/** Names tried as co-authors, in the page's order: later ones are commenters' (a page may list dozens). */
const MAX_CO_AUTHOR_NAMES = 6;
/** Places showing the first name that are read, and the text read after the name at each. */
const MAX_BYLINE_PLACES = 3;
const MAX_BYLINE_TAIL = 200;
/** Levels above the element showing a name that a byline spans (name, joiner and names in spans), and its longest text. */
const BYLINE_LEVELS = 3;
const MAX_BYLINE_CHARS = 1000;

/** The text after each place the page shows a name, within the byline it may sit in. */
function* textsAfter(nodes: PageNode[], name: string): Generator<string> {
  let places = 0;
  for (const node of nodes) {
    if (places >= MAX_BYLINE_PLACES) return;
    if (!node.children.some((c) => typeof c === 'string' && c.includes(name))) continue;
    places += 1;
    let around = node;
    for (let i = 0; i < BYLINE_LEVELS && around.parent && around.parent.textLen <= MAX_BYLINE_CHARS; i += 1)
      around = around.parent;
    const text = nodeText(around);
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1))
      yield text.slice(at + name.length, at + name.length + MAX_BYLINE_TAIL);
  }
}

/**
 * The first author with the other declared names the page writes right after it ("A und B",
 * "A, B"), joined as the page joins them; the first author alone when the page does not.
 */
export function withCoAuthors(first: string, names: string[], nodes: PageNode[]): string {
  // A name with digits is a date or a count that a byline element also held.
  const others = [...new Set(names)]
    .filter((n) => n !== '' && !/\d/.test(n) && !first.includes(n) && !n.includes(first))
    .slice(0, MAX_CO_AUTHOR_NAMES);
  if (others.length === 0) return first;
  for (const tail of textsAfter(nodes, first)) {
    let joined = '';
    let rest = tail;
    for (let added = 0; added < MAX_CO_AUTHORS; added += 1) {
      const join = CO_AUTHOR_JOIN_RE.exec(rest)?.[0];
      const after = join === undefined ? '' : rest.slice(join.length);
      const name = join === undefined ? undefined : others.find((n) => after.startsWith(n));
      if (join === undefined || name === undefined) break;
      joined += join + name;
      rest = after.slice(name.length);
    }
    if (joined) return `${first}${joined}`;
  }
  return first;
}
