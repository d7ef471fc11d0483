import { contentTerms } from '../text/tokenize';

/**
 * What the estimate of an unrated domain is made from: the same fields whether they come from the
 * UCI corpus (calibration) or from the articles and trends the pipeline stored (run time).
 */
export interface DomainEvidence {
  /** The domain itself (its name's structure is a feature: length, digits, TLD, call sign). */
  domain: string;
  /** Headlines of the domain's articles. */
  titles: readonly string[];
  /** URLs of the domain's articles (their path words are features: `/celebrity/`, `/opinion/`). */
  urls: readonly string[];
  /** Articles seen of the domain. */
  articles: number;
  /** Co-coverage: per story the domain reported, the mean rating of the rated outlets that also did. */
  coverage: CoCoverage;
}

/** Sum and count of the per-story mean ratings of co-reporting rated outlets. */
export interface CoCoverage {
  stories: number;
  rating_sum: number;
}

/** Stories' worth of the prior a co-coverage value is shrunk with (few stories say little). */
export const COVERAGE_PRIOR_STORIES = 3;

/** The co-coverage value: the mean per-story rating shrunk towards `prior`. */
export function coverageValue(c: CoCoverage, prior: number): number {
  return (c.rating_sum + COVERAGE_PRIOR_STORIES * prior) / (c.stories + COVERAGE_PRIOR_STORIES);
}

/**
 * Co-coverage of every domain over a story graph (story -> its domains), reading the ratings of
 * the other domains only through `ratingOf` (so a validation can hide the held-out ones).
 */
export function coCoverage(
  stories: Iterable<readonly string[]>,
  ratingOf: (domain: string) => number | null,
): Map<string, CoCoverage> {
  const out = new Map<string, CoCoverage>();
  for (const members of stories) {
    const domains = [...new Set(members)];
    const rated = domains.map((d) => ratingOf(d));
    let sum = 0;
    let count = 0;
    for (const r of rated) {
      if (r === null) continue;
      sum += r;
      count++;
    }
    domains.forEach((d, i) => {
      const own = rated[i];
      const n = count - (own !== null && own !== undefined ? 1 : 0);
      if (n === 0) return;
      const c = out.get(d) ?? { stories: 0, rating_sum: 0 };
      c.stories++;
      c.rating_sum += (sum - (own ?? 0)) / n;
      out.set(d, c);
    });
  }
  return out;
}

/** Sparse text features of a domain: headline terms and `u:` words of its URL paths. */
export function evidenceTerms(e: Pick<DomainEvidence, 'titles' | 'urls'>): string[] {
  const out: string[] = [];
  forEachEvidenceTerm(e, (term) => out.push(term));
  return out;
}

/** evidenceTerms one at a time, in their order, without the list (estimateRating counts them). */
export function forEachEvidenceTerm(e: Pick<DomainEvidence, 'titles' | 'urls'>, visit: (term: string) => void): void {
  for (const t of e.titles) for (const w of contentTerms(t)) visit(w);
  for (const u of e.urls) for (const w of urlPathWords(u)) visit(`u:${w}`);
}

/** Lower-case words (3+ letters) of a URL's path, without the host. */
export function urlPathWords(url: string): string[] {
  const path = url.replace(/^[a-z]+:\/\/[^/]*/i, '');
  return path.toLowerCase().match(/[a-z]{3,}/g) ?? [];
}
