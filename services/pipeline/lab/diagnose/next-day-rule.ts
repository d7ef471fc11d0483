/**
 * Whether any simple rule tells the next day's reports of one story from a subject's next story:
 * fitted across the tuning sets' labelled next-day pairs with each set one fold (pair-rule-folds.ts),
 * the bar no wrong join in any fold. Reads the measures `next-day-pairs.ts --features` writes
 * (default data/story-joins/next-day-measures.tsv; pairs of the tuning sets read as one or two
 * stories), and prints, per rule family, each fold's joins (right / wrong of its one-story /
 * two-story pairs) with precision and recall. Families: one measure above every training two-story
 * pair's value; the best two-measure AND rule chosen on the training folds; a logistic model over
 * the measures with its threshold above every training two-story pair's score. First, each
 * measure's AUC of one story against two over every labelled pair (pair-rule-folds.ts pairAuc).
 * Run: node --import tsx services/pipeline/lab/diagnose/next-day-rule.ts [measures file]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@trendscope/core';
import { atMost, readCommandLine } from '../command-line';
import {
  aboveEveryTwoStory,
  bestTwoMeasureRule,
  foldResults,
  logisticRule,
  pairAuc,
  type FoldResult,
  type LabelledPair,
  type RuleFitter,
} from '../evaluate/trends/pair-rule-folds';

const DEFAULT_FILE = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'story-joins', 'next-day-measures.tsv');
/** Columns of the measures file that are no measure. */
const NOT_MEASURES = new Set(['set', 'role', 'gold_a', 'gold_b', 'verdict']);
/** A few measures read together (the central headlines', the centroid's and the member sets'). */
const FEW = ['meaning', 'cosine', 'closest', 'near_0.9', 'mean_nearest', 'origin'];

const file = readCommandLine(
  'next-day-rule.ts [measures file, data/story-joins/next-day-measures.tsv]',
  {},
  ({ positionals }) => {
    const [f = DEFAULT_FILE] = atMost(1, positionals);
    return f;
  },
);
const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
const columns = header!.split('\t');
const measures = columns.filter((c) => !NOT_MEASURES.has(c));
const pairs: LabelledPair[] = lines
  .map((line) => Object.fromEntries(line.split('\t').map((v, i) => [columns[i]!, v])))
  .filter((r) => r.role === 'tuning' && (r.verdict === 'one story' || r.verdict === 'two stories'))
  .map((r) => ({
    set: r.set!,
    id: `${r.gold_a} / ${r.gold_b}`,
    oneStory: r.verdict === 'one story',
    values: Object.fromEntries(measures.map((m) => [m, Number(r[m])])),
  }));
const sets = [...new Set(pairs.map((p) => p.set))].sort();
process.stdout.write(
  `${pairs.length} labelled tuning pairs (${pairs.filter((p) => p.oneStory).length} one story, ` +
    `${pairs.filter((p) => !p.oneStory).length} two) in ${sets.length} folds: ` +
    `${sets.map((s) => `${s} ${pairs.filter((p) => p.set === s && p.oneStory).length}/${pairs.filter((p) => p.set === s && !p.oneStory).length}`).join(', ')}\n`,
);

const share = (x: number, of: number): string => (of === 0 ? '-' : (x / of).toFixed(2));
function report(family: string, fit: RuleFitter, perFold: boolean): void {
  const folds: FoldResult[] = foldResults(pairs, fit);
  const right = folds.reduce((s, f) => s + f.right, 0);
  const wrong = folds.reduce((s, f) => s + f.wrong, 0);
  const ones = folds.reduce((s, f) => s + f.oneStory, 0);
  const failed = folds.filter((f) => f.wrong > 0).map((f) => f.set);
  process.stdout.write(
    `${family}: joins ${right} right / ${wrong} wrong; precision ${share(right, right + wrong)}, recall ${share(right, ones)}; ` +
      `${failed.length === 0 ? 'no wrong join in any fold' : `wrong joins in ${failed.join(', ')}`}\n` +
      folds.flatMap((f) => f.wrongIds.map((id) => `  wrong: ${f.set} ${id}\n`)).join(''),
  );
  if (perFold)
    for (const f of folds)
      process.stdout.write(
        `  ${f.set}\t${f.rule}\tright ${f.right} of ${f.oneStory}, wrong ${f.wrong} of ${f.twoStories}\t` +
          `precision ${share(f.right, f.right + f.wrong)}, recall ${share(f.right, f.oneStory)}\n`,
      );
}

process.stdout.write(
  `AUC of one story against two: ${measures.map((m) => `${m} ${pairAuc(pairs, m).toFixed(3)}`).join(', ')}\n`,
);
for (const m of measures) report(`one measure: ${m}`, aboveEveryTwoStory(m), false);
report('two measures, chosen on the training folds', bestTwoMeasureRule(measures), true);
for (const lambda of [0.1, 1, 10]) {
  report(`logistic, all ${measures.length} measures, lambda ${lambda}`, logisticRule(measures, lambda), true);
  report(`logistic, ${FEW.join(' ')}, lambda ${lambda}`, logisticRule(FEW, lambda), true);
}
