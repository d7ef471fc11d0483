import { IMPACT_FEATURES, impactFeatures, type ImpactEvidence, type ImpactInput } from './impact-features';
import { boundedScore, impactContributions, loadImpactModel, meaningPoints, type ImpactModel } from './impact-model';

/** Central headlines of a trend that the impact score reads. */
export const IMPACT_HEADLINES = 5;

/** Each part of the business impact score, the evidence read from the text, and the result. */
export interface ImpactBreakdown extends ImpactEvidence {
  /** The mean rating of the rated stories: the prediction before any part. */
  baseline: number;
  /** Each feature's value and its contribution (points on the rating scale) to the prediction. */
  parts: Record<string, { value: number; points: number }>;
  /** The central headlines read. */
  headlines: string[];
  /** Every event phrase matched, as `kind:phrase`. */
  signal_terms: string[];
  /** baseline + the parts' points. */
  total: number;
  /** score = round(center + stretch x (total - center)), clamped to 1..10 and to the rubric's bounds (rubricBounds). */
  center: number;
  stretch: number;
  score: number;
}

/**
 * business_impact_score (1-10) of a trend: a ridge regression fitted on stories rated by three
 * raters with the business impact rubric (services/pipeline/data/impact-ratings), over what the text
 * says (money amounts, the kind of event read in context, large companies named, category, the
 * sentence embedding of its central headlines) and who
 * covered it (business outlets; volume is a small part). See docs/pipeline.md.
 */
export function businessImpact(input: ImpactInput, model: ImpactModel = loadImpactModel()): ImpactBreakdown {
  const { values, evidence } = impactFeatures(input);
  // Without an embedding (no encoder) the regression fitted on the text features alone applies.
  const fit = input.embedding ? model : model.text_only;
  const points = impactContributions(fit, values);
  const meaning = input.embedding ? meaningPoints(model, input.embedding) : 0;
  const total = fit.bias + points.reduce((a, b) => a + b, 0) + meaning;
  const parts: ImpactBreakdown['parts'] = {};
  IMPACT_FEATURES.forEach((name, i) => (parts[name] = { value: round2(values[i]!), points: round2(points[i]!) }));
  // The headline embedding as one part: value 1 when the encoder ran (else 0 points, the mean).
  parts.meaning = { value: input.embedding ? 1 : 0, points: round2(meaning) };
  return {
    baseline: round2(fit.bias),
    parts,
    ...evidence,
    headlines: [...input.headlines],
    signal_terms: Object.entries(evidence.event_kinds).flatMap(([kind, phrases]) => phrases.map((p) => `${kind}:${p}`)),
    total: round2(total),
    center: fit.center,
    stretch: fit.stretch,
    score: boundedScore(fit, total, values, evidence.rubric_readings),
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
