import type { Category } from '@trendscope/core';
import { words } from '../../../src/text/tokenize';
import { loadWordVectors, type WordVectors } from '../../../src/text/word-vectors';
import { ENCODER_ID } from '../../../src/embed/encoder-files';
import type { CategoryModel, SentenceModel } from '../../../src/classify/category-model';
import { type DenseModel, denseFeaturesOfWords, type DensePooling } from '../../../src/classify/dense-features';
import { classifierFeatures, type FeatureOptions, tfidfVector } from '../../../src/classify/features';

/** One labelled training text (labels are categories, or corpus names for a gate). */
export interface TrainingSample<L extends string = Category> {
  text: string;
  category: L;
  source: string;
  /** What must not be split between training and validation (article, story, event). */
  group?: string;
  /**
   * The text has the shape the service classifies (a headline, a feed item's title + description, an
   * article's headline + lead), not a later chunk of a body: the texts a sentence block learns from.
   */
  lead?: boolean;
}

/** Hyper-parameters of the trainer (defaults are the ones the committed model used). */
export interface TrainOptions {
  /** Features seen in fewer training texts are dropped. */
  minDf: number;
  /** Samples drawn per class and epoch (with replacement for small classes): class balance. */
  perClassPerEpoch: number;
  epochs: number;
  learningRate: number;
  /** L2 penalty applied as weight decay per update. */
  l2: number;
  /** Features kept in the stored model (largest weight spread first). */
  maxFeatures: number;
  otherThreshold: number;
  seed: number;
  /** Share of a class's draws spread evenly over its source corpora (the rest follows their sizes). */
  sourceBalance: number;
  /** Gazetteer features (countries, capitals, nationalities) next to the words. */
  geo: boolean;
  /** Raw-word unigrams and bigrams, stopwords included (see FeatureOptions.rawWords). */
  rawWords: boolean;
  /** Relative weight of a source corpus in the balanced share of the draws (absent: 1). */
  sourceWeights?: Readonly<Record<string, number>>;
  /**
   * NB-weighted logistic regression (Wang & Manning 2012): each weight is learnt on the feature
   * scaled by its naive-Bayes log-count ratio for the class (one class against the rest, presence
   * counts smoothed by this value); 0 or absent: plain logistic regression.
   */
  nbSmoothing?: number;
  /**
   * Dense features beside the sparse ones: the idf-weighted mean of the text's pre-trained word
   * vectors, standardised, scaled so the dense block's length is about this value (the sparse
   * vector's is 1); 0 or absent: none.
   */
  wordVectors?: number;
  /** Pooling of the word vectors (absent: mean). */
  wordVectorPooling?: DensePooling;
  /**
   * Sentence-embedding features beside the others: the text's embedding (src/embed/, given to the
   * trainer as a lookup), standardised, scaled so the block's length is about this value; 0 or
   * absent: none.
   */
  sentenceEmbedding?: number;
  /**
   * L2 penalty of the sentence-embedding weights (absent: `l2`). The dense block's few hundred
   * always-present inputs need another penalty than thousands of rare sparse ones.
   */
  sentenceL2?: number;
}

/** The sentence embedding of a training text (undefined: that row has none). */
export type SentenceLookup = (text: string) => Float32Array | undefined;

/** Defaults of TrainOptions. */
export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  minDf: 2,
  perClassPerEpoch: 6000,
  epochs: 5,
  learningRate: 0.5,
  l2: 1e-5,
  maxFeatures: 40000,
  otherThreshold: 0.25,
  seed: 20261122,
  sourceBalance: 0,
  geo: false,
  rawWords: false,
};

/**
 * Trains a multinomial logistic regression with class-balanced SGD over TF-IDF unigrams+bigrams,
 * then keeps the `maxFeatures` most discriminative features. Deterministic for a given seed.
 * `sentences` gives the texts' embeddings when `sentenceEmbedding` is set.
 */
export function trainCategoryModel<L extends string = Category>(
  samples: readonly TrainingSample<L>[],
  partial: Partial<TrainOptions> = {},
  wordVectors?: WordVectors,
  sentences?: SentenceLookup,
): CategoryModel<L> {
  const opts = { ...DEFAULT_TRAIN_OPTIONS, ...partial };
  const classes = [...new Set(samples.map((s) => s.category))].sort();
  const k = classes.length;
  const features: FeatureOptions = {
    geo: opts.geo,
    ...(opts.rawWords ? { rawWords: true } : {}),
  };
  const feats = samples.map((s) => classifierFeatures(s.text, features));
  const df = new Map<string, number>();
  for (const f of feats) for (const t of new Set(f)) df.set(t, (df.get(t) ?? 0) + 1);
  const vocab = [...df.entries()].filter(([, n]) => n >= opts.minDf).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const lookup = new Map<string, { index: number; idf: number }>();
  const n = samples.length;
  vocab.forEach(([t, d], index) => lookup.set(t, { index, idf: Math.log((n + 1) / (d + 1)) + 1 }));
  const vectors = feats.map((f) => tfidfVector(f, (t) => lookup.get(t)));
  const byClass = classes.map((c) => samples.flatMap((s, i) => (s.category === c ? [i] : [])));
  // Per class, the members of each source corpus: a class fed mostly by one corpus would otherwise
  // learn that corpus's topics of the day rather than the category.
  const bySource = byClass.map((members) => {
    const groups = new Map<string, number[]>();
    for (const i of members) {
      const list = groups.get(samples[i]!.source) ?? [];
      list.push(i);
      groups.set(samples[i]!.source, list);
    }
    const pools = [...groups.values()];
    const weights = pools.map((p) => opts.sourceWeights?.[samples[p[0]!]!.source] ?? 1);
    const total = weights.reduce((a, b) => a + b, 0);
    let acc = 0;
    return { pools, cumulative: weights.map((wt) => (acc += wt / total)) };
  });

  const ratio = opts.nbSmoothing ? nbRatios(vectors, samples, classes, vocab.length, opts.nbSmoothing) : undefined;
  const dense = opts.wordVectors
    ? denseInputs(samples, wordVectors ?? loadWordVectors(), opts.wordVectors, opts.wordVectorPooling)
    : undefined;
  const dims = dense?.dims ?? 0;
  const dw = new Float64Array(dims * k);
  const sentence = opts.sentenceEmbedding ? sentenceInputs(samples, sentences, opts.sentenceEmbedding) : undefined;
  const sdims = sentence?.dims ?? 0;
  const sentenceL2 = opts.sentenceL2 ?? opts.l2;
  const sw = new Float64Array(sdims * k);
  const w = new Float64Array(vocab.length * k);
  const bias = new Float64Array(k);
  const rand = mulberry32(opts.seed);
  const probs = new Float64Array(k);
  let step = 0;
  const totalSteps = opts.epochs * opts.perClassPerEpoch * k;
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    const order: number[] = [];
    byClass.forEach((members, c) => {
      const { pools, cumulative } = bySource[c]!;
      for (let j = 0; j < opts.perClassPerEpoch; j++) {
        const pool =
          opts.sourceBalance > 0 && rand() < opts.sourceBalance ? pickPool(pools, cumulative, rand()) : members;
        order.push(pool[Math.floor(rand() * pool.length)]!);
      }
    });
    shuffle(order, rand);
    for (const i of order) {
      const lr = opts.learningRate * (1 - step / totalSteps) + 1e-3;
      step++;
      const { indexes, values } = vectors[i]!;
      const y = classes.indexOf(samples[i]!.category);
      for (let c = 0; c < k; c++) probs[c] = bias[c]!;
      for (let j = 0; j < indexes.length; j++) {
        const base = indexes[j]! * k;
        for (let c = 0; c < k; c++) probs[c]! += w[base + c]! * values[j]! * (ratio ? ratio[base + c]! : 1);
      }
      const x = dense?.rows[i];
      if (x) for (let d = 0; d < dims; d++) for (let c = 0; c < k; c++) probs[c]! += dw[d * k + c]! * x[d]!;
      const e = sentence?.rows[i];
      if (e) for (let d = 0; d < sdims; d++) for (let c = 0; c < k; c++) probs[c]! += sw[d * k + c]! * e[d]!;
      softmaxInPlace(probs);
      for (let c = 0; c < k; c++) {
        const g = probs[c]! - (c === y ? 1 : 0);
        bias[c]! -= lr * g * 0.1;
        for (let j = 0; j < indexes.length; j++) {
          const at = indexes[j]! * k + c;
          w[at]! -= lr * (g * values[j]! * (ratio ? ratio[at]! : 1) + opts.l2 * w[at]!);
        }
        if (x) for (let d = 0; d < dims; d++) dw[d * k + c]! -= lr * (g * x[d]! + opts.l2 * dw[d * k + c]!);
        if (e) for (let d = 0; d < sdims; d++) sw[d * k + c]! -= lr * (g * e[d]! + sentenceL2 * sw[d * k + c]!);
      }
    }
  }

  // The stored weight is the one the classifier applies to the plain feature: w x ratio.
  if (ratio) for (let i = 0; i < w.length; i++) w[i]! *= ratio[i]!;
  const spread = vocab.map((_, index) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let c = 0; c < k; c++) {
      const v = w[index * k + c]!;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    return { index, spread: hi - lo };
  });
  spread.sort((a, b) => b.spread - a.spread || a.index - b.index);
  const kept = spread.slice(0, opts.maxFeatures).sort((a, b) => a.index - b.index);
  const stored: Record<string, number[]> = {};
  for (const { index } of kept) {
    const [term, d] = vocab[index]!;
    const row = [round(Math.log((n + 1) / (d + 1)) + 1, 3)];
    for (let c = 0; c < k; c++) row.push(round(w[index * k + c]!, 3));
    stored[term] = row;
  }
  return {
    version: 1,
    classes,
    bias: [...bias].map((b) => round(b, 4)),
    vocab: stored,
    ...(opts.geo || opts.rawWords ? { features } : {}),
    ...(dense
      ? {
          dense: {
            ...dense.stored,
            weights: Array.from({ length: dims }, (_, d) =>
              Array.from({ length: k }, (_, c) => round(dw[d * k + c]!, 4)),
            ),
          },
        }
      : {}),
    ...(sentence
      ? {
          sentence: {
            encoder: ENCODER_ID,
            ...sentence.stored,
            weights: Array.from({ length: sdims }, (_, d) =>
              Array.from({ length: k }, (_, c) => round(sw[d * k + c]!, 4)),
            ),
          },
        }
      : {}),
    other_threshold: opts.otherThreshold,
    meta: {
      algorithm: `multinomial logistic regression${ratio ? ' (NB-weighted)' : ''}, class-balanced SGD, TF-IDF unigrams+bigrams`,
      options: opts,
      samples: n,
      samples_per_class: Object.fromEntries(classes.map((c, i) => [c, byClass[i]!.length])),
      features_seen: vocab.length,
      features_kept: kept.length,
    },
  };
}

/**
 * Naive-Bayes log-count ratios, feature x class: ln of the feature's smoothed presence share in the
 * class's texts over its share in the other texts (each share normalised over all features).
 */
function nbRatios<L extends string>(
  vectors: readonly { indexes: number[] }[],
  samples: readonly TrainingSample<L>[],
  classes: readonly L[],
  features: number,
  smoothing: number,
): Float64Array {
  const k = classes.length;
  const inClass = new Float64Array(features * k);
  const total = new Float64Array(features);
  vectors.forEach(({ indexes }, i) => {
    const c = classes.indexOf(samples[i]!.category);
    for (const j of indexes) {
      inClass[j * k + c]!++;
      total[j]!++;
    }
  });
  const out = new Float64Array(features * k);
  for (let c = 0; c < k; c++) {
    let pSum = 0;
    let qSum = 0;
    for (let j = 0; j < features; j++) {
      pSum += inClass[j * k + c]! + smoothing;
      qSum += total[j]! - inClass[j * k + c]! + smoothing;
    }
    for (let j = 0; j < features; j++) {
      const p = (inClass[j * k + c]! + smoothing) / pSum;
      const q = (total[j]! - inClass[j * k + c]! + smoothing) / qSum;
      out[j * k + c] = Math.log(p / q);
    }
  }
  return out;
}

/**
 * The dense inputs of every sample (undefined where no word has a vector) and the stored part of
 * the dense model but its weights: idf from the training texts, per-dimension center and scale.
 * Values are rounded as stored, so training sees what the classifier will compute.
 */
function denseInputs(
  samples: readonly { text: string }[],
  vectors: WordVectors,
  length: number,
  pooling: DensePooling | undefined,
): { dims: number; rows: (Float64Array | undefined)[]; stored: Omit<DenseModel, 'weights'> } {
  const texts = samples.map((s) => words(s.text));
  const df = new Map<string, number>();
  for (const ws of texts) {
    for (const word of new Set(ws.map((x) => x.toLowerCase()))) {
      if (vectors.vector(word)) df.set(word, (df.get(word) ?? 0) + 1);
    }
  }
  const n = samples.length;
  const idf = new Map<string, number>();
  for (const [word, d] of [...df.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (d >= 2) idf.set(word, round(Math.log((n + 1) / (d + 1)) + 1, 3));
  }
  const unseenIdf = round(Math.log((n + 1) / 2) + 1, 3);
  const raw = texts.map((ws) => denseFeaturesOfWords(ws, vectors, { idf, unseenIdf, pooling }));
  const dims = vectors.dimensions * (pooling === 'mean+max' ? 2 : 1);
  const { rows, center, scale } = standardise(raw, dims, length);
  return {
    dims,
    rows,
    stored: {
      vectors: vectors.header.integrity,
      idf: Object.fromEntries(idf),
      unseen_idf: unseenIdf,
      ...(pooling && pooling !== 'mean' ? { pooling } : {}),
      center,
      scale,
    },
  };
}

/** The standardised sentence embeddings of every sample and their per-dimension center and scale. */
function sentenceInputs(
  samples: readonly { text: string }[],
  sentences: SentenceLookup | undefined,
  length: number,
): { dims: number; rows: (Float64Array | undefined)[]; stored: Pick<SentenceModel, 'center' | 'scale'> } {
  if (!sentences) throw new Error("sentenceEmbedding needs the texts' embeddings (a SentenceLookup)");
  const raw = samples.map((s) => {
    const e = sentences(s.text);
    return e && Float64Array.from(e);
  });
  const dims = raw.find((r) => r)?.length ?? 0;
  const { rows, center, scale } = standardise(raw, dims, length);
  return { dims, rows, stored: { center, scale } };
}

/**
 * Per-dimension center and scale of a dense block (scaled so a row's length is about `length`),
 * rounded as stored, and the rows standardised with them, so training sees what the classifier
 * will compute.
 */
function standardise(
  raw: readonly (Float64Array | undefined)[],
  dims: number,
  length: number,
): { rows: (Float64Array | undefined)[]; center: number[]; scale: number[] } {
  const sum = new Float64Array(dims);
  const sq = new Float64Array(dims);
  let m = 0;
  for (const r of raw) {
    if (!r) continue;
    m++;
    for (let d = 0; d < dims; d++) {
      sum[d]! += r[d]!;
      sq[d]! += r[d]! * r[d]!;
    }
  }
  const center = [...sum].map((s) => round(s / Math.max(1, m), 5));
  const scale = [...sq].map((q, d) => {
    const sd = Math.sqrt(Math.max(q / Math.max(1, m) - center[d]! * center[d]!, 1e-12));
    return round(length / (Math.sqrt(dims) * sd), 4);
  });
  const rows = raw.map((r) => r && r.map((v, d) => (v - center[d]!) * scale[d]!));
  return { rows, center, scale };
}

/** The pool whose cumulative share first reaches `r` (0 <= r < 1). */
function pickPool(pools: readonly number[][], cumulative: readonly number[], r: number): number[] {
  const at = cumulative.findIndex((c) => r < c);
  return pools[at < 0 ? pools.length - 1 : at]!;
}

function softmaxInPlace(x: Float64Array): void {
  let max = -Infinity;
  for (const v of x) max = Math.max(max, v);
  let sum = 0;
  for (let i = 0; i < x.length; i++) {
    x[i] = Math.exp(x[i]! - max);
    sum += x[i]!;
  }
  for (let i = 0; i < x.length; i++) x[i]! /= sum;
}

/** Small seeded PRNG (mulberry32), so training is reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(arr: T[], rand: () => number): void {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [arr[i], arr[j]] = [arr[j]!, arr[i]!];
  }
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
