import { clusterArticles, type DetectArticle } from '../../../src/detect/cluster';
import {
  meanEmbedding,
  rejoinCandidates,
  rejoinTexts,
  storyViews,
  type RejoinOptions,
  type StoryView,
} from '../../../src/detect/rejoin-stories';
import { embeddingLookup } from '../../../src/embed/embed-texts';
import { clusterSet } from '../../corpus/cluster-sets';
import { clusterInRuns } from './cluster-in-runs';
import { demoArticles } from './demo-trends';

/** A labelled set clustered by the defaults: its trends' members and each trend's majority gold story. */
export interface ClusteredSet {
  articles: DetectArticle[];
  gold: Map<string, string>;
  /** Article id -> trend id. */
  assignments: Map<string, string>;
  /** Trend id -> its members. */
  groups: Map<string, DetectArticle[]>;
  /** Trend id -> the gold story most of its members belong to. */
  majority: Map<string, string>;
}

/**
 * The set of `key` (the demo's articles, or a set of cluster-sets.ts, pair-reading sets included) clustered with the default
 * options, in one pass or, with `runMinutes`, as detection runs every that many minutes (cluster-in-runs.ts).
 */
export function clusteredSet(key: string, idf: (term: string) => number, now: Date, runMinutes = 0): ClusteredSet {
  const { articles, gold } = key === 'demo' ? demoArticles(new Date('2026-11-23T12:00:00Z')) : clusterSet(key)!.load();
  const assignments =
    runMinutes > 0
      ? clusterInRuns(articles, runMinutes, { idf }, now)
      : clusterArticles(articles, [], { now, idf }).assignments;
  const groups = new Map<string, DetectArticle[]>();
  const byId = new Map(articles.map((a) => [a.id, a]));
  for (const [a, t] of assignments) groups.set(t, [...(groups.get(t) ?? []), byId.get(a)!]);
  const majority = new Map(
    [...groups].map(([t, list]) => {
      const counts = new Map<string, number>();
      for (const a of list) counts.set(gold.get(a.id)!, (counts.get(gold.get(a.id)!) ?? 0) + 1);
      return [t, [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]![0]];
    }),
  );
  return { articles, gold, assignments, groups, majority };
}

/** A clustered set's pairs of trends for the story rejoin (rejoin-stories.ts), their headlines embedded. */
export interface RejoinPool {
  /** The pairs the rejoin's cheap gates let through under the options, earlier first. */
  pairs: [StoryView, StoryView][];
  /** The embedding of a central headline of the pairs. */
  lookup: (text: string) => Float32Array | undefined;
  /** A trend's meaning as the rejoin reads it: the mean embedding of its central headlines. */
  meaning: (view: StoryView) => Float32Array | undefined;
}

/** The rejoin's candidate pairs of `set` under `o`, with the embeddings of their central headlines. */
export async function rejoinPool(
  set: Pick<ClusteredSet, 'groups'>,
  idf: (term: string) => number,
  o: RejoinOptions,
): Promise<RejoinPool> {
  const pairs = rejoinCandidates(storyViews(set.groups, idf, o), o);
  const lookup = await embeddingLookup(rejoinTexts(pairs));
  return { pairs, lookup, meaning: (v) => meanEmbedding(v.central.map(lookup)) };
}
