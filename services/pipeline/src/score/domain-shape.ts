import { parse } from 'tldts';

/**
 * Shape features of a domain for the quality estimate: headline style, URL structure, host variety
 * and the domain name's structure. Each is weak alone (|rho| <= 0.18 against the published rating),
 * together they add about 0.02 to the held-out rho (docs/quality.md, "Signals tried").
 */
export const SHAPE_FEATURES = [
  'title_chars',
  'title_words',
  'caps_words',
  'title_case',
  'exclamation',
  'question',
  'clickbait',
  'sensational',
  'digits',
  'quotes',
  'colon',
  'separator',
  'ellipsis',
  'url_date',
  'url_depth',
  'url_query',
  'url_html',
  'url_script',
  'url_long_id',
  'url_chars',
  'url_slug_words',
  'url_https',
  'sub_host',
  'log_hosts',
  'name_chars',
  'name_digits',
  'name_hyphen',
  'tld_com',
  'tld_org',
  'tld_net',
  'tld_uk',
  'tld_other',
  'call_sign',
] as const;

/** One shape feature's name. */
export type ShapeFeature = (typeof SHAPE_FEATURES)[number];

/** Address-the-reader and list-teaser words of clickbait headlines. */
const CLICKBAIT =
  /\b(you|your|this|these|here's|heres|why|how|what|watch|photos?|video|pics|shocking|amazing|reveals?|secret|best|worst|top \d+|things|must|omg|wow|insane|epic)\b/i;
/** Loaded verbs and adjectives of sensational headlines. */
const SENSATIONAL =
  /\b(slams?|blasts?|rips?|shock\w*|stun\w*|outrage\w*|furious|horrif\w*|bombshell|meltdown|destroy\w*|epic|insane|crazy|sexy|nude|naked|busty|racy|hot)\b/i;
/** US broadcast call signs (kcra.com, wfmj.com, wbfo.org): local TV and radio stations. */
const CALL_SIGN = /^[kw][a-z]{2,3}(tv|am|fm)?\d*$/;

/** The shape feature values of a domain from its name, headlines and article URLs. */
export function shapeValues(
  domain: string,
  titles: readonly string[],
  urls: readonly string[],
): Record<ShapeFeature, number> {
  const words = titles.map((t) => t.split(/\s+/).filter(Boolean));
  const paths = urls.map(urlParts);
  const host = parse(domain);
  const name = host.domainWithoutSuffix ?? domain.split('.')[0] ?? domain;
  const suffix = host.publicSuffix ?? '';
  const hosts = new Set(paths.map((p) => p.host));
  const isUk = suffix === 'uk' || suffix.endsWith('.uk');
  return {
    title_chars: mean(titles, (t) => t.length),
    title_words: mean(words, (w) => w.length),
    caps_words: mean(words, (w) => share(w, (x) => x.length > 1 && x === x.toUpperCase() && /[A-Z]/.test(x))),
    title_case: mean(words, (w) =>
      share(
        w.filter((x) => /^[a-z]/i.test(x)),
        (x) => /^[A-Z]/.test(x),
      ),
    ),
    exclamation: share(titles, (t) => t.includes('!')),
    question: share(titles, (t) => t.includes('?')),
    clickbait: share(titles, (t) => CLICKBAIT.test(t)),
    sensational: share(titles, (t) => SENSATIONAL.test(t)),
    digits: share(titles, (t) => /\d/.test(t)),
    quotes: share(titles, (t) => /['"‘’“”]/.test(t)),
    colon: share(titles, (t) => t.includes(':')),
    separator: share(titles, (t) => / [|\-–] /.test(t)),
    ellipsis: share(titles, (t) => t.includes('...')),
    url_date: share(paths, (p) => /\/(19|20)\d\d[/-]?\d\d/.test(p.path)),
    url_depth: mean(paths, (p) => p.path.split('/').filter(Boolean).length),
    url_query: share(paths, (p) => p.query !== ''),
    url_html: share(paths, (p) => /\.s?html?$/i.test(p.path)),
    url_script: share(paths, (p) => /\.(php|aspx?)/i.test(p.path)),
    url_long_id: share(paths, (p) => /\d{5,}/.test(p.path)),
    url_chars: mean(urls, (u) => u.length),
    url_slug_words: mean(
      paths,
      (p) => (p.path.replace(/\/+$/, '').split('/').pop() ?? '').match(/[a-z]{3,}/gi)?.length ?? 0,
    ),
    url_https: share(paths, (p) => p.https),
    sub_host: share(paths, (p) => p.host !== domain && p.host !== `www.${domain}`),
    log_hosts: Math.log(1 + hosts.size),
    name_chars: name.length,
    name_digits: /\d/.test(name) ? 1 : 0,
    name_hyphen: name.includes('-') ? 1 : 0,
    tld_com: suffix === 'com' ? 1 : 0,
    tld_org: suffix === 'org' ? 1 : 0,
    tld_net: suffix === 'net' ? 1 : 0,
    tld_uk: isUk ? 1 : 0,
    tld_other: ['com', 'org', 'net'].includes(suffix) || isUk ? 0 : 1,
    call_sign: CALL_SIGN.test(name) ? 1 : 0,
  };
}

/** Host (lower case), path and query of a URL, tolerant of malformed ones. */
function urlParts(url: string): { host: string; path: string; query: string; https: boolean } {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?/i.exec(url);
  if (!m) return { host: '', path: url, query: '', https: false };
  return { host: m[2]!.toLowerCase(), path: m[3] ?? '', query: m[4] ?? '', https: m[1]!.toLowerCase() === 'https' };
}

function mean<T>(items: readonly T[], f: (item: T) => number): number {
  return items.length === 0 ? 0 : items.reduce((s, x) => s + f(x), 0) / items.length;
}

function share<T>(items: readonly T[], test: (item: T) => boolean): number {
  return mean(items, (x) => (test(x) ? 1 : 0));
}
