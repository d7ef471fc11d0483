import type { Category } from '@trendscope/core';
import type { DenseModel } from './dense-features';
import type { FeatureOptions } from './features';

/**
 * The stored category model (services/pipeline/models/category-model.json): a multinomial logistic
 * regression over TF-IDF unigrams and bigrams. `vocab[feature] = [idf, w_class0, w_class1, ...]`.
 */
export interface CategoryModel<L extends string = Category> {
  version: 1;
  classes: L[];
  bias: number[];
  vocab: Record<string, number[]>;
  /** Feature families beyond unigrams + bigrams (absent: none). */
  features?: FeatureOptions;
  /** Word-vector features beside the sparse ones (absent: none). */
  dense?: DenseModel;
  /** Sentence-embedding features beside the others (absent: none). */
  sentence?: SentenceModel;
  /** A corpus expert gated by how much the text looks like its corpus (absent: none). */
  expert?: CorpusExpert;
  /** Below this top probability the answer is `other` (no class is convincing). */
  other_threshold: number;
  meta: Record<string, unknown>;
}

/**
 * A model of one corpus's rows alone (its own classes) and a gate that says how much a text looks
 * like that corpus: the expert's log-probabilities, less those of a uniform answer, are added to
 * the main model's logits times `weight` x p(corpus), so it moves its classes only on texts of
 * its corpus's shape and an undecided expert moves nothing.
 */
export interface CorpusExpert {
  /** The corpus (training-sample source) the expert was trained on and the gate detects. */
  corpus: string;
  /** The expert's weight at a gate of 1. */
  weight: number;
  /** The expert: trained on `corpus` rows only. */
  model: CategoryModel;
  /** Which corpus a text looks like: classes are the training corpora. */
  gate: CategoryModel<string>;
  /**
   * When the expert has a sentence block: it reads the text's embedding only where the gate's
   * p(corpus) is at least this, so the encoder runs for texts of the corpus's shape alone; below,
   * the expert answers without that block (absent: 0, always).
   */
  sentence_gate?: number;
  /**
   * The expert's evidence is weighed by p(corpus) to this power (absent: 1): above 1, texts the gate
   * is unsure of (headlines of other corpora) are moved less than the corpus's own rows.
   */
  gate_power?: number;
  /** A vote of the corpus's training rows nearest the text (absent: none; see ExpertNeighbours). */
  neighbours?: ExpertNeighbours;
}

/**
 * The expert corpus's training rows as a k-NN vote: where the gate's p(corpus) is at least
 * `min_gate`, the `k` rows whose sentence embeddings are nearest the text's (cosine) vote for their
 * class; (votes + 1) / (k + classes) per expert class, as a log-probability less the uniform's, is
 * added to that class's logit times `weight` x p(corpus). Below the gate it moves nothing, so
 * headlines of other corpora keep the main model's answer.
 */
export interface ExpertNeighbours {
  k: number;
  weight: number;
  min_gate: number;
  /** Per row: the index of its class in the expert's classes. */
  labels: number[];
  /** The rows' sentence embeddings as int8 (base64, `dimensions` bytes a row; read as unit length). */
  vectors: string;
  dimensions: number;
}

/**
 * The sentence-embedding block of a category model: the text's embedding (src/embed/), standardised
 * per dimension, with one weight per dimension and class.
 */
export interface SentenceModel {
  /** The encoder the weights were learnt with (ENCODER_ID). */
  encoder: string;
  /** Per dimension: the value used is (x - center) x scale. */
  center: number[];
  scale: number[];
  /** weights[d][c]: the weight of dimension d for class c. */
  weights: number[][];
}
