import type { TrendClock } from '@trendscope/core';
import { servedTimeOf, toDetectArticle, type StoredArticle } from './active-trend';
import type { StoryView } from './rejoin-stories';
import { DEFAULT_REJOIN_OPTIONS, storyViews } from './rejoin-stories';
import { topTerms } from './term-vector';
import { DEFAULT_VELOCITY_OPTIONS, independentReportTimes, type VelocityOptions } from './velocity';

/**
 * Terms of the unit centroid a stored story view keeps: the tail left out weighs little in a
 * cosine (measured in docs/lab-notes/detection-speed.md, "Incremental detection").
 */
const STORY_TERMS = 200;

/**
 * The clock part of a trend's stored state (TrendClock), from its members and the topic buildTrend
 * chose: the independent reports the velocity windows can still count once no article joins it
 * (no earlier than 2W before its last report), and the story rejoin's view of it.
 */
export function trendClock(
  id: string,
  members: readonly StoredArticle[],
  topic: string,
  idf: (term: string) => number,
  vopts: VelocityOptions = DEFAULT_VELOCITY_OPTIONS,
): TrendClock {
  const articles = members.map(toDetectArticle);
  const timeOf = servedTimeOf(members);
  const reports = independentReportTimes(members.map((m) => ({ time: timeOf(m), simhash: m.simhash })));
  const from = reports[reports.length - 1]! - 2 * vopts.windowHours * 3_600_000;
  const [view] = storyViews(new Map([[id, articles]]), idf, DEFAULT_REJOIN_OPTIONS);
  return {
    reports: reports.filter((t) => t >= from),
    topic,
    ...(view
      ? {
          story: {
            centroid: Object.fromEntries(topTerms(view.centroid, STORY_TERMS)),
            entities: [...view.entities].sort(),
            central: view.central,
          },
        }
      : {}),
  };
}

/** The story rejoin's view of a stored trend from its clock (no article read), or null when it has none. */
export function storedStoryView(t: {
  id: string;
  first_seen: string;
  last_seen: string;
  article_count: number;
  detect_state?: { clock?: TrendClock };
}): StoryView | null {
  const story = t.detect_state?.clock?.story;
  if (!story) return null;
  return {
    id: t.id,
    first_seen: Date.parse(t.first_seen),
    last_seen: Date.parse(t.last_seen),
    article_count: t.article_count,
    centroid: new Map(Object.entries(story.centroid)),
    entities: new Set(story.entities),
    central: [...story.central],
  };
}
