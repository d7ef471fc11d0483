import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Category } from '@trendscope/core';
import { memoByFileVersion } from '../file-version-memo';
import { words } from '../text/tokenize';
import { loadWordVectors, type WordVectors } from '../text/word-vectors';
import type { CategoryModel, CorpusExpert } from './category-model';
import { linearScorer, logSoftmax } from './linear-scorer';
import { neighbourVoter } from './neighbour-vote';

/** Where the committed model lives. */
export const DEFAULT_MODEL_PATH = path.resolve(import.meta.dirname, '..', '..', 'models', 'category-model.json');

/** A category and the model's probability for it (0..1, three decimals). */
export interface Classification {
  category: Category;
  confidence: number;
}

/**
 * A loaded category classifier. A model with sentence-embedding features reads `embedding`, the
 * text's embedding from src/embed/ (embedTexts / embeddingLookup); without it that block is left
 * out and the answer rests on the other features.
 */
export interface Classifier {
  /** True when the model has sentence-embedding features: pass each text's embedding. */
  readonly usesEmbedding: boolean;
  /** Whether classifying `text` reads its embedding (so whether it is worth computing). */
  needsEmbedding(text: string): boolean;
  classify(text: string, embedding?: Float32Array): Classification;
  /** Probabilities of every class of the model, in model order. */
  probabilities(text: string, embedding?: Float32Array): { category: Category; p: number }[];
}

/**
 * Models and classifiers kept per path with the version of the file they were read from
 * (file-version-memo.ts): a long-lived worker reads a model once, and again only after `make model`
 * replaced the file, as the domain ratings are read (score/domain-ratings.ts).
 */
const modelOf = memoByFileVersion((file) => JSON.parse(readFileSync(file, 'utf8')) as CategoryModel);
const classifierOf = memoByFileVersion((file) => createClassifier(modelOf(file)));

/** Reads and parses a model file once per path and version. */
export function loadCategoryModelFile(modelPath: string = DEFAULT_MODEL_PATH): CategoryModel {
  return modelOf(path.resolve(modelPath));
}

/** Loads the model file once per path and version (later calls reuse it) and returns its classifier. */
export function loadClassifier(modelPath: string = DEFAULT_MODEL_PATH): Classifier {
  return classifierOf(path.resolve(modelPath));
}

/**
 * The classifier of a model file, loaded on first use (loadClassifier): a detection run that builds
 * no trend (no new report, only velocity refreshes) never pays for loading it.
 */
export function lazyClassifier(modelPath: string = DEFAULT_MODEL_PATH): Classifier {
  let loaded: Classifier | undefined;
  const get = (): Classifier => (loaded ??= loadClassifier(modelPath));
  return {
    get usesEmbedding() {
      return get().usesEmbedding;
    },
    needsEmbedding: (text) => get().needsEmbedding(text),
    classify: (text, embedding) => get().classify(text, embedding),
    probabilities: (text, embedding) => get().probabilities(text, embedding),
  };
}

/**
 * Builds a classifier over an in-memory model; a model with word-vector features uses `vectors`
 * (default: the committed ones), which must be the vectors it was trained on.
 */
export function createClassifier(model: CategoryModel, vectors?: WordVectors): Classifier {
  const usesVectors = Boolean(model.dense ?? model.expert?.model.dense ?? model.expert?.gate.dense);
  const wordVectors = usesVectors ? (vectors ?? loadWordVectors()) : undefined;
  const main = linearScorer(model, wordVectors);
  const expert = model.expert && expertScorer(model, model.expert, wordVectors);
  const expertGate = model.expert && expertGateOf(model.expert, wordVectors);
  const scores = (
    text: string,
    embedding: Float32Array | undefined,
  ): { known: number; probs: { category: Category; p: number }[] } => {
    const raw = words(text);
    const features = new Map<string, string[]>();
    const { known, logits } = main(raw, features, embedding);
    expert?.(raw, features, logits, embedding);
    const log = logSoftmax(logits);
    return { known, probs: model.classes.map((category, c) => ({ category, p: Math.exp(log[c]!) })) };
  };
  // The least gate at which the expert reads the embedding (its sentence block, its k-NN vote).
  const gates = [
    ...(model.expert?.model.sentence ? [model.expert.sentence_gate ?? 0] : []),
    ...(model.expert?.neighbours ? [model.expert.neighbours.min_gate] : []),
  ];
  const embeddingGate = gates.length > 0 ? Math.min(...gates) : undefined;
  return {
    usesEmbedding: Boolean(
      model.sentence ?? model.expert?.model.sentence ?? model.expert?.gate.sentence ?? model.expert?.neighbours,
    ),
    needsEmbedding(text: string): boolean {
      if (model.sentence || model.expert?.gate.sentence) return true;
      if (embeddingGate === undefined) return false;
      return (expertGate?.(words(text), new Map()) ?? 0) >= embeddingGate;
    },
    probabilities: (text, embedding) => scores(text, embedding).probs,
    classify(text: string, embedding?: Float32Array): Classification {
      const { known, probs } = scores(text, embedding);
      // Nothing the model knows: no evidence for any class.
      if (known === 0) return { category: 'other', confidence: 0 };
      let best = { category: 'other' as Category, p: 0 };
      for (const entry of probs) if (entry.p > best.p) best = entry;
      const confidence = Math.round(best.p * 1000) / 1000;
      return best.p < model.other_threshold
        ? { category: 'other', confidence }
        : { category: best.category, confidence };
    },
  };
}

/** Adds a corpus expert's gated evidence to the main model's logits in place (see CorpusExpert). */
function expertScorer(
  model: CategoryModel,
  expert: CorpusExpert,
  vectors: WordVectors | undefined,
): (raw: readonly string[], features: Map<string, string[]>, logits: number[], embedding?: Float32Array) => void {
  const scoreExpert = linearScorer(expert.model, vectors);
  const gateOf = expertGateOf(expert, vectors);
  const expertClass = model.classes.map((c) => expert.model.classes.indexOf(c));
  const uniform = -Math.log(expert.model.classes.length);
  const sentenceGate = expert.sentence_gate ?? 0;
  const gatePower = expert.gate_power ?? 1;
  const { neighbours } = expert;
  const vote = neighbours && neighbourVoter(neighbours, expert.model.classes.length);
  return (raw, features, logits, embedding) => {
    const gate = gateOf(raw, features, embedding);
    const own = logSoftmax(scoreExpert(raw, features, gate >= sentenceGate ? embedding : undefined).logits);
    expertClass.forEach((e, c) => {
      if (e >= 0) logits[c]! += expert.weight * gate ** gatePower * (own[e]! - uniform);
    });
    if (!vote || !embedding || gate < neighbours.min_gate) return;
    const votes = vote(embedding);
    expertClass.forEach((e, c) => {
      if (e >= 0) logits[c]! += neighbours.weight * gate * votes[e]!;
    });
  };
}

/** The gate of a corpus expert: p(the text looks like the expert's corpus). */
function expertGateOf(
  expert: CorpusExpert,
  vectors: WordVectors | undefined,
): (raw: readonly string[], features: Map<string, string[]>, embedding?: Float32Array) => number {
  const scoreGate = linearScorer(expert.gate, vectors);
  const gateClass = expert.gate.classes.indexOf(expert.corpus);
  return (raw, features, embedding) =>
    Math.exp(logSoftmax(scoreGate(raw, features, embedding).logits)[gateClass] ?? -Infinity);
}
