import type { DetectArticle } from '../../../src/detect/cluster';
import { DEFAULT_REJOIN_OPTIONS, rejoinTrends, type RejoinOptions } from '../../../src/detect/rejoin-stories';

/**
 * Article -> trend after the story rejoin, as a detection run does it after clustering
 * (rejoin-stories.ts): the trends of `assignments` whose story the rejoin joins take their
 * survivor's id. `options` override the rejoin's defaults (rejoinCosine 0 switches it off).
 */
export async function rejoinedAssignments(
  articles: readonly DetectArticle[],
  assignments: ReadonlyMap<string, string>,
  idf: (term: string) => number,
  options: Partial<RejoinOptions> = {},
): Promise<Map<string, string>> {
  const byId = new Map(articles.map((a) => [a.id, a]));
  const trends = new Map<string, DetectArticle[]>();
  for (const [a, t] of assignments) {
    const article = byId.get(a);
    if (article) trends.set(t, [...(trends.get(t) ?? []), article]);
  }
  const joined = await rejoinTrends(trends, idf, { warn: console.warn }, { ...DEFAULT_REJOIN_OPTIONS, ...options });
  return new Map([...assignments].map(([a, t]) => [a, joined.get(t) ?? t]));
}

/**
 * The trends of `after` (article -> trend) as article lists, and each trend's majority gold story
 * with its count (`label` reads an article's story; ties go to the smaller label).
 */
export function trendsWithMajority(
  articles: readonly DetectArticle[],
  after: ReadonlyMap<string, string>,
  label: (articleId: string) => string,
): { groups: Map<string, DetectArticle[]>; majority: Map<string, [string, number]> } {
  const byId = new Map(articles.map((a) => [a.id, a]));
  const groups = new Map<string, DetectArticle[]>();
  for (const [a, t] of after) groups.set(t, [...(groups.get(t) ?? []), byId.get(a)!]);
  const majority = new Map(
    [...groups].map(([t, list]) => {
      const counts = new Map<string, number>();
      for (const a of list) {
        const g = label(a.id);
        counts.set(g, (counts.get(g) ?? 0) + 1);
      }
      return [t, [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]!] as [string, [string, number]];
    }),
  );
  return { groups, majority };
}
