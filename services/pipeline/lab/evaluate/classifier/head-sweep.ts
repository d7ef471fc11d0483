/**
 * Five-fold figures of a non-linear second stage: an MLP head (lab/train/classifier/mlp-head.ts)
 * over the text's sentence embedding, the committed model's class log-probabilities and its expert
 * gate's p(AG News), its logits added to those log-probabilities. For held-out fold k the head is trained
 * on the out-of-fold answers of the items of the other folds (held-out-scores.ts, which must have
 * run for every fold) and scores fold k's items; the base row is the committed model's own answers.
 * Run: `node --import tsx services/pipeline/lab/evaluate/classifier/head-sweep.ts
 * '{"hidden":64}' '{"shares":{"ag":2}}' ...` (each argument: HeadOptions and HeadVariant's options,
 * over the defaults).
 */
import '@trendscope/core/require-project-node';
import { jsonOptions, readCommandLine } from '../../command-line';
import { existsSync, readFileSync } from 'node:fs';
import { mlpLogits } from '../../train/classifier/mlp-head';
import { type HeadOptions, type HeadRow, trainMlpHead } from '../../train/classifier/train-mlp-head';
import { COMMITTED_MODEL_SETTINGS } from '../../train/classifier/model-settings';
import { FOLDS, validationItems } from './cross-validate';
import { type HeldOutFold, heldOutFile } from './held-out-scores';
import { cachedEmbeddings } from './sentence-embeddings';

const variants = readCommandLine("head-sweep.ts ['<head variant json>'...]", {}, ({ positionals }) =>
  positionals.map((a) => jsonOptions(a) as HeadVariant),
);

/** A head variant: trainer options and each corpus's share of the draws. */
interface HeadVariant extends Partial<HeadOptions> {
  shares?: Record<string, number>;
  /** Leave the sentence embedding out of the input (the answer and the gate alone). */
  noEmbedding?: boolean;
  /** Draw every training row alike (the corpora by their sizes) instead of by `shares`. */
  natural?: boolean;
  /** Train and apply the head only where the gate's p(AG News) is at least this (absent: 0). */
  gateAtLeast?: number;
}

const DEFAULT_SHARES: Record<string, number> = { uci: 1, bbc: 1, giveme: 0.5, ag: 1 };
const FLOOR = -15;

const folds: HeldOutFold[] = [];
for (let f = 0; f < FOLDS; f++) {
  const file = heldOutFile(f);
  if (!existsSync(file)) throw new Error(`${file} is missing: run held-out-scores.ts first`);
  folds.push(JSON.parse(readFileSync(file, 'utf8')) as HeldOutFold);
}
const classes = folds[0]!.classes;
const items = validationItems();
const embeddingOf = await cachedEmbeddings(items.map((i) => i.text));
const threshold = COMMITTED_MODEL_SETTINGS.train.otherThreshold ?? 0.25;

/** The head's input and skip for one answer. */
function inputOf(a: HeldOutFold['answers'][number], noEmbedding: boolean): { x: number[]; skip: number[] } {
  const skip = a.p.map((p) => Math.max(Math.log(p), FLOOR));
  const e = noEmbedding ? [] : [...embeddingOf(items[a.item]!.text)!];
  return { x: [...e, ...skip, a.gate], skip };
}

type Tally = Map<string, { n: number; ok: number }>;
const add = (t: Tally, key: string, ok: boolean) => {
  const c = t.get(key) ?? { n: 0, ok: 0 };
  c.n++;
  c.ok += ok ? 1 : 0;
  t.set(key, c);
};
const report = (name: unknown, t: Tally) => {
  const corpus: Record<string, string> = {};
  for (const [k, c] of [...t.entries()].sort()) corpus[k] = `${(c.ok / c.n).toFixed(3)} (${c.ok}/${c.n})`;
  process.stdout.write(`${JSON.stringify({ variant: name, ...corpus })}\n`);
};

const base: Tally = new Map();
for (const fold of folds)
  for (const a of fold.answers) {
    const item = items[a.item]!;
    add(base, item.corpus, a.answer === item.category);
    add(base, `${item.corpus}/${item.category}`, a.answer === item.category);
  }
report('committed', base);

for (const variant of variants) {
  const started = Date.now();
  const shares = { ...DEFAULT_SHARES, ...variant.shares };
  const tally: Tally = new Map();
  for (const test of folds) {
    const gated = variant.gateAtLeast ?? 0;
    const train = folds
      .filter((f) => f !== test)
      .flatMap((f) => f.answers)
      .filter((a) => a.gate >= gated);
    const perCorpus = new Map<string, number>();
    for (const a of train) perCorpus.set(items[a.item]!.corpus, (perCorpus.get(items[a.item]!.corpus) ?? 0) + 1);
    const rows: HeadRow[] = train.map((a) => {
      const item = items[a.item]!;
      return {
        ...inputOf(a, Boolean(variant.noEmbedding)),
        label: classes.indexOf(item.category),
        // A corpus's share of the draws, spread over its rows; shares `natural` draws every row alike.
        weight: variant.natural ? 1 : (shares[item.corpus] ?? 1) / perCorpus.get(item.corpus)!,
      };
    });
    const head = trainMlpHead(rows, { ...variant, classes: classes.length });
    for (const a of test.answers) {
      const item = items[a.item]!;
      if (a.gate < gated) {
        add(tally, item.corpus, a.answer === item.category);
        add(tally, `${item.corpus}/${item.category}`, a.answer === item.category);
        continue;
      }
      const { x, skip } = inputOf(a, Boolean(variant.noEmbedding));
      const logits = mlpLogits(head, x, skip);
      const max = Math.max(...logits);
      const norm = logits.reduce((s, z) => s + Math.exp(z - max), 0);
      const best = logits.indexOf(max);
      // An item the base model knew nothing of stays `other`, as does a top probability under the threshold.
      const answer =
        a.answer === 'other' && Math.max(...a.p) >= threshold
          ? 'other'
          : 1 / norm < threshold
            ? 'other'
            : classes[best];
      add(tally, item.corpus, answer === item.category);
      add(tally, `${item.corpus}/${item.category}`, answer === item.category);
    }
  }
  report({ ...variant, seconds: (Date.now() - started) / 1000 }, tally);
}
