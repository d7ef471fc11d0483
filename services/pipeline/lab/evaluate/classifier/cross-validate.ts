/**
 * Validation of classifier variants on data they were not fitted on: k-fold over every labelled
 * corpus at once (split by UCI story, BBC article, Giveme5W1H event and AG News row, so no story
 * is on both sides; each corpus scored on its own held-out rows with its own labels), and
 * leave-one-corpus-out (trained without a corpus, scored on all of it). Run:
 * `node --import tsx lab/evaluate/classifier/cross-validate.ts [variant...] [--folds 0,1,2,3,4] [--loco]
 * [--train '{"epochs":10}'] [--expert '{"weight":1}']` (`--train` overrides the variants' trainer
 * settings, `--expert` their corpus expert's, for sweeps).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import type { Category } from '@trendscope/core';
import { type Classifier, createClassifier } from '../../../src/classify/classifier';
import type { CorpusExpertOptions } from '../../train/classifier/train-expert';
import type { TrainOptions } from '../../train/classifier/train-model';
import { loadAgNews } from '../../corpus/ag-news.corpus';
import { foldOf } from '../../corpus/fold-of';
import { jsonOptions, knownNames, numberList, readCommandLine } from '../../command-line';
import { loadBbc } from '../../corpus/bbc.corpus';
import { loadGiveme } from '../../corpus/giveme.corpus';
import { loadUci } from '../../corpus/uci.corpus';
import {
  COMMITTED_MODEL_SETTINGS,
  ECONOMY_MODEL_SETTINGS,
  type ModelSettings,
  POLITICS_MODEL_SETTINGS,
  GATED_MODEL_SETTINGS,
  MAIN_AND_EXPERT_SENTENCE_MODEL_SETTINGS,
  MAIN_SENTENCE_MODEL_SETTINGS,
  NEIGHBOURS_MODEL_SETTINGS,
  PREVIOUS_MODEL_SETTINGS,
  SENTENCE_MODEL_SETTINGS,
  trainingEmbeddings,
  trainModel,
  VECTORS_MODEL_SETTINGS,
  WEIGHTED_SENTENCE_MODEL_SETTINGS,
  WITHOUT_AG_NEWS_SETTINGS,
} from '../../train/classifier/model-settings';
import { cachedEmbeddings } from './sentence-embeddings';
import { loadCategoryReadings, POLITICS_READINGS_FILE } from '../../metrics/category-readings';
import { buildTrainingSamples, chunks, LABEL_MAPPING, uciStoryRelabels } from '../../train/classifier/training-samples';

/** The variants compared (`committed` is the settings of the committed model). */
const VARIANTS: Record<string, ModelSettings> = {
  committed: COMMITTED_MODEL_SETTINGS,
  gated: GATED_MODEL_SETTINGS,
  sentence: SENTENCE_MODEL_SETTINGS,
  'weighted-sentence': WEIGHTED_SENTENCE_MODEL_SETTINGS,
  'main-sentence': MAIN_SENTENCE_MODEL_SETTINGS,
  'main-and-expert-sentence': MAIN_AND_EXPERT_SENTENCE_MODEL_SETTINGS,
  neighbours: NEIGHBOURS_MODEL_SETTINGS,
  economy: ECONOMY_MODEL_SETTINGS,
  politics: POLITICS_MODEL_SETTINGS,
  vectors: VECTORS_MODEL_SETTINGS,
  previous: PREVIOUS_MODEL_SETTINGS,
  'without-ag-news': WITHOUT_AG_NEWS_SETTINGS,
};

/** Folds of the k-fold validation. */
export const FOLDS = 5;

/** The fold of a UCI story, BBC article, Giveme5W1H event or AG News row. */
export function foldOfGroup(group: string): number {
  return foldOf(group, FOLDS);
}

/** One scored item: the text as the service sees it, its label, corpus and split group. */
export interface ValidationItem {
  text: string;
  category: Category;
  corpus: string;
  group: string;
  /**
   * The label a reader gives it where the corpus's was read wrong (UCI's car and fuel-price stories,
   * the UCI stories and Giveme5W1H events read as politics).
   */
  read?: Category;
}

/**
 * The validation items with the corpora's own labels: UCI headlines (stories that a weak-label
 * option could relabel are left out, so every variant is scored on the same items), the first
 * chunk (headline + lead) of every BBC and Giveme5W1H article, and every AG News row. UCI's `t`
 * stories of the car industry and fuel prices keep their corpus label and carry the read one
 * (business), scored apart as `uci-read`; so do the UCI stories and Giveme5W1H events read as
 * politics (politics-readings.tsv; Giveme5W1H's scored apart as `giveme-read`).
 */
export function validationItems(): ValidationItem[] {
  const items: ValidationItem[] = [];
  const rows = loadUci();
  const touched = uciStoryRelabels(rows, { uciWorldStoryShare: 0.1, uciSportsStoryShare: 0.1 });
  const economy = uciStoryRelabels(rows, { uciEconomyStoryShare: 0.5 });
  const politics = loadCategoryReadings(POLITICS_READINGS_FILE);
  const seen = new Set<string>();
  for (const row of rows) {
    if (touched.has(row.story)) continue;
    const key = row.title.toLowerCase().trim();
    if (seen.has(key)) continue;
    seen.add(key);
    const read = politics.get(`uci:${row.story}`) ?? economy.get(row.story);
    items.push({
      text: row.title,
      category: LABEL_MAPPING.uci[row.category],
      corpus: 'uci',
      group: `uci:${row.story}`,
      ...(read ? { read } : {}),
    });
  }
  for (const a of loadBbc()) {
    const category = LABEL_MAPPING.bbc[a.category as keyof typeof LABEL_MAPPING.bbc];
    items.push({ text: chunks(a.title, a.body)[0]!, category, corpus: 'bbc', group: `bbc:${a.file}` });
  }
  for (const a of loadGiveme()) {
    const category = LABEL_MAPPING.giveme[a.category as keyof typeof LABEL_MAPPING.giveme];
    const text = chunks(a.title, a.text || a.description)[0]!;
    const group = `giveme:${a.event_id}`;
    const read = politics.get(group);
    items.push({ text, category, corpus: 'giveme', group, ...(read ? { read } : {}) });
  }
  loadAgNews().forEach((row, i) => {
    const text = `${row.title}. ${row.description}`;
    items.push({ text, category: LABEL_MAPPING.ag[row.label], corpus: 'ag', group: `ag:${i}` });
  });
  return items;
}

/** Accuracy per corpus and per corpus/class cell. */
export interface Scores {
  corpus: Record<string, number>;
  cells: Record<string, string>;
  /** Accuracy per corpus when the answer is the likeliest of that corpus's own classes only. */
  ownClasses: Record<string, number>;
}

/** The classes each corpus labels with (AG News has no politics, health or entertainment). */
const CORPUS_CLASSES: Record<string, ReadonlySet<Category>> = {
  ag: new Set(Object.values(LABEL_MAPPING.ag)),
  bbc: new Set(Object.values(LABEL_MAPPING.bbc)),
  uci: new Set(Object.values(LABEL_MAPPING.uci)),
  giveme: new Set(Object.values(LABEL_MAPPING.giveme)),
};

/**
 * Classifies `test` (with the embeddings the classifier reads, from `embed`) and tallies correct
 * answers into `tally`.
 */
export async function score(
  classifier: Classifier,
  test: readonly ValidationItem[],
  tally: Map<string, { n: number; ok: number }>,
  embed: (texts: string[]) => Promise<(text: string) => Float32Array | undefined> = cachedEmbeddings,
): Promise<void> {
  const needed = test.filter((item) => classifier.needsEmbedding(item.text)).map((item) => item.text);
  const embeddingOf = needed.length > 0 ? await embed(needed) : () => undefined;
  for (const item of test) {
    const embedding = embeddingOf(item.text);
    const answer = classifier.classify(item.text, embedding).category;
    const ok = answer === item.category ? 1 : 0;
    const own = CORPUS_CLASSES[item.corpus];
    let best = { category: 'other' as Category, p: -1 };
    for (const e of classifier.probabilities(item.text, embedding)) if (own?.has(e.category) && e.p > best.p) best = e;
    const ownTally = tally.get(`own:${item.corpus}`) ?? { n: 0, ok: 0 };
    ownTally.n++;
    ownTally.ok += best.category === item.category ? 1 : 0;
    tally.set(`own:${item.corpus}`, ownTally);
    for (const key of [item.corpus, `${item.corpus}/${item.category}`]) {
      const c = tally.get(key) ?? { n: 0, ok: 0 };
      c.n++;
      c.ok += ok;
      tally.set(key, c);
    }
    if (item.corpus === 'uci' || item.corpus === 'giveme') {
      const c = tally.get(`${item.corpus}-read`) ?? { n: 0, ok: 0 };
      c.n++;
      c.ok += answer === (item.read ?? item.category) ? 1 : 0;
      tally.set(`${item.corpus}-read`, c);
    }
  }
}

/** Accuracy per corpus, per corpus/class cell and per corpus over its own classes. */
export function summarise(tally: Map<string, { n: number; ok: number }>): Scores {
  const sorted = [...tally.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return {
    corpus: Object.fromEntries(
      sorted.filter(([k]) => !k.includes('/') && !k.includes(':')).map(([k, c]) => [k, round(c.ok / c.n)]),
    ),
    ownClasses: Object.fromEntries(
      sorted.filter(([k]) => k.startsWith('own:')).map(([k, c]) => [k.slice(4), round(c.ok / c.n)]),
    ),
    cells: Object.fromEntries(
      sorted.filter(([k]) => k.includes('/')).map(([k, c]) => [k, `${round(c.ok / c.n)} (${c.n})`]),
    ),
  };
}

/** k-fold over groups of every corpus: each fold's model scores the items of its held-out groups. */
export async function crossValidate(
  settings: ModelSettings,
  folds: readonly number[],
  items: readonly ValidationItem[],
): Promise<Scores> {
  const all = buildTrainingSamples(settings.samples);
  const sentences = await trainingEmbeddings(all, settings);
  const tally = new Map<string, { n: number; ok: number }>();
  for (const f of folds) {
    const train = all.filter((s) => foldOfGroup(s.group ?? s.text) !== f);
    const classifier = createClassifier(trainModel(train, settings, sentences));
    await score(
      classifier,
      items.filter((i) => foldOfGroup(i.group) === f),
      tally,
    );
  }
  return summarise(tally);
}

/** Leave-one-corpus-out: trained without a corpus, scored on all of its items. */
export async function leaveOneCorpusOut(
  settings: ModelSettings,
  corpus: string,
  items: readonly ValidationItem[],
): Promise<Scores> {
  const tally = new Map<string, { n: number; ok: number }>();
  const train = buildTrainingSamples(settings.samples).filter((s) => s.source !== corpus);
  // Without its corpus an expert has nothing to learn from: the main model alone.
  const { expert, ...withoutExpert } = settings;
  const used = expert?.corpus === corpus ? withoutExpert : settings;
  const classifier = createClassifier(trainModel(train, used, await trainingEmbeddings(train, used)));
  await score(
    classifier,
    items.filter((i) => i.corpus === corpus),
    tally,
  );
  return summarise(tally);
}

async function main(): Promise<void> {
  const { values, names, folds, overrides, expertOverrides } = readCommandLine(
    "cross-validate.ts [variant...] [--folds 0,1,2,3,4] [--loco] [--train '<json>'] [--expert '<json>']",
    {
      folds: { type: 'string', default: '0,1,2,3,4' },
      loco: { type: 'boolean', default: false },
      train: { type: 'string', default: '{}' },
      expert: { type: 'string', default: '{}' },
    },
    ({ values, positionals }) => ({
      values,
      names: knownNames(positionals.join(',') || Object.keys(VARIANTS).join(','), Object.keys(VARIANTS)),
      folds: numberList(values.folds),
      overrides: jsonOptions<TrainOptions>(values.train),
      expertOverrides: jsonOptions<CorpusExpertOptions>(values.expert),
    }),
  );
  const items = validationItems();
  for (const name of names) {
    const named = VARIANTS[name];
    if (!named) throw new Error(`unknown variant ${name}`);
    const variant = {
      ...named,
      train: { ...named.train, ...overrides },
      ...(named.expert ? { expert: { ...named.expert, ...expertOverrides } } : {}),
    };
    const started = Date.now();
    if (values.loco) {
      for (const corpus of ['ag', 'bbc', 'giveme', 'uci']) {
        const s = await leaveOneCorpusOut(variant, corpus, items);
        process.stdout.write(
          `${JSON.stringify({ variant: name, overrides, expertOverrides, left_out: corpus, ...s })}\n`,
        );
      }
    } else {
      const s = await crossValidate(variant, folds, items);
      process.stdout.write(
        `${JSON.stringify({ variant: name, overrides, expertOverrides, folds, ...s, seconds: (Date.now() - started) / 1000 })}\n`,
      );
    }
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

if (process.argv[1]?.endsWith('cross-validate.ts')) await main();
