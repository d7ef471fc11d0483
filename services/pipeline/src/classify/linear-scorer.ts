import { ENCODER_ID } from '../embed/encoder-files';
import type { WordVectors } from '../text/word-vectors';
import type { CategoryModel } from './category-model';
import { denseFeaturesOfWords } from './dense-features';
import { classifierFeaturesOfWords, tfidfVector } from './features';

/**
 * Logits of a linear model for a text's words (and its sentence embedding, for a model with a
 * sentence block), and how many of its features the model knows. Models of one text that use the
 * same feature families share `features` (by family key).
 */
export type LinearScorer = (
  raw: readonly string[],
  features?: Map<string, string[]>,
  embedding?: Float32Array,
) => { known: number; logits: number[] };

/**
 * The logits of one stored linear model (sparse TF-IDF features plus the optional dense
 * word-vector and sentence-embedding blocks); `vectors` must be the ones its dense block was
 * trained on, and the embeddings given must come from the encoder its sentence block names.
 */
export function linearScorer<L extends string>(model: CategoryModel<L>, vectors?: WordVectors): LinearScorer {
  const k = model.classes.length;
  const index = new Map<string, { index: number; idf: number }>();
  const weights: number[][] = [];
  for (const [feature, row] of Object.entries(model.vocab)) {
    index.set(feature, { index: weights.length, idf: row[0]! });
    weights.push(row.slice(1));
  }
  const dense = model.dense;
  if (dense && vectors?.header.integrity !== dense.vectors) {
    throw new Error('the category model was trained on other word vectors than the ones loaded');
  }
  if (model.sentence && model.sentence.encoder !== ENCODER_ID) {
    throw new Error(`the category model was trained on embeddings of ${model.sentence.encoder}, not ${ENCODER_ID}`);
  }
  const denseIdf = new Map(Object.entries(dense?.idf ?? {}));
  const family = `${model.features?.geo ? 'geo' : ''}/${model.features?.rawWords ? 'raw' : ''}`;
  const sentence = model.sentence;
  return (raw, features, embedding) => {
    let feats = features?.get(family);
    if (!feats) {
      feats = classifierFeaturesOfWords(raw, model.features);
      features?.set(family, feats);
    }
    const vec = tfidfVector(feats, (f) => index.get(f));
    const logits = [...model.bias];
    for (let i = 0; i < vec.indexes.length; i++) {
      const w = weights[vec.indexes[i]!]!;
      const x = vec.values[i]!;
      for (let c = 0; c < k; c++) logits[c]! += w[c]! * x;
    }
    const x =
      dense &&
      vectors &&
      denseFeaturesOfWords(
        raw,
        vectors,
        { idf: denseIdf, unseenIdf: dense.unseen_idf, pooling: dense.pooling },
        dense.center,
        dense.scale,
      );
    if (dense && x) {
      for (let d = 0; d < x.length; d++) for (let c = 0; c < k; c++) logits[c]! += dense.weights[d]![c]! * x[d]!;
    }
    if (sentence && embedding) {
      const { center, scale, weights: sw } = sentence;
      for (let d = 0; d < center.length; d++) {
        const v = (embedding[d]! - center[d]!) * scale[d]!;
        for (let c = 0; c < k; c++) logits[c]! += sw[d]![c]! * v;
      }
    }
    return { known: vec.indexes.length + (x ? 1 : 0) + (sentence && embedding ? 1 : 0), logits };
  };
}

/** Log-probabilities of logits (log-softmax). */
export function logSoftmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const z = Math.log(logits.reduce((s, l) => s + Math.exp(l - max), 0)) + max;
  return logits.map((l) => l - z);
}
