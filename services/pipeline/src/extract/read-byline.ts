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
  /^(?:written by|posted by|by|von|par|por|di|da|door|av|af|przez|autor(?:in)?|auteur|author|text|texto|redakteur(?:in)?)\s*:?\s+/i;
/** Day-month-year with dots or slashes (most of Europe and Latin America) and ISO dates. */
const DMY_RE = /\b(\d{1,2})[./](\d{1,2})[./]((?:19|20)\d{2})\b/;
const ISO_DAY_RE = /\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/;
const MAX_AUTHOR_CHARS = 80;
const MAX_DATE_CHARS = 120;

/** The name an author element shows: its itemprop=name or first link when it has one. */
function authorName(node: PageNode): string | null {
  const inner = findChild(node, (n) => n.attrs.itemprop === 'name') ?? findChild(node, (n) => n.tag === 'a');
  const text = nodeText(inner ?? node)
    .replace(BYLINE_PREFIX_RE, '')
    .trim();
  const words = text.split(' ').length;
  if (text === '' || text.length > MAX_AUTHOR_CHARS || words > 6 || /[@|•]|https?:/.test(text)) return null;
  return text;
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

/** A date written out in a short text: day-month-year, ISO, or what parseLooseDate reads. */
function dateIn(text: string): string | null {
  const dmy = DMY_RE.exec(text);
  if (dmy) {
    const [, d, m, y] = dmy;
    return parseLooseDate(`${y}-${(m ?? '').padStart(2, '0')}-${(d ?? '').padStart(2, '0')}`);
  }
  const iso = ISO_DAY_RE.exec(text);
  if (iso) return parseLooseDate(iso[0]);
  return parseLooseDate(text);
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
