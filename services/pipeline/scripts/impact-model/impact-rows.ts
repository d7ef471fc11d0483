import type { Category } from '@trendscope/core';
import { loadClassifier } from '../../src/classify/classifier';
import { impactFeatures, type ImpactInput } from '../../src/detect/impact-features';
import { loadRatedStories, type RatedStory } from './rated-stories';
import { storyGroups } from './story-groups';

/** The rated stories as the impact model sees them: features, target and event group. */
export interface ImpactRows {
  stories: RatedStory[];
  groups: string[];
  xs: number[][];
  ys: number[];
}

/** What a trend built from a rated story would hand the impact score. */
export function ratedInput(s: RatedStory, categories: ImpactInput['categories']): ImpactInput {
  return { headlines: s.headlines, summary: s.lead, domains: s.domains, reports: s.articles, categories };
}

/** Loads the rated set and computes every story's features (the classifier reads headlines and lead). */
export function impactRows(): ImpactRows {
  const classifier = loadClassifier();
  const stories = loadRatedStories();
  const xs = stories.map((s) => {
    const probs = classifier.probabilities([...s.headlines, s.lead].filter(Boolean).join('. '));
    const categories = Object.fromEntries(probs.map((p) => [p.category, p.p])) as Partial<Record<Category, number>>;
    return impactFeatures(ratedInput(s, categories)).values;
  });
  return { stories, groups: storyGroups(stories), xs, ys: stories.map((s) => s.mean) };
}
