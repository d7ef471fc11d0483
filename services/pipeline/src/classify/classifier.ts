import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Category } from '@trendscope/core';
import { words } from '../text/tokenize';
import { loadWordVectors, type WordVectors } from '../text/word-vectors';
import type { CategoryModel, CorpusExpert } from './category-model';
import { linearScorer, logSoftmax } from './linear-scorer';

/** Where the committed model lives. */
export const DEFAULT_MODEL_PATH = path.resolve(import.meta.dirname, '..', '..', 'models', 'category-model.json');

/** A category and the model's probability for it (0..1, three decimals). */
export interface Classification {
  category: Category;
  confidence: number;
}

/** A loaded category classifier. */
export interface Classifier {
  classify(text: string): Classification;
  /** Probabilities of every class of the model, in model order. */
  probabilities(text: string): { category: Category; p: number }[];
}

const models = new Map<string, CategoryModel>();
const classifiers = new Map<string, Classifier>();

/** Reads and parses a model file once per path. */
export function loadCategoryModelFile(modelPath: string = DEFAULT_MODEL_PATH): CategoryModel {
  const resolved = path.resolve(modelPath);
  let model = models.get(resolved);
  if (!model) {
    model = JSON.parse(readFileSync(resolved, 'utf8')) as CategoryModel;
    models.set(resolved, model);
  }
  return model;
}

/** Loads the model file once per path (later calls reuse it) and returns its classifier. */
export function loadClassifier(modelPath: string = DEFAULT_MODEL_PATH): Classifier {
  const resolved = path.resolve(modelPath);
  let classifier = classifiers.get(resolved);
  if (!classifier) {
    classifier = createClassifier(loadCategoryModelFile(resolved));
    classifiers.set(resolved, classifier);
  }
  return classifier;
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
  const scores = (text: string): { known: number; probs: { category: Category; p: number }[] } => {
    const raw = words(text);
    const features = new Map<string, string[]>();
    const { known, logits } = main(raw, features);
    expert?.(raw, features, logits);
    const log = logSoftmax(logits);
    return { known, probs: model.classes.map((category, c) => ({ category, p: Math.exp(log[c]!) })) };
  };
  return {
    probabilities: (text) => scores(text).probs,
    classify(text: string): Classification {
      const { known, probs } = scores(text);
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
): (raw: readonly string[], features: Map<string, string[]>, logits: number[]) => void {
  const scoreExpert = linearScorer(expert.model, vectors);
  const scoreGate = linearScorer(expert.gate, vectors);
  const gateClass = expert.gate.classes.indexOf(expert.corpus);
  const expertClass = model.classes.map((c) => expert.model.classes.indexOf(c));
  const uniform = -Math.log(expert.model.classes.length);
  return (raw, features, logits) => {
    const gate = Math.exp(logSoftmax(scoreGate(raw, features).logits)[gateClass] ?? -Infinity);
    const own = logSoftmax(scoreExpert(raw, features).logits);
    expertClass.forEach((e, c) => {
      if (e >= 0) logits[c]! += expert.weight * gate * (own[e]! - uniform);
    });
  };
}
