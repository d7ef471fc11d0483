/** Separators between a headline and the site's name in a page title. */
const SEPARATOR_RE = /\s+(?:[|–—»·]|-|::)\s+/;
const MAX_SITE_WORDS = 4;
const MIN_HEADLINE_WORDS = 3;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * The headline from the title a page declares: the page's h1 when the declared title is the h1
 * plus more (a site name), else the title without a trailing site name ("Headline | Site").
 */
export function pickTitle(declared: string, heading: string, siteNames: string[]): string {
  const title = declared.trim();
  const h1 = heading.replace(/\s+/g, ' ').trim();
  if (h1.length > 10 && title !== h1 && title.toLowerCase().includes(h1.toLowerCase())) return h1;
  const parts = title.split(SEPARATOR_RE);
  if (parts.length < 2) return title;
  const last = (parts[parts.length - 1] ?? '').trim();
  const rest = title
    .slice(0, title.lastIndexOf(last))
    .replace(/\s+(?:[|–—»·]|-|::)\s*$/, '')
    .trim();
  const isSite = siteNames.some((name) => name.trim().toLowerCase() === last.toLowerCase());
  if (isSite || (words(last) <= MAX_SITE_WORDS && words(rest) >= MIN_HEADLINE_WORDS)) return rest;
  return title;
}
