/**
 * What the velocity rule serves beside its class (`velocity_metrics`): the clause that decided,
 * the thresholds it compared against and its version, so an agent can redo the decision from the
 * served numbers. The rule itself is the pipeline's (detect/velocity.ts); docs/ARCHITECTURE.md
 * records where it departs from DESIGN.md section 5.
 */

/**
 * Version of the rule that computes velocity classes now (1 was DESIGN.md's, before the clauses
 * below; 2 called `regrowing` emerging; 3 called one late report on an old story `regrowing`; 4 called
 * a few reports on a story weeks old after a quiet window `fast_growth`).
 */
export const VELOCITY_RULE_VERSION = 5;

/**
 * The clauses of rule 5, in the order they are tried: `new_burst` (first report under
 * burst_hours ago: a brand-new story) and `young` are emerging, `late_report` (current above
 * previous, under peak_share of the peak, with fewer than accelerating_min_reports or, past the
 * emerging age, after an empty previous window: late reports on an old story) declining,
 * `fast_growth` accelerating, `near_peak` peak, `regrowing` (current above previous, below every
 * threshold above) accelerating and `below_peak` declining.
 */
export const VELOCITY_RULES = [
  'new_burst',
  'young',
  'late_report',
  'fast_growth',
  'near_peak',
  'regrowing',
  'below_peak',
] as const;

/** One clause of the velocity rule. */
export type VelocityRule = (typeof VELOCITY_RULES)[number];

/** The thresholds a velocity class was decided with, as served. */
export interface VelocityThresholds {
  /** `new_burst`: the first report came less than this many hours ago. */
  burst_hours: number;
  /** `young`: age under this many hours ... */
  emerging_max_age_hours: number;
  /** ... with fewer reports than this in the current window (and no fewer than in the previous one). */
  emerging_max_reports: number;
  /** `fast_growth`: growth at least this ... */
  accelerating_min_growth: number;
  /** ... with at least this many reports in the current window (fewer growing is `late_report`). */
  accelerating_min_reports: number;
  /** `near_peak`: the current window holds at least this share of the peak window. */
  peak_share: number;
}

/** Rule 1's thresholds (DESIGN.md defaults, no burst clause): served for trends last written under it. */
export const RULE_1_THRESHOLDS: Readonly<VelocityThresholds> = Object.freeze({
  burst_hours: 0,
  emerging_max_age_hours: 48,
  emerging_max_reports: 5,
  accelerating_min_growth: 1.5,
  accelerating_min_reports: 3,
  peak_share: 0.8,
});
