import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Category } from '@trendscope/core';
import { words } from '../text/tokenize';
import { loadWordVectors, type WordVectors } from '../text/word-vectors';
import type { CategoryModel } from './category-model';
import { denseFeaturesOfWords } from './dense-features';
import { classifierFeaturesOfWords, tfidfVector } from './features';

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
  const k = model.classes.length;
  const index = new Map<string, { index: number; idf: number }>();
  const weights: number[][] = [];
  for (const [feature, row] of Object.entries(model.vocab)) {
    index.set(feature, { index: weights.length, idf: row[0]! });
    weights.push(row.slice(1));
  }
  const dense = model.dense;
  const wordVectors = dense ? (vectors ?? loadWordVectors()) : undefined;
  if (dense && wordVectors?.header.integrity !== dense.vectors) {
    throw new Error('the category model was trained on other word vectors than the ones loaded');
  }
  const denseIdf = new Map(Object.entries(dense?.idf ?? {}));
  const scores = (text: string): { known: number; probs: { category: Category; p: number }[] } => {
    const raw = words(text);
    const vec = tfidfVector(classifierFeaturesOfWords(raw, model.features), (f) => index.get(f));
    const logits = [...model.bias];
    for (let i = 0; i < vec.indexes.length; i++) {
      const w = weights[vec.indexes[i]!]!;
      const x = vec.values[i]!;
      for (let c = 0; c < k; c++) logits[c]! += w[c]! * x;
    }
    const x =
      dense &&
      wordVectors &&
      denseFeaturesOfWords(
        raw,
        wordVectors,
        { idf: denseIdf, unseenIdf: dense.unseen_idf, pooling: dense.pooling },
        dense.center,
        dense.scale,
      );
    if (dense && x) {
      for (let d = 0; d < x.length; d++) for (let c = 0; c < k; c++) logits[c]! += dense.weights[d]![c]! * x[d]!;
    }
    const max = Math.max(...logits);
    const exps = logits.map((l) => Math.exp(l - max));
    const sum = exps.reduce((a, b) => a + b, 0);
    return {
      known: vec.indexes.length + (x ? 1 : 0),
      probs: model.classes.map((category, c) => ({ category, p: exps[c]! / sum })),
    };
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
