/**
 * Validation of classifier variants WITHOUT AG News: trains on four fifths of the training corpora
 * (split by UCI story, BBC article and Giveme5W1H event, so no story is on both sides) and scores
 * the held-out fifth with the corpora's own labels. Variants are chosen by these figures; AG News
 * is only reported. Run: `node --import tsx scripts/classifier/validate-classifier.ts [variant...]
 * [--folds 0,1,2,3,4]`; with `--ag-news`, trains each variant on all data and prints its AG News
 * figures instead (a look at the evaluation set: log it in the README).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import type { Category } from '@trendscope/core';
import { createClassifier } from '../../src/classify/classifier';
import { trainCategoryModel } from '../../src/classify/train-model';
import { loadBbc } from '../corpus/bbc.corpus';
import { loadGiveme } from '../corpus/giveme.corpus';
import { loadUci } from '../corpus/uci.corpus';
import { evaluateAgNews } from './evaluate-ag-news';
import { COMMITTED_MODEL_SETTINGS, type ModelSettings } from './model-settings';
import { buildTrainingSamples, chunks, LABEL_MAPPING, uciStoryRelabels } from './training-samples';

/** The variants compared (`committed` is the settings of the committed model). */
const VARIANTS: Record<string, ModelSettings> = {
  committed: COMMITTED_MODEL_SETTINGS,
  base: { samples: {}, train: {} },
  geo: { samples: {}, train: { geo: true } },
  'geo-uciworld': { samples: { uciWorldStoryShare: 0.2 }, train: { geo: true } },
  'geo-uciworld-sports': { samples: { uciWorldStoryShare: 0.2, uciSportsStoryShare: 0.2 }, train: { geo: true } },
  uciworld: { samples: { uciWorldStoryShare: 0.2 }, train: {} },
  'uciworld-0.1': { samples: { uciWorldStoryShare: 0.1 }, train: {} },
  'uciworld-0.3': { samples: { uciWorldStoryShare: 0.3 }, train: {} },
  'uciworld-sb0.5': { samples: { uciWorldStoryShare: 0.2 }, train: { sourceBalance: 0.5 } },
  'uciworld-geo-sb0.5': { samples: { uciWorldStoryShare: 0.2 }, train: { sourceBalance: 0.5, geo: true } },
  'uciworld-epochs10': { samples: { uciWorldStoryShare: 0.2 }, train: { epochs: 10 } },
  'uciworld-geo-sb0.5-epochs10': {
    samples: { uciWorldStoryShare: 0.2 },
    train: { sourceBalance: 0.5, geo: true, epochs: 10 },
  },
  'uciworld-geo-sb0.5-desc': {
    samples: { uciWorldStoryShare: 0.2, givemeDescriptions: true },
    train: { sourceBalance: 0.5, geo: true },
  },
  'uciworld-sb0.5-epochs10': { samples: { uciWorldStoryShare: 0.2 }, train: { sourceBalance: 0.5, epochs: 10 } },
  'uciworld-geo-sb1': { samples: { uciWorldStoryShare: 0.2 }, train: { sourceBalance: 1, geo: true } },
};

const FOLDS = 5;
const NEWS4 = ['world', 'sports', 'business', 'technology'] as const;

function fold(group: string): number {
  let h = 2166136261;
  for (let i = 0; i < group.length; i++) h = Math.imul(h ^ group.charCodeAt(i), 16777619) >>> 0;
  return h % FOLDS;
}

interface Item {
  text: string;
  category: Category;
  cell: string;
  group: string;
}

/**
 * The validation items with the corpora's own labels: UCI headlines (stories that any weak-label
 * option could relabel are left out, so every variant is scored on the same items), and the
 * first chunk (headline + lead) of every BBC and Giveme5W1H article.
 */
function validationItems(): Item[] {
  const items: Item[] = [];
  const rows = loadUci();
  const touched = uciStoryRelabels(rows, { uciWorldStoryShare: 0.1, uciSportsStoryShare: 0.1 });
  const seen = new Set<string>();
  for (const row of rows) {
    if (touched.has(row.story)) continue;
    const key = row.title.toLowerCase().trim();
    if (seen.has(key)) continue;
    seen.add(key);
    const category = LABEL_MAPPING.uci[row.category];
    items.push({ text: row.title, category, cell: `uci/${category}`, group: `uci:${row.story}` });
  }
  for (const a of loadBbc()) {
    const category = LABEL_MAPPING.bbc[a.category as keyof typeof LABEL_MAPPING.bbc];
    items.push({ text: chunks(a.title, a.body)[0]!, category, cell: `bbc/${category}`, group: `bbc:${a.file}` });
  }
  for (const a of loadGiveme()) {
    const category = LABEL_MAPPING.giveme[a.category as keyof typeof LABEL_MAPPING.giveme];
    const text = chunks(a.title, a.text || a.description)[0]!;
    items.push({ text, category, cell: `giveme/${category}`, group: `giveme:${a.event_id}` });
  }
  return items;
}

function main(): void {
  const args = process.argv.slice(2);
  const foldsAt = args.indexOf('--folds');
  const folds = foldsAt >= 0 ? args[foldsAt + 1]!.split(',').map(Number) : [0];
  const names = args.filter((a, i) => !a.startsWith('--') && (foldsAt < 0 || i !== foldsAt + 1));
  const items = validationItems();
  for (const name of names.length > 0 ? names : Object.keys(VARIANTS)) {
    const variant = VARIANTS[name];
    if (!variant) throw new Error(`unknown variant ${name}`);
    const all = buildTrainingSamples(variant.samples);
    if (args.includes('--ag-news')) {
      // Report only: a look at the evaluation set, to be listed in the README's log of looks.
      const e = evaluateAgNews(createClassifier(trainCategoryModel(all, variant.train)));
      const perClass = Object.fromEntries(Object.entries(e.perClass).map(([k, v]) => [k, v.strict]));
      process.stdout.write(
        `${JSON.stringify({ variant: name, agNews: { strict: e.strict, lenient: e.lenient, perClass } })}\n`,
      );
      continue;
    }
    const cells = new Map<string, { n: number; ok: number }>();
    for (const f of folds) {
      const model = trainCategoryModel(
        all.filter((s) => fold(s.group ?? s.text) !== f),
        variant.train,
      );
      const classifier = createClassifier(model);
      for (const item of items) {
        if (fold(item.group) !== f) continue;
        const c = cells.get(item.cell) ?? { n: 0, ok: 0 };
        c.n++;
        if (classifier.classify(item.text).category === item.category) c.ok++;
        cells.set(item.cell, c);
      }
    }
    const perCell = Object.fromEntries(
      [...cells.entries()]
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .map(([k, c]) => [k, `${(c.ok / c.n).toFixed(3)} (${c.n})`]),
    );
    // Per class: mean over the corpora that have it, then the mean over classes.
    const byClass = new Map<string, number[]>();
    for (const [cell, c] of cells) {
      const cls = cell.split('/')[1]!;
      byClass.set(cls, [...(byClass.get(cls) ?? []), c.ok / c.n]);
    }
    const classAcc = Object.fromEntries(
      [...byClass.entries()].sort().map(([k, v]) => [k, round(v.reduce((a, b) => a + b, 0) / v.length)]),
    );
    const macro = round(Object.values(classAcc).reduce((a, b) => a + b, 0) / byClass.size);
    // The selection figure: the classes whose mix-ups matter most for news sorting (world, sports,
    // business, technology), each measured on the corpora's own held-out labels.
    const news4 = round(NEWS4.reduce((a, c) => a + (classAcc[c] ?? 0), 0) / NEWS4.length);
    process.stdout.write(`${JSON.stringify({ variant: name, folds, news4, macro, classAcc, perCell })}\n`);
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

main();
