/**
 * Five-fold figures of ways to combine the gated model's parts, without training: the main model's
 * log-probabilities, the gate's p(AG News) and an AG News expert's log-probabilities, as kept by
 * expert-answers.ts (run it first with the same `--main` and expert list), combined as the
 * classifier does (src/classify/classifier.ts: weight x gate^power x (expert log-p - uniform) added
 * on the expert's classes), plus two optional terms, each on the AG News classes and times the gate:
 * - `knn`: a vote of the k nearest AG News training rows (the other folds' rows, by the cosine of
 *   their sentence embeddings; the held-out row is never among them), (votes + 1) / (k + 4) as a
 *   log-probability against the uniform, times its own weight;
 * - `calibrate`: a bias per class, fitted on the other folds' held-out items (their log-likelihood
 *   under the rest of the combination), so a class the mix over- or under-answers on AG News-like
 *   texts is moved back; `calibrate.on` "ag" fits it on AG News items only, "all" on every corpus.
 * Each corpus is scored strict and on its own classes, as cross-validate.ts does; `--confusion`
 * prints AG News's own-class confusion; `--nested` scores the choice among the combinations made
 * on the other folds (the first combination is the baseline the constraint is read against);
 * `--int8` rounds the k-NN's embeddings through their int8 form. Run: `node --import tsx
 * services/pipeline/lab/evaluate/classifier/combine-sweep.ts --main '{"sentenceEmbedding":1}'
 * --experts '[{...}, ...]' '{"expert":0,"weight":2}' '{"expert":0,"weight":2,"knn":{"k":20,"weight":1}}' ...`
 */
import '@trendscope/core/require-project-node';
import { existsSync, readFileSync } from 'node:fs';
import { FOLDS, foldOfGroup, validationItems } from './cross-validate';
import { expertAnswersFile, type FoldAnswers, type ItemParts } from './expert-answers';
import { cachedEmbeddings } from './sentence-embeddings';
import { jsonList, jsonOptions, readCommandLine } from '../../command-line';
import { decodeEmbedding, encodeEmbedding } from '../../../src/embed/compact-embedding';
import { LABEL_MAPPING } from '../../train/classifier/training-samples';

/** One way to combine the parts. */
interface Combination {
  /** Index of the expert variant in the `--experts` list. */
  expert: number;
  weight: number;
  gatePower?: number;
  knn?: {
    k: number;
    weight: number;
    /** Votes weighted by cosine similarity (absent: one each). */
    similarity?: boolean;
    /** The vote counts only where the gate is at least this (absent: KNN_MIN_GATE). */
    minGate?: number;
  };
  calibrate?: { on: 'ag' | 'all'; l2?: number };
}

const { values, mainTrain, expertVariants, combinations } = readCommandLine(
  "combine-sweep.ts [--main '<json>'] [--experts '[<json>, ...]'] [--confusion] [--nested] [--int8] '<combination json>'...",
  {
    main: { type: 'string', default: '{}' },
    experts: { type: 'string', default: '[]' },
    confusion: { type: 'boolean', default: false },
    nested: { type: 'boolean', default: false },
    int8: { type: 'boolean', default: false },
  },
  ({ values, positionals }) => ({
    values,
    mainTrain: jsonOptions(values.main),
    expertVariants: jsonList(values.experts),
    combinations: positionals.map((a) => jsonOptions(a) as Combination),
  }),
);

const folds: FoldAnswers[] = [];
for (let f = 0; f < FOLDS; f++) {
  const file = expertAnswersFile(f, mainTrain, expertVariants);
  if (!existsSync(file)) throw new Error(`${file} is missing: run expert-answers.ts with the same arguments`);
  folds.push(JSON.parse(readFileSync(file, 'utf8')) as FoldAnswers);
}
const classes = folds[0]!.classes;
const items = validationItems();
const ownOf: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(LABEL_MAPPING).map(([corpus, mapping]) => [corpus, new Set<string>(Object.values(mapping))]),
);
const agClass = classes.map((c) => ownOf.ag!.has(c));

/** Unit-length copy of a vector. */
function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  return v.map((x) => x / n);
}

const needKnn = combinations.some((c) => c.knn);
const embeddingOf = needKnn ? await cachedEmbeddings(items.map((i) => i.text)) : () => undefined;
/**
 * A training row's unit embedding as the k-NN reads it: with `--int8` rounded through the int8 form
 * a model file or an article would keep (compact-embedding.ts), to measure what that rounding costs.
 */
function neighbourVector(text: string): Float32Array {
  const v = unit(embeddingOf(text)!);
  return values.int8 ? decodeEmbedding(text, encodeEmbedding(text, v))! : v;
}

/** Per fold: the AG News rows of the other folds (unit embeddings, flat) and their class index. */
const neighboursOf = new Map<number, { matrix: Float32Array; label: number[] }>();
if (needKnn)
  for (let f = 0; f < FOLDS; f++) {
    const rows = items.filter((i) => i.corpus === 'ag' && foldOfGroup(i.group) !== f);
    const matrix = new Float32Array(rows.length * 384);
    rows.forEach((r, j) => matrix.set(neighbourVector(r.text), j * 384));
    neighboursOf.set(f, { matrix, label: rows.map((r) => classes.indexOf(r.category)) });
  }

/**
 * Below this gate the k-NN term (times the gate and a weight of at most 2) is left out: it would
 * barely move the answer, and 40 % of the items are above it.
 */
const KNN_MIN_GATE = 0.1;
/** The most neighbours a combination may ask for: each item's nearest are found once. */
const KNN_MAX = 100;
const nearestMemo = new Map<number, { index: number; sim: number }[]>();
/** An item's KNN_MAX nearest AG News training rows of the other folds, nearest first. */
function nearest(fold: number, parts: ItemParts): { index: number; sim: number }[] {
  const memo = nearestMemo.get(parts.item);
  if (memo) return memo;
  const { matrix, label } = neighboursOf.get(fold)!;
  const v = neighbourVector(items[parts.item]!.text);
  const top: { index: number; sim: number }[] = [];
  for (let j = 0; j < label.length; j++) {
    let s = 0;
    const at = j * 384;
    for (let d = 0; d < 384; d++) s += v[d]! * matrix[at + d]!;
    if (top.length === KNN_MAX && s <= top[KNN_MAX - 1]!.sim) continue;
    let k = top.length === KNN_MAX ? KNN_MAX - 1 : top.length;
    while (k > 0 && top[k - 1]!.sim < s) k--;
    top.splice(k, 0, { index: j, sim: s });
    if (top.length > KNN_MAX) top.pop();
  }
  nearestMemo.set(parts.item, top);
  return top;
}

/** The k-NN vote of an item as log-probabilities against the uniform on the AG News classes. */
function knnTerm(fold: number, parts: ItemParts, knn: NonNullable<Combination['knn']>): number[] | undefined {
  if (parts.gate < Math.max(KNN_MIN_GATE, knn.minGate ?? 0)) return undefined;
  if (knn.k > KNN_MAX) throw new Error(`knn.k ${knn.k}: at most ${KNN_MAX}`);
  const { label } = neighboursOf.get(fold)!;
  const votes = classes.map(() => 0);
  let total = 0;
  for (const { index, sim } of nearest(fold, parts).slice(0, knn.k)) {
    const w = knn.similarity ? Math.max(sim, 0) : 1;
    votes[label[index]!]! += w;
    total += w;
  }
  const uniform = Math.log(1 / 4);
  return votes.map((c, i) => (agClass[i] ? Math.log((c + 1) / (total + 4)) - uniform : 0));
}

/** The combined logits of an item, without the calibration bias. */
function logitsOf(fold: number, parts: ItemParts, c: Combination): number[] {
  const expert = parts.experts[c.expert]!;
  const own = expert.filter((e): e is number => e !== null);
  const uniform = -Math.log(own.length);
  const g = parts.gate ** (c.gatePower ?? 1);
  const z = parts.main.map((m, i) => m + (expert[i] === null ? 0 : c.weight * g * (expert[i]! - uniform)));
  if (c.knn) {
    const t = knnTerm(fold, parts, c.knn);
    if (t) t.forEach((x, i) => (z[i]! += c.knn!.weight * parts.gate * x));
  }
  return z;
}

function softmax(z: number[]): number[] {
  const m = Math.max(...z);
  const e = z.map((x) => Math.exp(x - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / s);
}

/**
 * Biases per class (times the gate) maximising the log-likelihood of `train`'s labels under the
 * combination, by gradient ascent, with an L2 pull to 0.
 */
function fitBias(train: { fold: number; parts: ItemParts }[], c: Combination): number[] {
  const l2 = c.calibrate?.l2 ?? 1e-3;
  const rows = train.map(({ fold, parts }) => ({
    z: logitsOf(fold, parts, c),
    gate: parts.gate,
    y: classes.indexOf(items[parts.item]!.category),
  }));
  const b = classes.map(() => 0);
  const weightSum = rows.reduce((a, r) => a + r.gate, 0) || 1;
  for (let step = 0; step < 300; step++) {
    const grad = classes.map(() => 0);
    for (const r of rows) {
      const p = softmax(r.z.map((x, i) => x + r.gate * b[i]!));
      p.forEach((pi, i) => (grad[i]! += r.gate * ((r.y === i ? 1 : 0) - pi)));
    }
    grad.forEach((gi, i) => (b[i]! += gi / weightSum - l2 * b[i]!));
  }
  return b;
}

type Tally = Map<string, { n: number; ok: number }>;

/** One fold's tally of a combination (strict and own classes per corpus) and AG News's own-class confusion. */
function scoreFold(
  c: Combination,
  test: FoldAnswers,
): { tally: Tally; confusion: Map<string, number>; bias: number[] } {
  const tally: Tally = new Map();
  const add = (key: string, ok: boolean) => {
    const t = tally.get(key) ?? { n: 0, ok: 0 };
    t.n++;
    t.ok += ok ? 1 : 0;
    tally.set(key, t);
  };
  const confusion = new Map<string, number>();
  let bias = classes.map(() => 0);
  if (c.calibrate) {
    const train = folds
      .filter((f) => f.fold !== test.fold)
      .flatMap((f) => f.items.map((parts) => ({ fold: f.fold, parts })))
      .filter(({ parts }) => c.calibrate!.on === 'all' || items[parts.item]!.corpus === 'ag');
    bias = fitBias(train, c);
  }
  for (const parts of test.items) {
    const item = items[parts.item]!;
    const p = softmax(logitsOf(test.fold, parts, c).map((x, i) => x + parts.gate * bias[i]!));
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    const answer = parts.unknown ? 'other' : p[best]! < test.otherThreshold ? 'other' : classes[best]!;
    const own = ownOf[item.corpus]!;
    let ownBest = -1;
    for (let i = 0; i < p.length; i++) if (own.has(classes[i]!) && (ownBest < 0 || p[i]! > p[ownBest]!)) ownBest = i;
    add(item.corpus, answer === item.category);
    add(`own:${item.corpus}`, classes[ownBest] === item.category);
    if (item.corpus === 'ag') {
      const key = `${item.category} -> ${classes[ownBest]}`;
      confusion.set(key, (confusion.get(key) ?? 0) + 1);
    }
  }
  return { tally, confusion, bias };
}

/** The tallies summed. */
function sum(tallies: readonly Tally[]): Tally {
  const out: Tally = new Map();
  for (const t of tallies)
    for (const [k, c] of t) {
      const o = out.get(k) ?? { n: 0, ok: 0 };
      o.n += c.n;
      o.ok += c.ok;
      out.set(k, o);
    }
  return out;
}

const rate = (t: Tally, key: string): number => t.get(key)!.ok / t.get(key)!.n;
const figuresOf = (t: Tally) =>
  Object.fromEntries([...t.entries()].sort().map(([k, c]) => [k, `${(c.ok / c.n).toFixed(4)} (${c.ok}/${c.n})`]));

/** Per combination, per fold. */
const perFold = combinations.map((c) => folds.map((test) => scoreFold(c, test)));
for (const [ci, c] of combinations.entries()) {
  const scored = perFold[ci]!;
  const confusion = new Map<string, number>();
  for (const s of scored) for (const [k, n] of s.confusion) confusion.set(k, (confusion.get(k) ?? 0) + n);
  const biases = scored.map((s) => s.bias.map((x) => Math.round(x * 1000) / 1000));
  process.stdout.write(
    `${JSON.stringify({ combination: c, ...figuresOf(sum(scored.map((s) => s.tally))), ...(c.calibrate ? { biases } : {}) })}\n`,
  );
  if (values.confusion)
    process.stdout.write(
      `${JSON.stringify(Object.fromEntries([...confusion.entries()].sort((a, b) => b[1] - a[1])))}\n`,
    );
}

/**
 * `--nested`: the choice among the combinations made without the fold it is scored on. For each
 * fold, the combination with the best AG News own-class accuracy on the other four folds among those
 * that keep BBC, UCI and Giveme5W1H (strict) within 0.005 of the first combination (the baseline)
 * there, scored on the fold: what picking the best of a sweep is worth on rows it was not picked on.
 */
if (values.nested) {
  const chosen: number[] = [];
  const tallies: Tally[] = [];
  for (const [fi] of folds.entries()) {
    const others = (ci: number) => sum(perFold[ci]!.filter((_, f) => f !== fi).map((s) => s.tally));
    const base = others(0);
    let best = 0;
    let bestRate = rate(base, 'own:ag');
    for (let ci = 1; ci < combinations.length; ci++) {
      const t = others(ci);
      const keeps = ['bbc', 'uci', 'giveme'].every((k) => rate(t, k) >= rate(base, k) - 0.005);
      if (keeps && rate(t, 'own:ag') > bestRate) [best, bestRate] = [ci, rate(t, 'own:ag')];
    }
    chosen.push(best);
    tallies.push(perFold[best]![fi]!.tally);
  }
  process.stdout.write(
    `${JSON.stringify({ nested: chosen.map((ci) => combinations[ci]), ...figuresOf(sum(tallies)) })}\n`,
  );
}
