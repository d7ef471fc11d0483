import type { ArticleDoc, DomainDoc } from '@trendscope/core';
import { coCoverage } from '../score/domain-evidence';
import { estimateRating, loadDomainEstimator } from '../score/domain-estimate';
import { computeDomainQuality, type DomainArticle } from '../score/domain-quality';
import { ratingOf, type DomainRatings } from '../score/domain-ratings';
import { isSimhash, NearDuplicateIndex } from '../score/simhash';
import { groupBy } from './group-by';

/** The article fields a domain's quality document is made from. */
export type DomainDocArticle = DomainArticle & Pick<ArticleDoc, 'title' | 'url'>;

/**
 * Quality documents of every domain seen in the window: originality checks copies across domains,
 * the published rating is the prior, else the estimate (co-coverage read over the window's trends).
 */
export function domainDocs(
  articles: readonly DomainDocArticle[],
  now: Date,
  ratings: DomainRatings,
  trends: readonly (readonly Pick<DomainDocArticle, 'domain'>[])[],
): DomainDoc[] {
  const index = new NearDuplicateIndex<DomainDocArticle>();
  for (const a of articles) if (isSimhash(a.simhash)) index.add(a.simhash, a);
  const estimator = loadDomainEstimator();
  const coverage = coCoverage(
    trends.map((list) => list.map((a) => a.domain)),
    (d) => ratingOf(ratings, d),
  );
  return [...groupBy(articles, (a) => a.domain).entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([domain, list]) => {
      const others = list.flatMap((a) =>
        isSimhash(a.simhash) ? index.near(a.simhash).filter((o) => o.domain !== domain) : [],
      );
      const rating = ratingOf(ratings, domain);
      const estimate = estimateRating(estimator, {
        domain,
        titles: list.map((a) => a.title),
        urls: list.map((a) => a.url),
        articles: list.length,
        coverage: coverage.get(domain) ?? { stories: 0, rating_sum: 0 },
      });
      return computeDomainQuality(list, { now, others, rating, estimate });
    });
}
