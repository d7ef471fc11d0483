import type { DetectArticle } from '../../../src/detect/cluster';
import {
  DEFAULT_REJOIN_OPTIONS,
  rejoinTrends,
  storyViews,
  type RejoinJoin,
  type RejoinOptions,
} from '../../../src/detect/rejoin-stories';

/**
 * Article -> trend after the story rejoin, as a detection run does it after clustering
 * (rejoin-stories.ts): the trends of `assignments` whose story the rejoin joins take their
 * survivor's id. `options` override the rejoin's defaults (rejoinCosine 0 switches it off).
 * PRINT_JOINS=<tests, comma-separated> (e.g. "event") prints each join of those tests to stderr with
 * the central headlines of each side the rejoin compared (joinLine), to be read.
 */
export async function rejoinedAssignments(
  articles: readonly DetectArticle[],
  assignments: ReadonlyMap<string, string>,
  idf: (term: string) => number,
  options: Partial<RejoinOptions> = {},
  /** Only pairs with a side among these trends are judged (a run's `involving`; all when absent). */
  involving?: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const byId = new Map(articles.map((a) => [a.id, a]));
  const trends = new Map<string, DetectArticle[]>();
  for (const [a, t] of assignments) {
    const article = byId.get(a);
    if (article) trends.set(t, [...(trends.get(t) ?? []), article]);
  }
  const print = new Set((process.env.PRINT_JOINS ?? '').split(',').filter((t) => t !== ''));
  const rejoin = { ...DEFAULT_REJOIN_OPTIONS, ...options };
  // The headlines the rejoin compares are its views' central ones, built as the rejoin builds them.
  const central =
    print.size > 0
      ? new Map(storyViews(trends, idf, rejoin).map((v) => [v.id, v.central]))
      : new Map<string, string[]>();
  const info = (o: { joins?: RejoinJoin[] }): void => {
    for (const j of o.joins ?? []) if (print.has(j.test)) process.stderr.write(`${joinLine(j, central)}\n`);
  };
  const logger = { warn: console.warn, info };
  const joined = await rejoinTrends(trends, idf, logger, rejoin, involving);
  return new Map([...assignments].map(([a, t]) => [a, joined.get(t) ?? t]));
}

/**
 * One join as PRINT_JOINS prints it: its test, meaning, sizes and each side's central headlines
 * (`central`: trend id -> the headlines its story view compared, storyViews), the evidence the
 * test read. A side's first members can tell another story than its centre ("King's IPO" joined
 * on its central headlines, its first members a trademark fight).
 */
export function joinLine(join: RejoinJoin, central: ReadonlyMap<string, readonly string[]>): string {
  const heads = (id: string): string => (central.get(id) ?? []).join(' / ');
  return `join ${join.test} ${join.meaning.toFixed(3)} ${join.articles.join('/')}  ${heads(join.trends[0])}  ||  ${heads(join.trends[1])}`;
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
