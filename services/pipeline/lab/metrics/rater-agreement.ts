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
