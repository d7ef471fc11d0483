/** Separators between a headline and the site's name in a page title. */
const SEPARATOR_RE = /\s+(?:[|–—»·]|-|::)\s+/;
const MAX_SITE_WORDS = 4;
const MIN_HEADLINE_WORDS = 3;
/** Words a headline written before the site's logo text needs (a date or a section name alone is none). */
const MIN_LOGO_HEADLINE_WORDS = 2;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A separator left at the end or start of a title once a site name is cut from it. */
const TRAILING_SEPARATOR_RE = /\s+(?:[|–—»·:]|-|::)\s*$/;
const LEADING_SEPARATOR_RE = /^\s*(?:[|–—»·:]|-|::)\s+/;

/** The title without a site name written after it (or before it) behind a separator, or null. */
function withoutSite(title: string, site: string, before: boolean): string | null {
  const name = site.replace(/\s+/g, ' ').trim();
  if (name.length < 3 || name.length >= title.length) return null;
  const same = (part: string) => part.toLowerCase() === name.toLowerCase();
  const ahead = title.slice(0, title.length - name.length);
  if (same(title.slice(title.length - name.length)) && TRAILING_SEPARATOR_RE.test(ahead))
    return ahead.replace(TRAILING_SEPARATOR_RE, '').trim() || null;
  const after = title.slice(name.length);
  if (before && same(title.slice(0, name.length)) && LEADING_SEPARATOR_RE.test(after))
    return after.replace(LEADING_SEPARATOR_RE, '').trim() || null;
  return null;
}

/**
 * The headline from the title a page declares: without the publisher's name before or after it,
 * or before the h1 when the h1 is the site's logo text ("Headline | Site" with h1 "Site"); the h1
 * when the declared title is the h1 plus more; else without a trailing site name.
 */
export function pickTitle(declared: string, heading: string, siteNames: string[]): string {
  const title = declared.trim();
  const h1 = heading.replace(/\s+/g, ' ').trim();
  // The site's name beside the headline, as the publisher names it, or after it as the h1 shows it (a logo).
  for (const site of siteNames) {
    const headline = withoutSite(title, site, true);
    if (headline) return headline;
  }
  // Only a plain phrase before it: "Site - Section - Headline" ends with a headline h1, not a logo.
  const beforeLogo = withoutSite(title, h1, false);
  if (beforeLogo && words(beforeLogo) >= MIN_LOGO_HEADLINE_WORDS && !SEPARATOR_RE.test(beforeLogo)) return beforeLogo;
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
