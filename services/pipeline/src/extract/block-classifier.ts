import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BLOCK_FEATURE_NAMES } from './block-features';

/** A regression tree: a split on one feature, or a leaf's value. */
export type BlockTree = { feature: number; at: number; low: BlockTree; high: BlockTree } | number;

/**
 * The stored block classifier (services/pipeline/models/block-classifier.json): gradient-boosted
 * trees over block features, the log-odds that a block of the chosen content is article text.
 * Rebuilt by `npm run train:block-classifier -w services/pipeline`.
 */
export interface BlockModel {
  version: 2;
  features: string[];
  base: number;
  rate: number;
  trees: BlockTree[];
  /** A block the rules keep is dropped below this probability. */
  keep_below: number;
  /** A block a rule drops is kept at or above this probability. */
  rescue_at: number;
  meta: Record<string, unknown>;
}

export const BLOCK_MODEL_PATH = path.resolve(import.meta.dirname, '..', '..', 'models', 'block-classifier.json');

let loaded: BlockModel | null | undefined;

/** The committed model, read once; null when the file is absent or was built for other features. */
export function blockModel(): BlockModel | null {
  if (loaded !== undefined) return loaded;
  try {
    const model = JSON.parse(readFileSync(BLOCK_MODEL_PATH, 'utf8')) as BlockModel;
    loaded = model.version === 2 && model.features.join() === BLOCK_FEATURE_NAMES.join() ? model : null;
  } catch {
    loaded = null;
  }
  return loaded;
}

/** The value of the leaf a block's features reach. */
export function treeValue(tree: BlockTree, x: number[]): number {
  let node = tree;
  while (typeof node !== 'number') node = (x[node.feature] ?? 0) <= node.at ? node.low : node.high;
  return node;
}

/** Probability that a block with these features is article text. */
export function blockProbability(model: Pick<BlockModel, 'base' | 'rate' | 'trees'>, x: number[]): number {
  let z = model.base;
  for (const tree of model.trees) z += model.rate * treeValue(tree, x);
  return 1 / (1 + Math.exp(-z));
}

/** The model trims what the rules keep, never most of it: beyond this share it is likely the article it misjudges. */
const MAX_TRIMMED_SHARE = 0.5;

/**
 * Which blocks are kept: the rules' decision, overturned where the model is confident enough
 * (a block the rules keep goes below `keep_below`, one they drop comes back at `rescue_at`).
 */
export function keptBlocks(
  model: Pick<BlockModel, 'keep_below' | 'rescue_at'>,
  blocks: { text: string; ruleDrops: boolean }[],
  probabilities: number[],
): boolean[] {
  let ruleKept = 0;
  let trimmed = 0;
  const kept = blocks.map((b, i) => {
    const probability = probabilities[i] ?? 1;
    if (b.ruleDrops) return probability >= model.rescue_at;
    ruleKept += b.text.length;
    if (probability >= model.keep_below) return true;
    trimmed += b.text.length;
    return false;
  });
  if (trimmed <= ruleKept * MAX_TRIMMED_SHARE) return kept;
  return blocks.map((b, i) => !b.ruleDrops || (kept[i] ?? false));
}
