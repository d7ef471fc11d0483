/**
 * The gold stories (labels corrected by reading, corrected-gold.ts) that lead two or more listed
 * trends of one set's whole in-process list (story-figures.ts), with each of those trends' story
 * view and central-headline meaning as the story rejoin reads them (rejoin-stories.ts): what the
 * lab tools that read a story's repeats (story-repeat-gates.ts, occasion-members.ts) start from.
 */
import { isListed } from '@trendscope/core';
import type { DetectArticle } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { meanEmbedding, storyViews, type RejoinOptions, type StoryView } from '../../src/detect/rejoin-stories';
import { embeddingLookup } from '../../src/embed/embed-texts';
import type { DemoTrend } from '../evaluate/trends/demo-trends';
import { articleLabeller } from '../metrics/corrected-gold';
import { leadingGold } from '../metrics/story-quality';
import { setArticles, setTrends, type Options } from './story-figures';

/** One set's gold stories leading two or more listed trends, and the rejoin's view of those trends. */
export interface RepeatedStories {
  /** The set's articles by id. */
  byId: Map<string, DetectArticle>;
  /** Every listed trend of the set's list, in list order. */
  listed: DemoTrend[];
  /** Each such story (its corrected gold id) with its listed trends, in list order. */
  groups: [string, DemoTrend[]][];
  /** The story view of each of those trends by trend id (every size has one: rejoinMinArticles 1). */
  views: Map<string, StoryView>;
  /** A view's mean central-headline meaning (a single zero when none of its headlines embeds). */
  meaning: (v: StoryView) => Float32Array;
}

/** Read on first use, so that importing this file (a tool's --help) reads nothing. */
let label: ReturnType<typeof articleLabeller> | undefined;

/** A trend's member labels, each corrected by reading. */
export function correctedLabels(d: { gold: string[]; ids?: string[] }): string[] {
  const read = (label ??= articleLabeller());
  return d.gold.map((g, i) => read(d.ids?.[i], g));
}

/** Groups one set's listed trends by corrected leading gold story; keeps the stories with two or more. */
export async function repeatedStories(key: string, options: Options, rejoin: RejoinOptions): Promise<RepeatedStories> {
  const byId = new Map(setArticles(key).articles.map((a) => [a.id, a]));
  const listed = (await setTrends(key, options)).filter((d) => isListed(d.trend));
  const byGold = new Map<string, DemoTrend[]>();
  for (const d of listed) {
    const g = leadingGold({ ...d, gold: correctedLabels(d) });
    byGold.set(g, [...(byGold.get(g) ?? []), d]);
  }
  const groups = [...byGold].filter(([, ds]) => ds.length > 1);
  const trends = new Map<string, DetectArticle[]>();
  for (const [, ds] of groups)
    for (const d of ds)
      trends.set(
        d.trend.id,
        (d.ids ?? []).map((id) => byId.get(id)!),
      );
  const views = new Map(storyViews(trends, backgroundIdf(), { ...rejoin, rejoinMinArticles: 1 }).map((v) => [v.id, v]));
  const lookup = await embeddingLookup([...views.values()].flatMap((v) => v.central));
  const meaning = (v: StoryView): Float32Array => meanEmbedding(v.central.map(lookup)) ?? new Float32Array(1);
  return { byId, listed, groups, views, meaning };
}
