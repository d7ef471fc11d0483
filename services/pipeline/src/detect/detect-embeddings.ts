import type { ArticleDoc, ArticleEmbeddings, Logger } from '@trendscope/core';
import type { Classifier } from '../classify/classifier';
import { decodeEmbedding, encodeEmbedding } from '../embed/compact-embedding';
import { embedTexts } from '../embed/embed-texts';
import { normaliseText } from '../text/normalise-text';
import { centralHeadlines, trendCentre, type TrendMember } from './build-trend';
import { afterLastSilence } from './reopened-wave';
import { sampleText, topicSample } from './topic-centre';
import { memberText, voters } from './trend-category';

/** A member as detectEmbeddings reads it: with the compact embeddings an earlier run stored on it. */
export type EmbeddedMember = TrendMember & Partial<Pick<ArticleDoc, 'detect_embeddings'>>;

/** A run's sentence embeddings: the lookup its trends read, and what to store on the articles. */
export interface DetectEmbeddings {
  /** The embedding of a text the run's trends read (undefined: not embedded, or no encoder). */
  embedText: (text: string) => Float32Array | undefined;
  /** Article id -> the compact embeddings this run computed for it (to store on the article). */
  fresh: Map<string, ArticleEmbeddings>;
}

/** One text a rebuilt trend reads an embedding of, and the article whose text it is. */
interface Needed {
  id: string;
  kind: keyof ArticleEmbeddings;
  text: string;
  stored: string | undefined;
}

/**
 * Sentence embeddings of what a detection run's rebuilt trends read: their central headlines (the
 * impact model's meaning part, fitted on exactly those texts, averaged and made unit length by
 * impactInput), the sampled headlines whose centre of meaning chooses the topic (topic-centre.ts)
 * and the category voters' texts that the classifier reads an embedding of (none for
 * a model without a sentence block). An article's text is embedded once, by the first run that
 * needs it: the run stores it on the article (int8, compact-embedding.ts) and later runs read it
 * back. Every text is read through its compact form, stored or fresh, so a replay classifies
 * alike. Without the encoder (model files missing) the run goes on: impact reads the text features
 * alone and the classifier its other features.
 */
export async function detectEmbeddings(
  trends: readonly (readonly EmbeddedMember[])[],
  idf: (term: string) => number,
  classifier: Pick<Classifier, 'needsEmbedding'>,
  logger: Pick<Logger, 'warn'>,
): Promise<DetectEmbeddings> {
  const byText = new Map<string, Float32Array>();
  const missing = new Map<string, Needed[]>();
  for (const need of neededTexts(trends, idf, classifier)) {
    if (byText.has(need.text)) continue;
    const v = decodeEmbedding(need.text, need.stored);
    if (v) byText.set(need.text, v);
    else missing.set(need.text, [...(missing.get(need.text) ?? []), need]);
  }
  const fresh = new Map<string, ArticleEmbeddings>();
  const texts = [...missing.keys()].filter((t) => !byText.has(t));
  let vectors: Float32Array[] = [];
  try {
    vectors = await embedTexts(texts);
  } catch (err) {
    logger.warn({ err }, 'sentence encoder unavailable: detection goes on without sentence embeddings');
  }
  vectors.forEach((v, i) => {
    const text = texts[i]!;
    const compact = encodeEmbedding(text, v);
    byText.set(text, decodeEmbedding(text, compact)!);
    for (const need of missing.get(text)!) fresh.set(need.id, { ...fresh.get(need.id), [need.kind]: compact });
  });
  return { embedText: (text) => byText.get(text), fresh };
}

/** The texts the rebuilt trends read an embedding of, each with its article's stored one. */
function* neededTexts(
  trends: readonly (readonly EmbeddedMember[])[],
  idf: (term: string) => number,
  classifier: Pick<Classifier, 'needsEmbedding'>,
): Generator<Needed> {
  for (const members of trends) {
    const centre = trendCentre(members, idf);
    const headlines = new Set(centralHeadlines(centre));
    for (const m of centre.sorted as EmbeddedMember[]) {
      const title = normaliseText(m.title);
      // The first member with a central headline stands for it (centralHeadlines keeps it once).
      if (headlines.delete(title)) {
        yield { id: m.id, kind: 'headline', text: title, stored: m.detect_embeddings?.headline };
      }
    }
    // The headlines a topic is read from: all members' sample, or a new wave's (buildTrend), which
    // for a grown trend's sample (its whole count unknown here) may be either, so both are embedded.
    const wave = afterLastSilence(centre.sorted.map((m) => m.time)) ?? [];
    const sampled = new Set([
      ...(centre.sorted.length > 1 ? topicSample(centre.sorted.length) : []),
      ...(wave.length > 1 ? topicSample(wave.length).map((k) => wave[k]!) : []),
    ]);
    for (const i of [...sampled].sort((a, b) => a - b)) {
      const m = centre.sorted[i] as EmbeddedMember;
      yield { id: m.id, kind: 'topic', text: sampleText(m.title), stored: m.detect_embeddings?.topic };
    }
    for (const m of voters(centre.sorted as EmbeddedMember[])) {
      const text = memberText(m);
      if (classifier.needsEmbedding(text)) {
        yield { id: m.id, kind: 'voter', text, stored: m.detect_embeddings?.voter };
      }
    }
  }
}
