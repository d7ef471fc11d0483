import type { Logger } from '@trendscope/core';
import { embeddingLookup } from '../embed/embed-texts';
import { centralHeadlines, trendCentre, type TrendMember } from './build-trend';

/**
 * Sentence embeddings of the central headlines of the trends a detection run rebuilds (the text
 * the impact model's meaning part was fitted on: each headline as read, averaged and made unit
 * length by impactInput), in one batched pass. Without the encoder (model files missing) the run
 * goes on and the impact score reads the text features alone.
 */
export async function headlineEmbeddings(
  trends: readonly (readonly TrendMember[])[],
  idf: (term: string) => number,
  logger: Pick<Logger, 'warn'>,
): Promise<((text: string) => Float32Array | undefined) | undefined> {
  const headlines = trends.flatMap((members) => centralHeadlines(trendCentre(members, idf)));
  try {
    return await embeddingLookup(headlines);
  } catch (err) {
    logger.warn({ err }, 'sentence encoder unavailable: business impact without the headline embedding');
    return undefined;
  }
}
