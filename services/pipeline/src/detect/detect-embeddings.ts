import type { Logger } from '@trendscope/core';
import type { Classifier } from '../classify/classifier';
import { embeddingLookup } from '../embed/embed-texts';
import { centralHeadlines, trendCentre, type TrendMember } from './build-trend';
import { memberText, voters } from './trend-category';
import { sampleText, topicSample } from './topic-centre';

/**
 * Sentence embeddings of what a detection run's rebuilt trends read, in one batched pass: their
 * central headlines (the impact model's meaning part, fitted on exactly those texts, averaged and
 * made unit length by impactInput), the sampled headlines whose centre of meaning chooses the
 * topic (topic-centre.ts) and the category voters' texts that the classifier reads an
 * embedding of (none for a model without a sentence block). Each text is embedded once. Without
 * the encoder (model files missing) the run goes on: impact reads the text features alone and the
 * classifier its other features.
 */
export async function detectEmbeddings(
  trends: readonly (readonly TrendMember[])[],
  idf: (term: string) => number,
  classifier: Pick<Classifier, 'needsEmbedding'>,
  logger: Pick<Logger, 'warn'>,
): Promise<((text: string) => Float32Array | undefined) | undefined> {
  const texts: string[] = [];
  for (const members of trends) {
    const centre = trendCentre(members, idf);
    texts.push(...centralHeadlines(centre));
    if (centre.sorted.length > 1)
      texts.push(...topicSample(centre.sorted.length).map((i) => sampleText(centre.sorted[i]!.title)));
    for (const m of voters(centre.sorted)) {
      const text = memberText(m);
      if (classifier.needsEmbedding(text)) texts.push(text);
    }
  }
  try {
    return await embeddingLookup(texts);
  } catch (err) {
    logger.warn({ err }, 'sentence encoder unavailable: detection goes on without sentence embeddings');
    return undefined;
  }
}
