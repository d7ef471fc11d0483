/**
 * A URL without scheme, `www.` and trailing slash, its host case-folded (paths are case-sensitive),
 * and without backslashes: UCI's file escapes a query's `?` as `\?`, which the replay serves
 * unescaped. How the demo tools find a served citation's corpus row.
 */
export const servedUrlKey = (url: string): string =>
  url
    .replace(/\\/g, '')
    .replace(/^https?:\/\/(?:www\.)?([^/]*)/i, (_, host: string) => host.toLowerCase())
    .replace(/\/$/, '');
