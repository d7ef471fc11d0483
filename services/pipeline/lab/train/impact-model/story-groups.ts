import { backgroundIdf } from '../../../src/detect/idf';
import { articleVector, dot, sharedTerms } from '../../../src/detect/term-vector';
import type { RatedStory } from '../../corpus/rated-stories';

/** Headline similarity above which two rated stories count as one event (checked by reading the pairs). */
export const SAME_EVENT_SIMILARITY = 0.3;
/** Shared terms two stories also need to count as one event. */
export const SAME_EVENT_TERMS = 2;

/**
 * Groups the rated stories by event: two stories whose headlines agree (idf-weighted term cosine
 * >= SAME_EVENT_SIMILARITY and SAME_EVENT_TERMS shared terms) are one event, transitively. The
 * aggregator's story ids split some real stories (several ids for the missing MH370 plane or the GM
 * recall), so folds split by group, never by story id alone. Returns each story's group name (the
 * smallest story id of its group).
 */
export function storyGroups(stories: readonly RatedStory[]): string[] {
  const idf = backgroundIdf();
  const vectors = stories.map((s) => articleVector(s.headlines.join(' '), s.lead, idf));
  const parent = stories.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < stories.length; i++)
    for (let j = i + 1; j < stories.length; j++) {
      const a = vectors[i]!;
      const b = vectors[j]!;
      if (dot(a, b) >= SAME_EVENT_SIMILARITY && sharedTerms(a, b) >= SAME_EVENT_TERMS) parent[find(i)] = find(j);
    }
  const name = new Map<number, string>();
  stories.forEach((s, i) => {
    const root = find(i);
    const current = name.get(root);
    if (current === undefined || s.id < current) name.set(root, s.id);
  });
  return stories.map((_, i) => name.get(find(i))!);
}
