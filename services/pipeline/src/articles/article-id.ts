import { createHash } from 'node:crypto';

// Parameters that only track the reader; they never change which article a URL names.
const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ocid|cmpid|ito|__twitter_impression)$/i;

/**
 * Normalises a canonical URL for identity: scheme and a leading `www.` dropped (http/https and
 * www/bare copies are one article), host lowercased, default port, fragment and tracking
 * parameters removed, remaining parameters sorted, trailing slash of the path dropped.
 */
export function normaliseCanonicalUrl(raw: string): string {
  const u = new URL(raw);
  u.hash = '';
  for (const name of [...u.searchParams.keys()]) if (TRACKING_PARAMS.test(name)) u.searchParams.delete(name);
  u.searchParams.sort();
  const host = u.host.toLowerCase().replace(/^www\./, '');
  const path = u.pathname.length > 1 ? u.pathname.replace(/\/+$/, '') : '';
  return `${host}${path}${u.search}`;
}

/** The article document id: sha256 hex of the normalised canonical URL. */
export function articleId(canonicalUrl: string): string {
  return createHash('sha256').update(normaliseCanonicalUrl(canonicalUrl)).digest('hex');
}
