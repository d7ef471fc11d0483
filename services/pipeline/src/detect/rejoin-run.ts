import type { Logger } from '@trendscope/core';
import { embeddingLookup } from '../embed/embed-texts';
import type { DetectArticle } from './cluster';
import {
  DEFAULT_REJOIN_OPTIONS,
  rejoinCandidates,
  rejoinStories,
  rejoinTexts,
  storyViews,
  type StoryView,
} from './rejoin-stories';

/**
 * The story rejoin of a detection run (rejoinTrends), over the trends read with their members and
 * the trends refreshed from their stored state (their stored story views, no article read): pairs
 * with one side in `involving` only, central headlines embedded in one pass. Without the encoder
 * the trends stay as they are. Returns absorbed id -> surviving id.
 */
export async function rejoinRun(
  lists: ReadonlyMap<string, readonly DetectArticle[]>,
  stored: readonly StoryView[],
  idf: (term: string) => number,
  logger: Pick<Logger, 'warn'>,
  involving: ReadonlySet<string>,
  lookup: (texts: Iterable<string>) => Promise<(text: string) => Float32Array | undefined> = embeddingLookup,
): Promise<Map<string, string>> {
  const o = DEFAULT_REJOIN_OPTIONS;
  if (o.rejoinCosine <= 0) return new Map();
  // In storyViews' order: earlier founded first, then by id.
  const views = [...storyViews(lists, idf, o), ...stored.filter((v) => v.article_count >= o.rejoinMinArticles)].sort(
    (a, b) => a.first_seen - b.first_seen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const pairs = rejoinCandidates(views, o, involving);
  if (pairs.length === 0) return new Map();
  try {
    return rejoinStories(pairs, await lookup(rejoinTexts(pairs)), o);
  } catch (err) {
    logger.warn({ err }, 'sentence encoder unavailable: trends of one story founded apart stay apart');
    return new Map();
  }
}
