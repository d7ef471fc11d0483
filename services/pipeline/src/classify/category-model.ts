import type { Category } from '@trendscope/core';
import type { DenseModel } from './dense-features';
import type { FeatureOptions } from './features';

/**
 * The stored category model (services/pipeline/models/category-model.json): a multinomial logistic
 * regression over TF-IDF unigrams and bigrams. `vocab[feature] = [idf, w_class0, w_class1, ...]`.
 */
export interface CategoryModel {
  version: 1;
  classes: Category[];
  bias: number[];
  vocab: Record<string, number[]>;
  /** Feature families beyond unigrams + bigrams (absent: none). */
  features?: FeatureOptions;
  /** Word-vector features beside the sparse ones (absent: none). */
  dense?: DenseModel;
  /** Below this top probability the answer is `other` (no class is convincing). */
  other_threshold: number;
  meta: Record<string, unknown>;
}
