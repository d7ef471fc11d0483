import type { DomainDoc } from '../domain/documents';
import { SCHEMA_VERSION } from '../version';
import { isoSeconds } from './timestamp';

/** How the quality score of a source was made (GET /v1/sources/{domain}). */
export interface QualityBreakdown {
  /** What the observed signals move: the published rating, else the estimate, else nothing. */
  prior_source: 'rating' | 'estimate' | 'observed';
  /** The prior on the 1.0-10.0 scale. */
  prior: number;
  /** The estimator's score (1.0-10.0) and its parts in rating units; null without an estimator. */
  estimate: number | null;
  estimate_parts: DomainDoc['estimate_parts'];
  /** The observed signals (shares 0-1, median words) and the score they make alone (1.0-10.0). */
  observed: {
    score: number;
    articles: number;
    share_with_author: number;
    share_with_date: number;
    median_word_count: number;
    originality: number;
    https_share: number;
    extraction_success: number;
  };
  /** quality_score = prior x weights.prior + observed.score x weights.observed; signal weights inside observed. */
  weights: DomainDoc['weights'];
  updated_at: string | null;
}

/** Body of GET /v1/sources/{domain}. */
export interface SourceResponse {
  domain: string;
  publisher: string;
  quality_score: number;
  quality_breakdown: QualityBreakdown;
  rated: boolean;
  rating: { source: string; value: number } | null;
  articles: number;
  trends: number;
  first_seen: string | null;
  last_seen: string | null;
  schema_version: string;
}

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
      estimate_parts: doc.estimate_parts ?? null,
      observed: {
        score: doc.observed_score ?? doc.quality_score,
        articles: doc.articles,
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
    articles: counts.articles,
    trends: counts.trends,
    first_seen: isoSeconds(counts.first_seen),
    last_seen: isoSeconds(counts.last_seen),
    schema_version: SCHEMA_VERSION,
  };
}
