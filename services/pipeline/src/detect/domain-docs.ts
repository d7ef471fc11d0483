import type { ArticleDoc, DomainDoc } from '@trendscope/core';
import { recentSample } from '../score/domain-counters';
import { coCoverage } from '../score/domain-evidence';
import { estimateRating, loadDomainEstimator, type DomainEstimate } from '../score/domain-estimate';
import { computeDomainQuality, type DomainArticle } from '../score/domain-quality';
import { ratingOf, type DomainRatings } from '../score/domain-ratings';
import { isSimhash, NearDuplicateIndex } from '../score/simhash';
import { groupBy } from './group-by';

/** The article fields a domain's quality document is made from (id and fetch time order the estimator's sample). */
export type DomainDocArticle = DomainArticle &
  Pick<ArticleDoc, 'title' | 'url'> &
  Partial<Pick<ArticleDoc, 'fetched_at'>> & { id?: string };

/**
 * Quality documents of every domain of `articles`, recomputed from all of them: originality checks
 * copies across domains, the published rating is the prior, else the estimate (co-coverage read
 * over `trends`, the estimator's sample the ESTIMATE_SAMPLE most recent headlines). Detection keeps
 * per-domain counters instead (detect-domains.ts); this is the reference they are tested against.
 */
export function domainDocs(
  articles: readonly DomainDocArticle[],
  now: Date,
  ratings: DomainRatings,
  trends: readonly (readonly Pick<DomainDocArticle, 'domain'>[])[],
): DomainDoc[] {
  const index = new NearDuplicateIndex<DomainDocArticle>();
  for (const a of articles) if (isSimhash(a.simhash)) index.add(a.simhash, a);
  const estimate = domainEstimates(
    trends.map((list) => list.map((a) => a.domain)),
    ratings,
  );
  return [...groupBy(articles, (a) => a.domain).entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([domain, list]) => {
      const others = list.flatMap((a) =>
        isSimhash(a.simhash) ? index.near(a.simhash).filter((o) => o.domain !== domain) : [],
      );
      const sample = recentSample(
        list.map((a) => ({ id: a.id ?? a.url, time: Date.parse(a.published_date ?? a.fetched_at ?? '') || 0, a })),
      );
      return computeDomainQuality(list, {
        now,
        others,
        rating: ratingOf(ratings, domain),
        estimate: estimate(
          domain,
          sample.map((s) => s.a),
          list.length,
        ),
      });
    });
}

/**
 * The estimate of a domain from its sample of headlines and URLs, its article count and its
 * co-coverage over the stories (each a list of its domains).
 */
export function domainEstimates(
  stories: readonly (readonly string[])[],
  ratings: DomainRatings,
): (domain: string, sample: readonly Pick<ArticleDoc, 'title' | 'url'>[], articles: number) => DomainEstimate {
  const estimator = loadDomainEstimator();
  const coverage = coCoverage(stories, (d) => ratingOf(ratings, d));
  return (domain, sample, articles) =>
    estimateRating(estimator, {
      domain,
      titles: sample.map((a) => a.title),
      urls: sample.map((a) => a.url),
      articles,
      coverage: coverage.get(domain) ?? { stories: 0, rating_sum: 0 },
    });
}
