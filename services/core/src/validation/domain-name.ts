import { domainToASCII } from 'node:url';
import { getDomain } from 'tldts';

/**
 * A hostname as clients may write it: letters (any script, so IDNs are allowed), digits and
 * hyphens in dot-separated labels, at least two labels. Case and a leading `www.` are accepted
 * here and folded away by `normaliseDomain`.
 */
export const DOMAIN_PATTERN =
  '^(?=.{1,253}$)(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?\\.)+[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?$';

/** The pattern above as a RegExp (unicode mode, so `\p{L}` means any letter). */
export const DOMAIN_REGEXP = new RegExp(DOMAIN_PATTERN, 'u');

const ASCII_HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The form a requested domain is compared in: the stored form when it has one, otherwise the
 * case-folded name without `www.` (a name whose IDNA conversion fails, or whose punycode label
 * outgrows 63 characters, cannot be stored, so it is answered as never seen rather than refused).
 * Only for input that matches DOMAIN_PATTERN.
 */
export function comparableDomain(raw: string): string {
  const folded = raw.toLowerCase();
  return normaliseDomain(raw) ?? (folded.startsWith('www.') ? folded.slice(4) : folded);
}

/**
 * The form domains are stored in: case-folded, punycode for IDNs, no leading `www.`.
 * Returns null when the input is not a hostname (so callers can answer 422).
 */
export function normaliseDomain(raw: string): string | null {
  if (!DOMAIN_REGEXP.test(raw)) return null;
  const ascii = domainToASCII(raw.toLowerCase());
  if (!ascii) return null;
  const bare = ascii.startsWith('www.') ? ascii.slice(4) : ascii;
  return ASCII_HOSTNAME.test(bare) ? bare : null;
}

/**
 * The name a source is stored and cited under: the registrable domain of a host (`edition.cnn.com`
 * and `www.cnn.com` are both `cnn.com`), case-folded, the host itself when it has none (an IP
 * address). The pipeline names every article's domain with it, so citations show this form;
 * the API tells a caller who asks for a subdomain which name to ask for instead.
 */
export function sourceDomain(host: string): string {
  const folded = host.toLowerCase();
  return (getDomain(folded) ?? folded).replace(/^www\./, '');
}
