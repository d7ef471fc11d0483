/**
 * Whether a learned "same event" metric on headline pairs (lab/evaluate/trends/same-event-model.ts)
 * tells the next day's reports of one story from a subject's next story where raw encoder meaning
 * cannot (docs/lab-notes/trends.md, 2026-12-06 night). Trained on UCI headline pairs
 * (lab/evaluate/trends/same-event-pairs.ts) of the tuning and pair-reading sets' rows and the rows in no set,
 * never on a story of a held-out set, of the demo or of a held-out pair read (month pairs are read
 * only where neither story was trained on); cross-fitted by set: the model that scores a set's read
 * pairs never saw that set's stories.
 * Then read like next-day-rule.ts (pair-rule-folds.ts: each set one fold, the bar above every training
 * two-story pair): the read next-day pairs (next-day-measures.tsv verdicts, central headlines from
 * the sheet `next-day-pairs.ts 0 14 48 <sets> --sheet FILE` writes), the at-once pairs (at-once-pairs.tsv
 * verdicts, central headlines from `at-once-pairs.ts 0.45 12 <sets>`'s output), and with the model of
 * every tuning story, read-pairs.tsv (the demo's), held-out-pairs.tsv and month-pairs.tsv. Run
 * under PIPELINE_ENCODER to read every measure with another encoder. Trend score: mean or max of the pair
 * score over the two trends' central headlines; beside it raw meaning (the rejoin's: cosine of the
 * central headlines' mean) and the mean / max cosine.
 * `--other-day` keeps only the positives of one story on different days. `--model FILE` writes the
 * model of every training story (lambda kept by the folds' UCI headline pairs).
 * Run: node --import tsx services/pipeline/lab/diagnose/same-event-folds.ts NEXT_DAY_SHEET AT_ONCE_OUTPUT [--lambda 0.1,1,10] [--steps 300] [--other-day] [--model FILE]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@trendscope/core';
import { atMost, numberList, oneNumber, readCommandLine } from '../command-line';
import { CLUSTER_SETS, clusterSet } from '../corpus/cluster-sets';
import { loadUci, UCI_FILES, type UciRow } from '../corpus/uci.corpus';
import { DEMO_UCI_ROWS } from '../evaluate/trends/demo-trends';
import { cachedEmbeddings } from '../evaluate/classifier/sentence-embeddings';
import { activeEncoder } from '../../src/embed/encoder-files';
import { dot, unit } from '../../src/text/word-vectors';
import {
  articleLabeller,
  AT_ONCE_READINGS,
  correctedGold,
  loadReadings,
  MONTH_READING_FILE,
  READING_FILES,
} from '../metrics/corrected-gold';
import { foldResults, pairAuc, type LabelledPair, type RuleFitter } from '../evaluate/trends/pair-rule-folds';
import { headlinePairs, storyHeadlines, type HeadlinePair } from '../evaluate/trends/same-event-pairs';
import {
  DEFAULT_STEPS,
  fitSameEventModel,
  sameEventScore,
  trendPairScore,
  type SameEventModel,
} from '../evaluate/trends/same-event-model';

const JOINS = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'story-joins');
const NEXT_DAY_READINGS = path.join(JOINS, 'next-day-pairs.tsv');
const MEASURES = path.join(JOINS, 'next-day-measures.tsv');
const HELD_OUT_PAIRS = READING_FILES[1]!;
/** The demo's pairs read (read-pairs.tsv): the demo's stories are never trained on either. */
const DEMO_PAIRS = READING_FILES[0]!;

const { sheetFile, atOnceFile, lambdas, steps, modelFile, otherDay } = readCommandLine(
  'same-event-folds.ts NEXT_DAY_SHEET AT_ONCE_OUTPUT [--lambda 0.1,1,10] [--steps 300] [--other-day] [--model FILE]',
  {
    lambda: { type: 'string' },
    steps: { type: 'string' },
    model: { type: 'string' },
    'other-day': { type: 'boolean' },
  },
  ({ positionals, values }) => {
    const [s, a] = atMost(2, positionals);
    if (!s || !a) throw new Error('NEXT_DAY_SHEET and AT_ONCE_OUTPUT are required');
    return {
      sheetFile: s,
      atOnceFile: a,
      lambdas: numberList(values.lambda ?? '0.1,1,10'),
      steps: oneNumber(values.steps ?? String(DEFAULT_STEPS)),
      modelFile: values.model,
      otherDay: values['other-day'] ?? false,
    };
  },
);
const bare = (id: string): string => id.replace(/^uci:/, '');
const out = (s: string): boolean => process.stdout.write(s);

// Stories as read: every reading file's one-story verdicts merge ids, split rows read ids apart.
const readings = [...READING_FILES, MONTH_READING_FILE, NEXT_DAY_READINGS, AT_ONCE_READINGS].flatMap(loadReadings);
const label = articleLabeller(correctedGold(readings));
const storyOf = (r: UciRow): string => label(`uci-${r.id}`, r.story);

// Rows by set: the folds (the demo, the tuning and pair-reading UCI sets) and the rows in no set.
const [march1, march2, april] = UCI_FILES.map((f) => loadUci([f]));
const FOLD_SETS = ['apr-0', 'apr-10', 'apr-20', 'apr-40', 'mar2-10', 'mar2-30', 'mar2-50'];
const rowsOfSet = new Map<string, UciRow[]>();
for (const key of [...FOLD_SETS, ...CLUSTER_SETS.filter((s) => s.role === 'held out').map((s) => s.key)]) {
  if (key.startsWith('giveme')) continue;
  const ids = new Set(
    clusterSet(key)!
      .load()
      .articles.map((a) => a.id),
  );
  rowsOfSet.set(
    key,
    [...march1!, ...march2!, ...april!].filter((r) => ids.has(`uci-${r.id}`)),
  );
}
rowsOfSet.set('demo', march1!.slice(0, DEMO_UCI_ROWS));
const inNoSet = [...march1!.slice(DEMO_UCI_ROWS), ...march2!.slice(60_000)];
const storiesOf = (key: string): Set<string> => new Set(rowsOfSet.get(key)!.map(storyOf));
// Never trained on: the held-out sets' and the demo's stories, and every story of a held-out pair read
// (month pairs are read only where neither story was trained on, below).
const never = new Set([
  ...[
    'demo',
    ...CLUSTER_SETS.filter((s) => s.role === 'held out' && !s.key.startsWith('giveme')).map((s) => s.key),
  ].flatMap((k) => [...storiesOf(k)]),
  ...loadReadings(HELD_OUT_PAIRS).flatMap((r) => [label(undefined, r.a), label(undefined, r.b)]),
]);
const universe = [...FOLD_SETS.flatMap((k) => rowsOfSet.get(k)!), ...inNoSet].filter((r) => !never.has(storyOf(r)));
const stories = storyHeadlines(universe, storyOf);
out(
  `training rows ${universe.length} (${inNoSet.length} in no set), ${stories.length} stories; ` +
    `${never.size} stories never trained on\n`,
);

// Every central headline of the read pairs, and the training representatives, embedded once.
interface ReadPair {
  file: string;
  set: string;
  id: string;
  oneStory: boolean;
  a: string[];
  b: string[];
}
const read: ReadPair[] = [];
const verdictKey = (set: string, a: string, b: string): string => `${set} ${bare(a)} ${bare(b)}`;
{
  const measures = readFileSync(MEASURES, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  const verdict = new Map(measures.map((f) => [verdictKey(f[0]!, f[2]!, f[3]!), f[4]!]));
  const sheet = readFileSync(sheetFile, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  for (const f of sheet) {
    const v = verdict.get(verdictKey(f[0]!, f[1]!, f[2]!));
    if (v !== 'one story' && v !== 'two stories') continue;
    const a = f[6]!.split(' / ');
    const b = f[7]!.split(' / ');
    read.push({
      file: 'next-day',
      set: f[0]!,
      id: `${bare(f[1]!)} / ${bare(f[2]!)}`,
      oneStory: v === 'one story',
      a,
      b,
    });
  }
  const atOnce = new Map(
    readFileSync(AT_ONCE_READINGS, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => {
        const f = l.split('\t');
        return [verdictKey(f[1]!, f[2]!, f[3]!), f[0]!] as const;
      }),
  );
  const lines = readFileSync(atOnceFile, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const m = /^(\S+)\t.*\tgold (\S+) \/ (\S+)$/.exec(line);
    if (!m) return;
    const v = atOnce.get(verdictKey(m[1]!, m[2]!, m[3]!));
    if (v !== 'one story' && v !== 'two stories') return;
    const [a, b] = [lines[i + 1]!.slice(1).split(' / '), lines[i + 2]!.slice(1).split(' / ')];
    read.push({
      file: 'at-once',
      set: m[1]!,
      id: `${bare(m[2]!)} / ${bare(m[3]!)}`,
      oneStory: v === 'one story',
      a,
      b,
    });
  });
  for (const [file, name] of [
    [DEMO_PAIRS, 'demo'],
    [HELD_OUT_PAIRS, 'held-out'],
    [MONTH_READING_FILE, 'month'],
  ] as const) {
    const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
    const cols = header!.split('\t');
    const at = (c: string): number => cols.indexOf(c);
    const trained = new Set(stories.map((s) => s.story));
    for (const l of rows) {
      const f = l.split('\t');
      const v = f[at('verdict')]!;
      if (v === 'unsettled') continue;
      // A month pair of a story the models were trained on is not read (its stories run over every set).
      if ([f[at('gold_a')]!, f[at('gold_b')]!].some((g) => trained.has(label(undefined, bare(g))))) continue;
      read.push({
        file: name,
        set: at('set') >= 0 ? f[at('set')]! : name,
        id: `${bare(f[at('gold_a')]!)} / ${bare(f[at('gold_b')]!)}`,
        oneStory: v === 'one story',
        a: f[at('central_a')]!.split(' / '),
        b: f[at('central_b')]!.split(' / '),
      });
    }
  }
}
for (const name of ['next-day', 'at-once', 'demo', 'held-out', 'month'])
  out(
    `${name} pairs: ${read.filter((p) => p.file === name && p.oneStory).length} one story, ` +
      `${read.filter((p) => p.file === name && !p.oneStory).length} two\n`,
  );
const embed = await cachedEmbeddings(
  [...stories.flatMap((s) => s.titles), ...read.flatMap((p) => [...p.a, ...p.b])],
  activeEncoder(),
  'headlines',
);

// --other-day: positives of one story on different days only (the next day's class).
const pairs = headlinePairs(stories, embed).filter((p) => !otherDay || p.kind !== 'same day');
const count = (kind: HeadlinePair['kind']): number => pairs.filter((p) => p.kind === kind).length;
out(
  `headline pairs: ${count('other day')} of one story on different days, ${count('same day')} on one day, ` +
    `${count('same subject')} of two stories of one subject\n`,
);

// Per lambda, one model per fold (the demo's: every training story), fitted without the fold's stories;
// the lambda kept is the one of the best mean AUC on the folds' own UCI headline pairs (no read pair).
let models = new Map<string, SameEventModel>();
let best = -Infinity;
for (const lambda of lambdas) {
  const fitted = new Map<string, SameEventModel>();
  const aucs: number[] = [];
  for (const fold of ['demo', ...FOLD_SETS]) {
    const held = storiesOf(fold);
    const train = pairs.filter((p) => !held.has(p.stories[0]) && !held.has(p.stories[1]));
    const test = pairs.filter((p) => held.has(p.stories[0]) && held.has(p.stories[1]));
    const started = Date.now();
    const model = fitSameEventModel(
      train.map((p) => ({ a: embed(p.a)!, b: embed(p.b)!, same: p.same })),
      lambda,
      steps,
    );
    fitted.set(fold, model);
    // The AUC of `f` on the fold's own headline pairs (one story against two).
    const auc = (f: (a: Float32Array, b: Float32Array) => number): number =>
      pairAuc(
        test.map((p) => ({ oneStory: p.same, values: { s: f(embed(p.a)!, embed(p.b)!) } })),
        's',
      );
    if (test.length > 0) aucs.push(auc((a, b) => sameEventScore(model, a, b)));
    out(
      `lambda ${lambda} fold ${fold}: trained on ${train.length} pairs (${model.pairs.same} one story) in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
        `its own ${test.length} headline pairs: AUC model ${auc((a, b) => sameEventScore(model, a, b)).toFixed(3)}, ` +
        `cosine ${auc(dot).toFixed(3)}\n`,
    );
  }
  const meanAuc = aucs.reduce((x, y) => x + y, 0) / aucs.length;
  out(`lambda ${lambda}: mean fold AUC ${meanAuc.toFixed(3)}\n`);
  if (meanAuc > best) [best, models] = [meanAuc, fitted];
}
out(`kept lambda ${models.get('demo')!.lambda}\n`);
if (modelFile) writeFileSync(modelFile, `${JSON.stringify(models.get('demo'))}\n`);

// Each read pair's measures: by its fold's model (a set of the folds) or the demo's (every training story).
const vectors = (hs: readonly string[]): Float32Array[] =>
  hs.map(embed).filter((v): v is Float32Array => v !== undefined);
function measuresOf(p: ReadPair, model: SameEventModel): Record<string, number> {
  const [as, bs] = [vectors(p.a), vectors(p.b)];
  const mean = (vs: Float32Array[]): Float32Array => {
    const s = new Float32Array(vs[0]!.length);
    for (const v of vs) for (let d = 0; d < v.length; d++) s[d]! += v[d]!;
    return unit(s)!;
  };
  const score = (a: Float32Array, b: Float32Array): number => sameEventScore(model, a, b);
  return {
    meaning: dot(mean(as), mean(bs)),
    cosine_mean: trendPairScore(dot, as, bs, 'mean')!,
    cosine_max: trendPairScore(dot, as, bs, 'max')!,
    model_mean: trendPairScore(score, as, bs, 'mean')!,
    model_max: trendPairScore(score, as, bs, 'max')!,
  };
}
const MEASURE_NAMES = ['meaning', 'cosine_mean', 'cosine_max', 'model_mean', 'model_max'];
const modelOf = (set: string): SameEventModel => models.get(models.has(set) ? set : 'demo')!;
// Per pair: its measures by its own fold's model, and by every fold's model (the training folds' bars).
const labelled = (p: ReadPair): LabelledPair => {
  const own = measuresOf(p, modelOf(p.set));
  const byFold = Object.fromEntries(
    [...models].flatMap(([fold, m]) =>
      Object.entries(measuresOf(p, m))
        .filter(([k]) => k.startsWith('model'))
        .map(([k, v]) => [`${k}@${fold}`, v]),
    ),
  );
  return { set: p.set, id: p.id, oneStory: p.oneStory, values: { ...own, ...byFold } };
};
const nextDay = read.filter((p) => p.file === 'next-day').map(labelled);

/**
 * The bar of a measure over the training folds' two-story pairs: `own` reads each training pair by its
 * own fold's model (none of them saw the pair's set); `inSample` by the left-out fold's model, which
 * was trained on the training folds' stories (their two-story pairs' headlines may be its negatives).
 */
const setsOf = [...new Set(nextDay.map((p) => p.set))];
function bar(measure: string, train: readonly LabelledPair[], test: string, how: 'own' | 'inSample'): number {
  const key =
    how === 'own' || !measure.startsWith('model') ? measure : `${measure}@${models.has(test) ? test : 'demo'}`;
  return Math.max(-Infinity, ...train.filter((p) => !p.oneStory).map((p) => p.values[key]!));
}
function fitter(measure: string, how: 'own' | 'inSample'): RuleFitter {
  return (train) => {
    const test = setsOf.find((s) => !train.some((p) => p.set === s))!;
    const b = bar(measure, train, test, how);
    return { name: `${measure} > ${b.toFixed(3)}`, joins: (p) => p.values[measure]! > b };
  };
}
const share = (x: number, of: number): string => (of === 0 ? '-' : (x / of).toFixed(2));
out(`next-day pairs by fold (${setsOf.sort().join(', ')}); a bar above every training two-story pair\n`);
for (const how of ['own', 'inSample'] as const)
  for (const m of MEASURE_NAMES) {
    if (how === 'inSample' && !m.startsWith('model')) continue;
    const folds = foldResults(nextDay, fitter(m, how));
    const right = folds.reduce((s, f) => s + f.right, 0);
    const wrong = folds.reduce((s, f) => s + f.wrong, 0);
    const ones = folds.reduce((s, f) => s + f.oneStory, 0);
    const failed = folds.filter((f) => f.wrong > 0).map((f) => f.set);
    out(
      `  ${m}${m.startsWith('model') ? ` (bar read ${how === 'own' ? "by each training pair's own fold model" : "by the left-out fold's model"})` : ''}: ` +
        `${right} right / ${wrong} wrong; precision ${share(right, right + wrong)}, recall ${share(right, ones)}; ` +
        `${failed.length === 0 ? 'no wrong join in any fold' : `wrong joins in ${failed.join(', ')}`}\n` +
        folds
          .map(
            (f) =>
              `    ${f.set}\t${f.rule}\tright ${f.right} of ${f.oneStory}, wrong ${f.wrong} of ${f.twoStories}${f.wrongIds.length ? ` (${f.wrongIds.join('; ')})` : ''}\n`,
          )
          .join(''),
    );
  }

// The ranges by verdict (each pair by its own fold's model), and the highest two-story pairs.
for (const m of MEASURE_NAMES) {
  const of = (one: boolean): number[] => nextDay.filter((p) => p.oneStory === one).map((p) => p.values[m]!);
  const sorted = (xs: number[]): string =>
    xs
      .sort((x, y) => y - x)
      .slice(0, 8)
      .map((x) => x.toFixed(2))
      .join(' ');
  out(
    `  ${m}: one story highest ${sorted(of(true))}; two stories highest ${sorted(of(false))}; AUC ${pairAuc(nextDay, m).toFixed(3)}\n`,
  );
}

// The other read files: at-once pairs by their fold's model and bar; held-out and month pairs by the
// model of every training story, its bar above every next-day two-story pair (read by each pair's own fold model).
out('other read pairs (joins right / wrong of one story / two)\n');
for (const name of ['at-once', 'demo', 'held-out', 'month']) {
  const ps = read.filter((p) => p.file === name);
  for (const m of MEASURE_NAMES) {
    let right = 0;
    let wrong = 0;
    const wrongIds: string[] = [];
    for (const p of ps) {
      const lp = labelled(p);
      const train = nextDay.filter((q) => q.set !== p.set);
      const b = bar(m, train, p.set, 'own');
      if (lp.values[m]! > b) {
        if (p.oneStory) right++;
        else {
          wrong++;
          wrongIds.push(`${p.set} ${p.a[0]} | ${p.b[0]}`);
        }
      }
    }
    const ones = ps.filter((p) => p.oneStory).length;
    out(
      `  ${name} ${m}: ${right} / ${wrong} of ${ones} / ${ps.length - ones}; precision ${share(right, right + wrong)}, recall ${share(right, ones)}; ` +
        `AUC ${pairAuc(ps.map(labelled), m).toFixed(3)}\n` +
        wrongIds.map((w) => `    wrong: ${w}\n`).join(''),
    );
  }
}
