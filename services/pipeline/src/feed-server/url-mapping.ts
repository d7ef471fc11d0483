/**
 * How the feed server maps a publisher's URL onto itself: `https://www.nytimes.com/a/b?c=1` is
 * served at `<base>/www.nytimes.com/a/b?c=1`. The scheme is not part of the path (the original URL
 * stays recorded in the page's canonical link and in the feed item's permalink guid), so the
 * pipeline stores the publisher's URL and domain, not the local one.
 */
export function toLocalUrl(base: string, originalUrl: string): string {
  const u = new URL(originalUrl);
  return `${base.replace(/\/$/, '')}/${u.host.toLowerCase()}${u.pathname}${u.search}`;
}

/** The path part of `toLocalUrl` (what the server's page table is keyed by). */
export function toLocalPath(originalUrl: string): string {
  const u = new URL(originalUrl);
  return `/${u.host.toLowerCase()}${u.pathname}${u.search}`;
}
