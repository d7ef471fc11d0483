import type { DomainDoc } from '../model/documents';
import type { SourceResponse } from '../responses/source.schema';
import { SCHEMA_VERSION } from '../version';
import { isoSeconds } from './timestamp';

/** What the source query reads besides the domain document. */
export interface SourceCounts {
  articles: number;
  trends: number;
  first_seen: string | null;
  last_seen: string | null;
}

/** The public body of one source from its stored domain document and counts. */
export function presentSource(doc: DomainDoc, counts: SourceCounts): SourceResponse {
  const rated = doc.rated === true;
  const estimate = doc.estimate ?? null;
  return {
    domain: doc.domain,
    publisher: doc.publisher,
    quality_score: Math.round(doc.quality_score * 10) / 10,
    quality_breakdown: {
      prior_source: rated ? 'rating' : estimate !== null ? 'estimate' : 'observed',
      prior: doc.prior ?? doc.quality_score,
      estimate,
      // Documents written before the estimate had a shape part: it contributed 0 then.
      estimate_parts: doc.estimate_parts ? { ...doc.estimate_parts, shape: doc.estimate_parts.shape ?? 0 } : null,
      // Documents written before intervals and observation counts have none (null / all articles).
      estimate_interval: doc.estimate_interval ?? null,
      estimate_observations: doc.estimate_observations ?? null,
      observed: {
        score: doc.observed_score === undefined ? doc.quality_score : doc.observed_score,
        articles: doc.observed_articles ?? doc.articles,
        headline_only: doc.headline_only ?? 0,
        share_with_author: doc.share_with_author,
        share_with_date: doc.share_with_date,
        median_word_count: doc.median_word_count,
        originality: doc.originality,
        https_share: doc.https_share,
        extraction_success: doc.extraction_success,
      },
      weights: doc.weights ?? { prior: 0, observed: 1, signals: {} },
      updated_at: isoSeconds(doc.updated_at),
    },
    rated,
    rating: rated && doc.rating ? { source: doc.rating.source, value: doc.rating.value } : null,
    ...footprint(counts),
  };
}

/**
 * The public body of a source whose articles are stored but that no detection run has scored yet
 * (it has no domain document): what its articles tell, and null for the score, its parts and
 * whether a published rating exists, which detection reads and the API does not.
 */
export function presentUnscoredSource(domain: string, publisher: string, counts: SourceCounts): SourceResponse {
  return {
    domain,
    publisher,
    quality_score: null,
    quality_breakdown: null,
    rated: null,
    rating: null,
    ...footprint(counts),
  };
}

/** The fields every source body takes from its articles and trends. */
function footprint(
  counts: SourceCounts,
): Pick<SourceResponse, 'articles' | 'trends' | 'first_seen' | 'last_seen' | 'schema_version'> {
  return {
    articles: counts.articles,
    trends: counts.trends,
    first_seen: isoSeconds(counts.first_seen),
    last_seen: isoSeconds(counts.last_seen),
    schema_version: SCHEMA_VERSION,
  };
}
