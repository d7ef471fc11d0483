import type { TrendDoc } from '../model/documents';
import { SCHEMA_VERSION } from '../version';
import type { TrendDetailResponse } from '../responses/trend-detail.schema';
import { presentCitation, presentTrendSummary } from './trend.presenter';
import { isoRequired } from './timestamp';
import { RULE_1_THRESHOLDS } from '../model/velocity-rule';

/** Builds the public detail of a stored trend (`mergedInto`: it answers for an id merged into it). */
export function presentTrendDetail(doc: TrendDoc, mergedInto: string | null = null): TrendDetailResponse {
  const vm = doc.velocity_metrics;
  return {
    ...presentTrendSummary(doc),
    citations: (doc.citations ?? []).map(presentCitation),
    timeline: (doc.timeline ?? []).map((b) => ({ bucket: isoRequired(b.bucket), articles: b.articles })),
    velocity_metrics: {
      window_hours: vm.window_hours,
      current: vm.current,
      previous: vm.previous,
      growth: vm.growth,
      peak: vm.peak,
      age_hours: vm.age_hours,
      // A trend last written before the rule was versioned was decided by rule 1 (DESIGN.md's).
      rule_version: vm.rule_version ?? 1,
      rule: vm.rule ?? null,
      thresholds: { ...(vm.thresholds ?? RULE_1_THRESHOLDS) },
    },
    // Written by the scorer as plain JSON (numbers per part of each score); served as stored.
    score_breakdown: doc.score_breakdown ?? {},
    updated_at: isoRequired(doc.updated_at),
    merged_into: mergedInto,
    aliases: [...(doc.aliases ?? [])],
    schema_version: SCHEMA_VERSION,
  };
}
