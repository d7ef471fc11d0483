/**
 * The spread a fit keeps unless another one is clearly better (STRETCH_TOLERANCE): the served scores
 * then move only when the ratings ask for it, not when a column shifts a near tie. 1.4 for the
 * model with the headline embedding, whose inner-fold error is flat from 1.4 to 1.5 (over 20
 * partitions of the rated events, 1.45 and 1.5 are 0.000 and +0.003 from 1.4, sd 0.009-0.010; 1.3
 * and 1.6 +0.012 and +0.014; lab notes 2026-12-07); 1.05 for the text features alone, where the
 * volume cap (stretchCap) binds.
 */
export const PREFERRED_STRETCH = { full: 1.4, textOnly: 1.05 } as const;
/**
 * How much lower (mean absolute error per story, inner folds) another spread's error must be for
 * the fit to leave the preferred one: about twice the spread of the difference between two
 * neighbouring stretches over partitions of the same stories (sd 0.009-0.014).
 */
export const STRETCH_TOLERANCE = 0.025;

/**
 * The preferred spread when it is allowed and its error is within STRETCH_TOLERANCE of the least;
 * otherwise the spread of least error (the smaller at a tie). The error of neighbouring spreads
 * differs by less than the noise of the folds, so the least alone flipped with any new column.
 */
export function chooseStretch(allowed: readonly number[], mae: (stretch: number) => number, preferred: number): number {
  const best = allowed.reduce((a, b) => (mae(b) < mae(a) - 1e-9 ? b : a));
  return allowed.includes(preferred) && mae(preferred) <= mae(best) + STRETCH_TOLERANCE ? preferred : best;
}
