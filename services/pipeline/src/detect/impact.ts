import { IMPACT_FEATURES, impactFeatures, type ImpactEvidence, type ImpactInput } from './impact-features';
import { impactContributions, impactScore, loadImpactModel, type ImpactModel } from './impact-model';

/** Central headlines of a trend that the impact score reads. */
export const IMPACT_HEADLINES = 5;

/** Each part of the business impact score, the evidence read from the text, and the result. */
export interface ImpactBreakdown extends ImpactEvidence {
  /** The mean rating of the rated stories: the prediction before any part. */
  baseline: number;
  /** Each feature's value and its contribution (points on the rating scale) to the prediction. */
  parts: Record<string, { value: number; points: number }>;
  /** Every event phrase matched, as `kind:phrase`. */
  signal_terms: string[];
  /** baseline + the parts' points. */
  total: number;
  /** score = round(center + stretch x (total - center)), clamped to 1..10. */
  center: number;
  stretch: number;
  score: number;
}

/**
 * business_impact_score (1-10) of a trend: a ridge regression fitted on stories rated by three
 * raters with the business impact rubric (services/pipeline/data/impact-ratings), over what the text
 * says (money amounts, the kind of event read in context, large companies named, category) and who
 * covered it (business outlets; volume is a small part). See docs/pipeline.md.
 */
export function businessImpact(input: ImpactInput, model: ImpactModel = loadImpactModel()): ImpactBreakdown {
  const { values, evidence } = impactFeatures(input);
  const points = impactContributions(model, values);
  const total = model.bias + points.reduce((a, b) => a + b, 0);
  const parts: ImpactBreakdown['parts'] = {};
  IMPACT_FEATURES.forEach((name, i) => (parts[name] = { value: round2(values[i]!), points: round2(points[i]!) }));
  return {
    baseline: round2(model.bias),
    parts,
    ...evidence,
    signal_terms: Object.entries(evidence.event_kinds).flatMap(([kind, phrases]) => phrases.map((p) => `${kind}:${p}`)),
    total: round2(total),
    center: model.center,
    stretch: model.stretch,
    score: impactScore(model, total),
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
