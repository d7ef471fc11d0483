import { sampleRankCorrelation } from 'simple-statistics';
import type { RatedStory } from '../corpus/rated-stories';

/** Agreement of two raters over the rated stories. */
export interface RaterAgreement {
  pair: string;
  spearman: number;
  exact: number;
  withinOne: number;
}

/** Pairwise agreement of the raters: Spearman, and how many stories they scored the same or within one point. */
export function raterAgreement(stories: readonly RatedStory[]): RaterAgreement[] {
  const raters = stories[0]?.ratings.length ?? 0;
  const out: RaterAgreement[] = [];
  for (let a = 0; a < raters; a++)
    for (let b = a + 1; b < raters; b++) {
      const x = stories.map((s) => s.ratings[a]!);
      const y = stories.map((s) => s.ratings[b]!);
      out.push({
        pair: `${a + 1}-${b + 1}`,
        spearman: sampleRankCorrelation(x, y),
        exact: x.filter((v, i) => v === y[i]).length,
        withinOne: x.filter((v, i) => Math.abs(v - y[i]!) <= 1).length,
      });
    }
  return out;
}

/**
 * Cohen's kappa of two raters' categorical labels, one [first, second] pair per item: their agreement
 * beyond what each rater's own label shares would give by chance. 1 when both agree on every item and
 * chance alone would not (NaN when there is no item, or when each rater gives one and the same label).
 */
export function cohenKappa(pairs: readonly (readonly [string, string])[]): number {
  const n = pairs.length;
  if (n === 0) return NaN;
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  let agreed = 0;
  for (const [x, y] of pairs) {
    first.set(x, (first.get(x) ?? 0) + 1);
    second.set(y, (second.get(y) ?? 0) + 1);
    if (x === y) agreed++;
  }
  let chance = 0;
  for (const [label, count] of first) chance += (count / n) * ((second.get(label) ?? 0) / n);
  return (agreed / n - chance) / (1 - chance);
}
