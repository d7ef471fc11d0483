import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getDomain } from 'tldts';
import { memoByFileVersion } from '../file-version-memo';
import { REPO_ROOT } from '../repo-root';

/** Where a published rating comes from: cited wherever the rating is shown. */
export const RATING_SOURCE =
  'Lin et al. 2023, PNAS Nexus 2(9) pgad286, doi:10.1093/pnasnexus/pgad286 (aggregate domain quality pc1)';

/** The rating file read in place: `../shared/corpus` beside the repository (config can point elsewhere). */
export const DEFAULT_RATINGS_FILE = path.resolve(REPO_ROOT, '../shared/corpus/domain-quality-ratings/domain_pc1.csv');

/** Published ratings by domain: `pc1` from 0 (lowest quality) to 1 (highest). */
export type DomainRatings = ReadonlyMap<string, number>;

/**
 * Reads a `domain,pc1` CSV (corpus/domain-quality-ratings/domain_pc1.csv), again only when the file
 * changed (a refresh, `make ratings`, replaces it in place while the pipeline runs). A missing file
 * gives no ratings (every domain is then estimated), so the service still runs without it.
 */
export const loadDomainRatings: (file: string) => DomainRatings = memoByFileVersion((file) =>
  parseDomainRatings(readIfPresent(file)),
);

/** Parses the CSV text (header `domain,pc1`; rows without a number in 0..1 are skipped). */
export function parseDomainRatings(csv: string): DomainRatings {
  const out = new Map<string, number>();
  for (const line of csv.split(/\r?\n/).slice(1)) {
    const [domain, value] = line.split(',');
    const pc1 = Number(value);
    if (domain && value !== undefined && value !== '' && pc1 >= 0 && pc1 <= 1)
      out.set(domain.trim().toLowerCase(), pc1);
  }
  return out;
}

/**
 * The rating of a domain: its own, else that of the nearest rated parent (`edition.cnn.com` takes
 * `cnn.com`'s), never of a bare public suffix.
 */
export function ratingOf(ratings: DomainRatings, domain: string): number | null {
  const host = domain.toLowerCase().replace(/^www\./, '');
  const floor = (getDomain(host) ?? host).length;
  const labels = host.split('.');
  for (let i = 0; i < labels.length; i++) {
    const candidate = labels.slice(i).join('.');
    if (candidate.length < floor) break;
    const value = ratings.get(candidate);
    if (value !== undefined) return value;
  }
  return null;
}

function readIfPresent(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}
