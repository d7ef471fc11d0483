import { createHash } from 'node:crypto';
import { loadExtractionBenchmark } from '../../corpus/extraction-benchmark';
import { scoreExtraction } from '../../metrics/extraction-metric';
import { extractPage, type RawPage } from '../extraction/extraction-runs';
import {
  FOLDS,
  foldOf,
  loadTrafilaturaEval,
  normaliseSpace,
  scoreSegments,
  type EvalPage,
} from '../extraction/trafilatura-eval';
import { blockProbability, keptBlocks, type BlockModel } from '../../../src/extract/block-classifier';
import { fitBlockModel, type BlockSample } from '../../train/block-classifier/fit-block-model';

/** A page's blocks as the extractor sees them before the classifier, with their labels. */
export interface PageBlocks {
  raw: RawPage;
  fold: number;
  texts: string[];
  features: number[][];
  /** Whether a rule drops the block. */
  ruleDrops: boolean[];
  /** 1 article text, 0 boilerplate, null unlabelled; and how much the label weighs. */
  labels: (0 | 1 | null)[];
  weights: number[];
}

/** The two training sets: the multilingual dev set and the English benchmark. */
export interface TrainingPages {
  dev: (PageBlocks & { page: EvalPage })[];
  english: (PageBlocks & { truth: string })[];
}

/** Thresholds tried: below `keep` a kept block goes, at `rescue` a dropped one comes back. */
const KEEP_BELOW = [0, 0.1, 0.2, 0.3, 0.4, 0.5];
const RESCUE_AT = [0.6, 0.7, 0.8, 0.9, 1.01];
/** An English block is article text when this share of its word 4-grams is in the gold body, boilerplate under the other. */
const GOLD_SHARE = 0.8;
const BOILERPLATE_SHARE = 0.2;

function blocksOf(raw: RawPage): Pick<PageBlocks, 'texts' | 'features' | 'ruleDrops'> {
  const found: Pick<PageBlocks, 'texts' | 'features' | 'ruleDrops'> = { texts: [], features: [], ruleDrops: [] };
  extractPage(raw, {
    blockModel: null,
    onBlocks: (blocks, features) => {
      found.texts = blocks.map((b) => normaliseSpace(b.text));
      found.ruleDrops = blocks.map((b) => b.rule !== null);
      found.features = features;
    },
  });
  return found;
}

function words(text: string): string[] {
  return normaliseSpace(text).toLowerCase().split(' ').filter(Boolean);
}

/** Labels a benchmark block by the share of its word 4-grams found in the gold body. */
function goldLabel(text: string, gold: string, grams: Set<string>): 0 | 1 | null {
  const w = words(text);
  if (w.length < 4) return gold.includes(w.join(' ')) ? 1 : 0;
  let hits = 0;
  for (let i = 0; i + 3 < w.length; i += 1) if (grams.has(w.slice(i, i + 4).join(' '))) hits += 1;
  const share = hits / (w.length - 3);
  return share >= GOLD_SHARE ? 1 : share <= BOILERPLATE_SHARE ? 0 : null;
}

/**
 * Runs the extractor without a model over both sets and labels the blocks: on the dev set a block
 * holding only "with" segments is text and one holding only "without" segments boilerplate
 * (weighted by their number); on the benchmark by the gold body. Folds by a hash of the file/id.
 */
export function collectTrainingPages(): TrainingPages {
  const dev = loadTrafilaturaEval().map((page) => {
    const raw = { id: page.key, url: page.key, bytes: page.bytes };
    const found = blocksOf(raw);
    const labels: (0 | 1 | null)[] = [];
    const weights: number[] = [];
    for (const t of found.texts) {
      const kept = page.with.filter((s) => t.includes(s)).length;
      const dropped = page.without.filter((s) => t.includes(s)).length;
      labels.push(kept > 0 && dropped === 0 ? 1 : dropped > 0 && kept === 0 ? 0 : null);
      weights.push(kept + dropped);
    }
    return { raw, page, fold: foldOf(page), ...found, labels, weights };
  });
  const english = loadExtractionBenchmark().map((p) => {
    const raw = { id: p.id, url: p.url, bytes: Buffer.from(p.html) };
    const found = blocksOf(raw);
    const gold = words(p.truth);
    const grams = new Set<string>();
    for (let i = 0; i + 3 < gold.length; i += 1) grams.add(gold.slice(i, i + 4).join(' '));
    const labels = found.texts.map((t) => goldLabel(t, gold.join(' '), grams));
    const fold = (createHash('sha256').update(`fold:${p.id}`).digest()[0] ?? 0) % FOLDS;
    return { raw, truth: p.truth, fold, ...found, labels, weights: labels.map(() => 1) };
  });
  return { dev, english };
}

/** The labelled blocks of the pages, as training samples. */
export function samplesOf(pages: PageBlocks[]): BlockSample[] {
  const samples: BlockSample[] = [];
  for (const p of pages)
    p.features.forEach((x, i) => {
      const label = p.labels[i];
      if (label !== null && label !== undefined) samples.push({ x, label, weight: p.weights[i] ?? 1 });
    });
  return samples;
}

function except(set: TrainingPages, fold: number): TrainingPages {
  return { dev: set.dev.filter((p) => p.fold !== fold), english: set.english.filter((p) => p.fold !== fold) };
}

function only(set: TrainingPages, fold: number): TrainingPages {
  return { dev: set.dev.filter((p) => p.fold === fold), english: set.english.filter((p) => p.fold === fold) };
}

function folds(set: TrainingPages): number[] {
  return [...new Set([...set.dev, ...set.english].map((p) => p.fold))].sort();
}

function fit(set: TrainingPages): BlockModel {
  return fitBlockModel(samplesOf([...set.dev, ...set.english]));
}

/**
 * Probabilities for every block of the pages, each from a model fitted on the other folds (on
 * those of their pages `trainedOn` keeps: all by default; the learning curve draws shares).
 */
export function outOfFold(
  set: TrainingPages,
  trainedOn: (p: PageBlocks) => boolean = () => true,
): Map<PageBlocks, number[]> {
  const probabilities = new Map<PageBlocks, number[]>();
  for (const fold of folds(set)) {
    const train = except(set, fold);
    const model = fit({ dev: train.dev.filter(trainedOn), english: train.english.filter(trainedOn) });
    const test = only(set, fold);
    for (const p of [...test.dev, ...test.english])
      probabilities.set(
        p,
        p.features.map((x) => blockProbability(model, x)),
      );
  }
  return probabilities;
}

/** The text of the blocks kept at these thresholds, joined as the stored body joins them. */
export function keptText(p: PageBlocks, probabilities: number[], keep: number, rescue: number): string {
  const verdicts = keptBlocks(
    { keep_below: keep, rescue_at: rescue },
    p.texts.map((text, i) => ({ text, ruleDrops: p.ruleDrops[i] ?? false })),
    probabilities,
  );
  return p.texts.filter((_, i) => verdicts[i]).join('\n\n');
}

/** F1 on both sets of the blocks kept (block texts joined: close to the stored body). */
function approximateF1(set: TrainingPages, probabilities: Map<PageBlocks, number[]>, keep: number, rescue: number) {
  const dev: Record<string, string> = {};
  for (const p of set.dev) dev[p.raw.id] = keptText(p, probabilities.get(p) ?? [], keep, rescue);
  const english: Record<string, string> = {};
  for (const p of set.english) english[p.raw.id] = keptText(p, probabilities.get(p) ?? [], keep, rescue);
  return (
    scoreSegments(
      set.dev.map((p) => p.page),
      dev,
    ).f1 + scoreExtraction(Object.fromEntries(set.english.map((p) => [p.raw.id, p.truth])), english).f1
  );
}

/**
 * Fits on the given pages; the two thresholds are those that maximise the sum of both sets' F1
 * on out-of-fold probabilities of the same pages (never in-sample ones, which boosting overfits).
 */
export function fitWithThresholds(set: TrainingPages): { model: BlockModel; samples: number } {
  const probabilities = outOfFold(set);
  let best = { keep: 0, rescue: 1.01, f1: -1 };
  for (const keep of KEEP_BELOW)
    for (const rescue of RESCUE_AT) {
      const f1 = approximateF1(set, probabilities, keep, rescue);
      if (f1 > best.f1 + 1e-9) best = { keep, rescue, f1 };
    }
  const model = fit(set);
  model.keep_below = best.keep;
  model.rescue_at = best.rescue;
  return { model, samples: samplesOf([...set.dev, ...set.english]).length };
}

function bodies(pages: PageBlocks[], model: BlockModel | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pages) out[p.raw.id] = extractPage(p.raw, { blockModel: model }).text;
  return out;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Extracted bodies by page id, for each set. */
interface Bodies {
  dev: Record<string, string>;
  english: Record<string, string>;
}

/** Both sets' bodies through the extractor, with a model or without. */
function bodiesOf(set: TrainingPages, model: BlockModel | null): Bodies {
  return { dev: bodies(set.dev, model), english: bodies(set.english, model) };
}

/** Both sets' figures for their bodies. */
function scoreBoth(set: TrainingPages, out: Bodies) {
  const dev = scoreSegments(
    set.dev.map((p) => p.page),
    out.dev,
  );
  const truth = Object.fromEntries(set.english.map((p) => [p.raw.id, p.truth]));
  const english = scoreExtraction(truth, out.english);
  return {
    dev_f1: round(dev.f1),
    dev_precision: round(dev.precision),
    dev_recall: round(dev.recall),
    english_f1: round(english.f1),
  };
}

/**
 * Per fold: the model fitted (thresholds included) on the other folds of both sets applied to
 * that fold through the extractor, beside the extractor without a model; then every page of the
 * five folds pooled (the dev figure a change is judged on).
 */
export function crossValidate(set: TrainingPages): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  const pooled: { without: Bodies; with: Bodies } = {
    without: { dev: {}, english: {} },
    with: { dev: {}, english: {} },
  };
  const pool = (to: Bodies, from: Bodies): void => {
    Object.assign(to.dev, from.dev);
    Object.assign(to.english, from.english);
  };
  for (const fold of folds(set)) {
    const { model } = fitWithThresholds(except(set, fold));
    const test = only(set, fold);
    const without = bodiesOf(test, null);
    const withModel = bodiesOf(test, model);
    pool(pooled.without, without);
    pool(pooled.with, withModel);
    const row = {
      fold,
      dev_pages: test.dev.length,
      english_pages: test.english.length,
      keep_below: model.keep_below,
      rescue_at: model.rescue_at,
      without_model: scoreBoth(test, without),
      with_model: scoreBoth(test, withModel),
    };
    process.stdout.write(`${JSON.stringify(row)}\n`);
    rows.push(row);
  }
  const row = { fold: 'all', without_model: scoreBoth(set, pooled.without), with_model: scoreBoth(set, pooled.with) };
  process.stdout.write(`${JSON.stringify(row)}\n`);
  rows.push(row);
  return rows;
}
