import type { Category } from '@trendscope/core';
import { type Classifier, loadClassifier } from '../../../src/classify/classifier';
import { impactFeatures, IMPACT_FEATURES, meanEmbedding, type ImpactInput } from '../../../src/detect/impact-features';
import type { RubricReadings } from '../../../src/detect/rubric-readings';
import { embedTexts } from '../../../src/embed/embed-texts';
import { loadRatedStories, type RatedStory } from '../../corpus/rated-stories';
import { storyGroups } from './story-groups';

/** The rated stories as the impact model sees them: features, target and event group. */
export interface ImpactRows {
  stories: RatedStory[];
  groups: string[];
  /** The text features (IMPACT_FEATURES) followed by the headline embedding's dimensions. */
  xs: number[][];
  ys: number[];
  /** What the rubric's bounds read of each story (not columns of the regression). */
  readings: RubricReadings[];
}

/** Columns of the text features alone (the model without the embedding). */
export const TEXT_COLUMNS: readonly number[] = IMPACT_FEATURES.map((_, i) => i);

/** What a trend built from a rated story would hand the impact score. */
export function ratedInput(s: RatedStory, categories: ImpactInput['categories']): ImpactInput {
  return { headlines: s.headlines, summary: s.lead, domains: s.domains, reports: s.articles, categories };
}

/**
 * Loads the rated set and computes every story's features (the classifier reads headlines and
 * lead) and its headlines' mean embedding (the sentence encoder).
 */
export async function impactRows(): Promise<ImpactRows> {
  const classifier = loadClassifier();
  const stories = loadRatedStories();
  const xs: number[][] = [];
  for (const s of stories) xs.push(await impactRow(s, classifier));
  // The readings do not depend on the classifier's probabilities.
  const readings = stories.map((s) => impactFeatures(ratedInput(s, {})).evidence.rubric_readings);
  return { stories, groups: storyGroups(stories), xs, ys: stories.map((s) => s.mean), readings };
}

/** The fitter's row of one rated story: its text features, then its headlines' mean embedding. */
export async function impactRow(s: RatedStory, classifier: Classifier = loadClassifier()): Promise<number[]> {
  const probs = classifier.probabilities([...s.headlines, s.lead].filter(Boolean).join('. '));
  const categories = Object.fromEntries(probs.map((p) => [p.category, p.p])) as Partial<Record<Category, number>>;
  const embedding = meanEmbedding(await embedTexts(s.headlines)) ?? [];
  return [...impactFeatures(ratedInput(s, categories)).values, ...embedding];
}
