/**
 * Rules that would join two trends a reader calls one story, fitted and checked across sets (each
 * set one fold: fitted on the others, read on it). The bar every rule is held to: no pair read as two
 * stories joined on the training folds, so a rule's threshold sits above every training two-story
 * pair's value; a fold's wrong joins are then what the rule does on pairs it was not fitted on.
 */

/** One labelled pair of trends: its set (the fold), whether a reader read one story, its measures by name. */
export interface LabelledPair {
  set: string;
  /** The pair's name in reports (its two gold ids). */
  id: string;
  oneStory: boolean;
  values: Readonly<Record<string, number>>;
}

/** A rule fitted on the training folds: its description and whether it joins a pair. */
export interface FittedRule {
  name: string;
  joins: (p: LabelledPair) => boolean;
}

/** What a rule did on one held-out fold. */
export interface FoldResult {
  set: string;
  rule: string;
  /** Pairs read as one story that the rule joins. */
  right: number;
  /** Pairs read as two stories that the rule joins. */
  wrong: number;
  /** Pairs read as one story in the fold. */
  oneStory: number;
  /** Pairs read as two stories in the fold. */
  twoStories: number;
  /** The ids of the two-story pairs the rule joins. */
  wrongIds: string[];
}

/** Fits a rule on `train` (every pair of the other folds). */
export type RuleFitter = (train: readonly LabelledPair[]) => FittedRule;

/** Leave-one-set-out: per set, the rule fitted on every other set's pairs, read on this set's. */
export function foldResults(pairs: readonly LabelledPair[], fit: RuleFitter): FoldResult[] {
  const sets = [...new Set(pairs.map((p) => p.set))].sort();
  return sets.map((set) => {
    const rule = fit(pairs.filter((p) => p.set !== set));
    const test = pairs.filter((p) => p.set === set);
    const joined = test.filter(rule.joins);
    return {
      set,
      rule: rule.name,
      right: joined.filter((p) => p.oneStory).length,
      wrong: joined.filter((p) => !p.oneStory).length,
      oneStory: test.filter((p) => p.oneStory).length,
      twoStories: test.filter((p) => !p.oneStory).length,
      wrongIds: joined.filter((p) => !p.oneStory).map((p) => p.id),
    };
  });
}

/**
 * The area under the ROC curve of `measure` for one story against two: the chance that a one-story
 * pair reads higher than a two-story pair (ties half). Threshold-free, so encoders whose cosines sit
 * on different scales compare; NaN when either verdict is missing. Reads only each pair's verdict and
 * measures, so lab tools score their own pairs through it.
 */
export function pairAuc(pairs: readonly Pick<LabelledPair, 'oneStory' | 'values'>[], measure: string): number {
  const ones = pairs.filter((p) => p.oneStory).map((p) => p.values[measure]!);
  const twos = pairs.filter((p) => !p.oneStory).map((p) => p.values[measure]!);
  let won = 0;
  for (const a of ones) for (const b of twos) won += a > b ? 1 : a === b ? 0.5 : 0;
  return ones.length === 0 || twos.length === 0 ? NaN : won / (ones.length * twos.length);
}

/** The lowest threshold on `measure` above every training two-story pair's value (none joined on training). */
export function aboveEveryTwoStory(measure: string): RuleFitter {
  return (train) => {
    const bar = Math.max(-Infinity, ...train.filter((p) => !p.oneStory).map((p) => p.values[measure]!));
    return { name: `${measure} > ${bar.toFixed(3)}`, joins: (p) => p.values[measure]! > bar };
  };
}

/**
 * The rule "a >= s AND b >= t" over every pair of `measures` and every pair of thresholds taken from
 * the training one-story pairs' values, that joins the most training one-story pairs with no training
 * two-story pair (ties: the higher thresholds, the more cautious). The measures are chosen on the
 * training folds too (nested), so the held-out fold says what choosing such a rule does.
 */
export function bestTwoMeasureRule(measures: readonly string[]): RuleFitter {
  return (train) => {
    const ones = train.filter((p) => p.oneStory);
    const twos = train.filter((p) => !p.oneStory);
    let best: { joins: number; a: string; b: string; s: number; t: number } | undefined;
    for (let i = 0; i < measures.length; i++)
      for (let j = i + 1; j < measures.length; j++) {
        const [a, b] = [measures[i]!, measures[j]!];
        const ss = [...new Set(ones.map((p) => p.values[a]!))];
        const ts = [...new Set(ones.map((p) => p.values[b]!))];
        for (const s of ss)
          for (const t of ts) {
            if (twos.some((p) => p.values[a]! >= s && p.values[b]! >= t)) continue;
            const joins = ones.filter((p) => p.values[a]! >= s && p.values[b]! >= t).length;
            if (!best || joins > best.joins || (joins === best.joins && s + t > best.s + best.t))
              best = { joins, a, b, s, t };
          }
      }
    if (!best) return { name: 'none', joins: () => false };
    const { a, b, s, t } = best;
    return {
      name: `${a} >= ${s.toFixed(3)} and ${b} >= ${t.toFixed(3)}`,
      joins: (p) => p.values[a]! >= s && p.values[b]! >= t,
    };
  };
}

/** Gradient steps of the logistic fit (full batch), and its step size on standardised measures. */
const LOGISTIC_STEPS = 3_000;
const LOGISTIC_RATE = 0.1;

/**
 * A logistic model on `measures` (each standardised on the training pairs, L2 penalty `lambda`),
 * joining a pair when its score is above every training two-story pair's score.
 */
export function logisticRule(measures: readonly string[], lambda: number): RuleFitter {
  return (train) => {
    const n = train.length;
    const mean = measures.map((m) => train.reduce((s, p) => s + p.values[m]!, 0) / n);
    const sd = measures.map((m, i) =>
      Math.max(1e-9, Math.sqrt(train.reduce((s, p) => s + (p.values[m]! - mean[i]!) ** 2, 0) / n)),
    );
    const x = (p: LabelledPair): number[] => measures.map((m, i) => (p.values[m]! - mean[i]!) / sd[i]!);
    const xs = train.map(x);
    const w = measures.map(() => 0);
    let bias = 0;
    for (let step = 0; step < LOGISTIC_STEPS; step++) {
      const gw = w.map((wi) => (lambda * wi) / n);
      let gb = 0;
      xs.forEach((xi, k) => {
        const z = bias + xi.reduce((s, v, i) => s + v * w[i]!, 0);
        const err = 1 / (1 + Math.exp(-z)) - (train[k]!.oneStory ? 1 : 0);
        xi.forEach((v, i) => (gw[i]! += (err * v) / n));
        gb += err / n;
      });
      w.forEach((_, i) => (w[i]! -= LOGISTIC_RATE * gw[i]!));
      bias -= LOGISTIC_RATE * gb;
    }
    const score = (p: LabelledPair): number => bias + x(p).reduce((s, v, i) => s + v * w[i]!, 0);
    const bar = Math.max(-Infinity, ...train.filter((p) => !p.oneStory).map(score));
    return { name: `logistic on ${measures.length} measures, lambda ${lambda}`, joins: (p) => score(p) > bar };
  };
}
