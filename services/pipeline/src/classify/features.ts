import { contentTermsOfWords, words } from '../text/tokenize';
import { geoFeaturesOfWords } from './geo-features';

/** Which feature families a model uses (stored in the model, so old models keep working). */
export interface FeatureOptions {
  /** Gazetteer features (`geo:<cc>`, `geo:abroad`, `geo:home`), see geo-features.ts. */
  geo?: boolean;
  /**
   * Lower-cased raw words, stopwords and numbers included (`w:the`, `w:of the`), and their adjacent
   * pairs: the phrasing the content terms drop ("(AP) -", "on Tuesday") carries a feed item's shape.
   */
  rawWords?: boolean;
}

/**
 * Classifier features of a text: content-term unigrams and adjacent-pair bigrams ("interest rate"),
 * plus the gazetteer and raw-word features when the model uses them.
 */
export function classifierFeatures(text: string, opts: FeatureOptions = {}): string[] {
  return classifierFeaturesOfWords(words(text), opts);
}

/** classifierFeatures of words already split by `words`. */
export function classifierFeaturesOfWords(raw: readonly string[], opts: FeatureOptions = {}): string[] {
  const terms = contentTermsOfWords(raw);
  const out = [...terms];
  for (let i = 0; i + 1 < terms.length; i++) out.push(`${terms[i]} ${terms[i + 1]}`);
  if (opts.geo) out.push(...geoFeaturesOfWords(raw));
  if (opts.rawWords) {
    const lower = raw.map((w) => w.toLowerCase());
    for (let i = 0; i < lower.length; i++) {
      out.push(`w:${lower[i]}`);
      if (i + 1 < lower.length) out.push(`w:${lower[i]} ${lower[i + 1]}`);
    }
  }
  return out;
}

/** One term's TF-IDF weight before normalising: sublinear term frequency, (1 + ln tf) x idf. */
export function tfidfWeight(count: number, idf: number): number {
  return (1 + Math.log(count)) * idf;
}

/**
 * Sparse TF-IDF vector of feature indexes: (1 + ln tf) x idf, L2-normalised. Unknown features are
 * skipped; `lookup` maps a feature to its index and idf.
 */
export function tfidfVector(
  features: readonly string[],
  lookup: (feature: string) => { index: number; idf: number } | undefined,
): { indexes: number[]; values: number[] } {
  const tf = new Map<number, { count: number; idf: number }>();
  for (const f of features) {
    const hit = lookup(f);
    if (!hit) continue;
    const cur = tf.get(hit.index);
    if (cur) cur.count++;
    else tf.set(hit.index, { count: 1, idf: hit.idf });
  }
  const indexes: number[] = [];
  const values: number[] = [];
  let norm = 0;
  for (const [index, { count, idf }] of [...tf.entries()].sort((a, b) => a[0] - b[0])) {
    const v = tfidfWeight(count, idf);
    indexes.push(index);
    values.push(v);
    norm += v * v;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < values.length; i++) values[i]! *= scale;
  return { indexes, values };
}
