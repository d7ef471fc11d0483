import type { CitationDoc, TrendDoc } from '../model/documents';
import type { Citation } from '../responses/trend-detail.schema';
import type { TrendSummary } from '../responses/trend-summary.schema';
import { presentProvenance } from './provenance.presenter';
import { isoRequired } from './timestamp';

/** The stored fields a summary is built from (what list queries fetch from `_source`). */
export const TREND_SUMMARY_FIELDS = [
  'id',
  'topic',
  'summary',
  'category',
  'velocity',
  'business_impact_score',
  'domain_quality_score',
  'keywords',
  'article_count',
  'source_count',
  'first_seen',
  'last_seen',
  'language',
] as const;

/** The stored fields a summary reads. */
export type TrendSummaryDoc = Pick<TrendDoc, (typeof TREND_SUMMARY_FIELDS)[number]>;

/** Builds the public summary of a stored trend. */
export function presentTrendSummary(doc: TrendSummaryDoc, id?: string): TrendSummary {
  return {
    id: doc.id || (id ?? ''),
    topic: doc.topic,
    summary: doc.summary,
    category: doc.category,
    velocity: doc.velocity,
    business_impact_score: doc.business_impact_score,
    domain_quality_score: Math.round(doc.domain_quality_score * 10) / 10,
    keywords: [...(doc.keywords ?? [])],
    article_count: doc.article_count,
    source_count: doc.source_count,
    first_seen: isoRequired(doc.first_seen),
    last_seen: isoRequired(doc.last_seen),
    language: doc.language ?? null,
  };
}

/** Builds the public citation of a stored one. */
export function presentCitation(c: CitationDoc): Citation {
  return {
    ...presentProvenance(c),
    word_count: c.word_count,
    fetch_method: c.fetch_method,
  };
}
