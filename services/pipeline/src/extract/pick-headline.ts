import { pickTitle } from './pick-title';

/**
 * The page's headline chosen by agreement between its candidates: the visible `h1` that a
 * declared title (JSON-LD headline, og:title, twitter:title, `<title>`) repeats, else the declared
 * title an `h1` repeats with a kicker or a date around it, else the first declared title without
 * its site name (pickTitle). Subheadings (`h2` and below) are never candidates.
 */

/** Separators between a headline and the site's name. */
const SITE_SEPARATOR_RE = /\s+(?:[|–—»·]|-|::)\s+/;
/** Words a declared title needs to be read as a headline inside an h1. */
const MIN_INNER_WORDS = 3;
/** An h1 shorter than this is a logo or a label more often than a headline. */
const MIN_HEADING_CHARS = 10;
const MAX_SITE_WORDS = 4;
/** Host labels that name no outlet. */
export const HOST_NOISE: ReadonlySet<string> = new Set([
  'www',
  'm',
  'amp',
  'edition',
  'mobile',
  'co',
  'com',
  'org',
  'net',
  'gov',
  'ac',
]);

const norm = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();
const compact = (text: string): string =>
  text
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** True when a phrase names the outlet of this host: "Reuters" on reuters.com, "The New York Times" on nytimes.com. */
export function namesHost(phrase: string, host: string): boolean {
  const words = phrase
    .replace(/^the\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > MAX_SITE_WORDS) return false;
  const whole = compact(phrase);
  const acronym = (
    words
      .slice(0, -1)
      .map((w) => w.charAt(0))
      .join('') + (words.at(-1) ?? '')
  ).toLowerCase();
  const labels = host
    .toLowerCase()
    .split('.')
    .slice(0, -1)
    .filter((l) => l.length >= 2 && !HOST_NOISE.has(l));
  return labels.some((l) => whole.includes(l) || (whole.length >= 3 && l.includes(whole)) || acronym === l);
}

/** The headline without a trailing (or leading) part that names the outlet. */
function withoutOutlet(headline: string, siteNames: string[], host: string): string {
  const parts = headline.split(SITE_SEPARATOR_RE);
  if (parts.length < 2) return headline;
  const isSite = (part: string) =>
    namesHost(part, host) || siteNames.some((s) => norm(s) === norm(part) && norm(s).length >= 3);
  const last = parts.at(-1) ?? '';
  if (isSite(last))
    return headline
      .slice(0, headline.lastIndexOf(last))
      .replace(/\s+\S+\s*$/, '')
      .trim();
  const firstPart = parts[0] ?? '';
  if (isSite(firstPart))
    return headline
      .slice(firstPart.length)
      .replace(/^\s*\S+\s+/, '')
      .trim();
  return headline;
}

/** Candidates of one page for its headline. */
export interface HeadlineCandidates {
  /** Declared titles in order of trust: JSON-LD headline, og:title, twitter:title, meta title, `<title>`. */
  declared: string[];
  /** The page's `h1` texts in document order. */
  headings: string[];
  /** The publisher's names (og:site_name, JSON-LD publisher). */
  siteNames: string[];
  /** Host of the page's URL. */
  host: string;
}

/** The page's headline, or null when it declares none and shows no h1. */
export function pickHeadline({ declared, headings, siteNames, host }: HeadlineCandidates): string | null {
  const titles = declared.map((d) => d.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const h1s = headings.map((h) => h.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const agreed = agreeingHeadline(titles, h1s);
  if (agreed) return withoutOutlet(agreed, siteNames, host);
  const first = titles[0] ?? h1s[0];
  return first ? withoutOutlet(pickTitle(first, h1s[0] ?? '', siteNames), siteNames, host) : null;
}

function agreeingHeadline(titles: string[], h1s: string[]): string | null {
  const lower = titles.map(norm);
  // The h1 a declared title repeats as it is.
  for (const h of h1s) if (lower.includes(norm(h))) return h;
  // The h1 a declared title holds at its start or with a site name or section before it, not the
  // site's logo text a title ends with ("Headline | Logo").
  for (const h of h1s) {
    if (h.length < MIN_HEADING_CHARS) continue;
    const n = norm(h);
    if (lower.some((t) => t.startsWith(n) || (t.includes(n) && !endsWithPart(t, n)))) return h;
  }
  // A declared title an h1 shows with a kicker or a date before or after it.
  for (const h of h1s) {
    const n = norm(h);
    const inner = titles.filter((t, i) => {
      const l = lower[i] ?? '';
      return t.split(' ').length >= MIN_INNER_WORDS && l.length < n.length && (n.startsWith(l) || n.endsWith(l));
    });
    if (inner.length > 0) return inner.reduce((a, b) => (b.length > a.length ? b : a));
  }
  return null;
}

/** True when a title ends with this phrase behind a separator ("Headline | Phrase"). */
function endsWithPart(title: string, phrase: string): boolean {
  return title.endsWith(phrase) && /\s(?:[|–—»·:]|-|::)\s*$/.test(title.slice(0, title.length - phrase.length));
}
