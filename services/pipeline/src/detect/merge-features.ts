import { dot, type TermVector } from './term-vector';
import { dot as denseDot } from '../text/word-vectors';

/** What a merge decision sees of one side of a pair (a trend, or a group of merged fragments). */
export interface PairSide {
  first_seen: number;
  last_seen: number;
  article_count: number;
  centroid: TermVector;
  /** Euclidean norm of the centroid. */
  norm: number;
  meaning: Float32Array | undefined;
  /** Euclidean norm of the meaning sum (0 when there is none). */
  meaningNorm: number;
  entities: { has(key: string): boolean; keys(): Iterable<string>; readonly size: number };
}

/** Names of the pair features, in the order pairFeatures returns them (the model file lists them). */
export const MERGE_FEATURES = [
  'centroid_cosine',
  'meaning_cosine',
  'shared_terms',
  'shared_rare_terms',
  'shared_entities',
  'entity_jaccard',
  'founding_gap',
  'last_report_gap',
  'smaller_size',
  'larger_size',
] as const;

/** A centroid term this rare (background idf) names a story rather than a subject ("Lohan", "Nadella"). */
export const RARE_IDF = 9;

/**
 * Features of a pair for the learned merge (merge-model.ts, after Miranda et al. 2018): how much
 * the two sides' words, headline meanings and named entities agree, how far apart they began and
 * last reported, and their sizes. Counts and gaps are log-scaled so that a model linear in them
 * sees "one shared name" and "ten seconds" as steps of the same kind as "ten" and "ten minutes".
 */
export function pairFeatures(a: PairSide, b: PairSide, idf: (term: string) => number): number[] {
  const cosine = a.norm > 0 && b.norm > 0 ? dot(a.centroid, b.centroid) / (a.norm * b.norm) : 0;
  const meaning =
    a.meaning && b.meaning && a.meaningNorm > 0 && b.meaningNorm > 0
      ? denseDot(a.meaning, b.meaning) / (a.meaningNorm * b.meaningNorm)
      : 0;
  const [small, large] = a.centroid.size <= b.centroid.size ? [a.centroid, b.centroid] : [b.centroid, a.centroid];
  let shared = 0;
  let rare = 0;
  for (const t of small.keys()) {
    if (!large.has(t)) continue;
    shared++;
    if (idf(t) >= RARE_IDF) rare++;
  }
  let sharedEntities = 0;
  for (const e of a.entities.keys()) if (b.entities.has(e)) sharedEntities++;
  const union = a.entities.size + b.entities.size - sharedEntities;
  return [
    cosine,
    meaning,
    Math.log1p(shared),
    Math.log1p(rare),
    Math.log1p(sharedEntities),
    union > 0 ? sharedEntities / union : 0,
    Math.log1p(Math.abs(a.first_seen - b.first_seen) / 1000),
    Math.log1p(Math.abs(a.last_seen - b.last_seen) / 1000),
    Math.log1p(Math.min(a.article_count, b.article_count)),
    Math.log1p(Math.max(a.article_count, b.article_count)),
  ];
}

/**
 * Whether a pair clears the low bar for being considered at all: a shared term or name, or meanings
 * that agree a little (cosine >= floor; the scale depends on the meaning source).
 */
export function worthComparing(features: readonly number[], floor: number = MEANING_FLOOR): boolean {
  return features[2]! > 0 || features[4]! > 0 || features[1]! >= floor;
}

/** Headline-meaning cosine (GloVe meanings) above which a pair without a shared word is still considered. */
export const MEANING_FLOOR = 0.1;
