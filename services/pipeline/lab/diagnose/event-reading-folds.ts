/**
 * Whether a reading of the event two trends' central headlines report (lab/evaluate/trends/event-reading.ts:
 * the kind of event, its own word, its subject, the later trend naming the earlier's event as past)
 * tells the next day's reports of one story from a subject's next story, where the measures of how
 * alike the two trends' words are could not (docs/lab-notes/trends.md, "The next day's reports",
 * 2026-12-06/07). Read like next-day-rule.ts (pair-rule-folds.ts: each set one fold, a rule's bar above
 * every training two-story pair, no wrong join in any fold the bar to adopt): the read next-day pairs
 * (verdicts and the committed measures of next-day-measures.tsv, central headlines from the sheet
 * `next-day-pairs.ts 0 14 48 <sets> --sheet FILE` writes; the earlier trend first), each event measure
 * alone, with meaning, and with every measure. Then, with the rules fitted on all 67, the other read
 * pools: the at-once pairs (at-once-pairs.tsv verdicts, central headlines from `at-once-pairs.ts`
 * outputs), held-out-pairs.tsv, read-pairs.tsv (the demo's; no meaning column, event rules only) and
 * month-pairs.tsv; their pairs carry no order, so each asymmetric measure is read both ways and the
 * higher kept (the more joins, the harder the test). `--held-out SHEET,MEASURES` (the same two files
 * `next-day-pairs.ts 0 14 48 <held-out sets>` writes) reads the held-out slices' next-day pairs the
 * same way, by their verdicts (a reader's, the corrected labels' one id, or unread). `-v` prints every
 * next-day pair's reading and every pool's joins.
 * Run: node --import tsx services/pipeline/lab/diagnose/event-reading-folds.ts NEXT_DAY_SHEET [AT_ONCE_OUTPUT ...] [-v] [--held-out SHEET,MEASURES]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@trendscope/core';
import { readCommandLine } from '../command-line';
import { backgroundIdf } from '../../src/detect/idf';
import { DEFAULT_REJOIN_OPTIONS } from '../../src/detect/rejoin-stories';
import { AT_ONCE_READINGS, MONTH_READING_FILE, READING_FILES } from '../metrics/corrected-gold';
import {
  aboveEveryTwoStory,
  bestTwoMeasureRule,
  foldResults,
  logisticRule,
  pairAuc,
  type FittedRule,
  type LabelledPair,
  type RuleFitter,
} from '../evaluate/trends/pair-rule-folds';
import { eventPairMeasures, eventReading, type EventPairMeasures } from '../evaluate/trends/event-reading';

const JOINS = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'story-joins');
const MEASURES = path.join(JOINS, 'next-day-measures.tsv');
/** The rejoin's meaning bar: a further test acts only below it. */
const REJOIN_MEANING = DEFAULT_REJOIN_OPTIONS.rejoinMeaning;
/** The event measures, by column name. */
const EVENT: readonly (keyof EventPairMeasures)[] = [
  'kindMatch',
  'wordMatch',
  'newKind',
  'newWord',
  'pastRef',
  'subjectShared',
  'sameEvent',
];
/** Measures where less is one story: read negated, so every rule is "above a bar". */
const LOWER_IS_ONE: ReadonlySet<string> = new Set(['newKind', 'newWord']);

const { sheetFile, atOnceFiles, verbose, heldOut } = readCommandLine(
  'event-reading-folds.ts NEXT_DAY_SHEET [AT_ONCE_OUTPUT ...] [-v] [--held-out HELD_OUT_SHEET,HELD_OUT_MEASURES]',
  { verbose: { type: 'boolean', short: 'v', default: false }, 'held-out': { type: 'string' } },
  ({ positionals, values }) => {
    const [s, ...rest] = positionals;
    if (!s) throw new Error('NEXT_DAY_SHEET is required');
    const files = values['held-out']?.split(',');
    if (files && files.length !== 2) throw new Error('--held-out takes SHEET,MEASURES');
    return { sheetFile: s, atOnceFiles: rest, verbose: values.verbose, heldOut: files as [string, string] | undefined };
  },
);
const idf = backgroundIdf();
const out = (s: string): boolean => process.stdout.write(s);
const bare = (id: string): string => id.replace(/^uci:/, '');
const tsv = (file: string): Record<string, string>[] => {
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  const cols = header!.split('\t');
  return rows.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [cols[i]!, v])));
};

/** The event measures of a pair as rule values (the lower-is-one measures negated). */
function eventValues(m: EventPairMeasures): Record<string, number> {
  return Object.fromEntries(EVENT.map((k) => [k, LOWER_IS_ONE.has(k) ? -m[k] : m[k]]));
}
/** Both orders read, the higher value of each measure kept (pairs of no known order). */
function eitherOrder(a: readonly string[], b: readonly string[]): Record<string, number> {
  const [x, y] = [eventValues(eventPairMeasures(a, b, idf)), eventValues(eventPairMeasures(b, a, idf))];
  return Object.fromEntries(EVENT.map((k) => [k, Math.max(x[k]!, y[k]!)]));
}

// The read next-day pairs: verdict and measures from the committed file, central headlines from the sheet.
const measured = new Map(tsv(MEASURES).map((r) => [`${r.set} ${bare(r.gold_a!)} ${bare(r.gold_b!)}`, r]));
const NOT_MEASURES = new Set(['set', 'role', 'gold_a', 'gold_b', 'verdict']);
const nextDay: (LabelledPair & { a: string[]; b: string[] })[] = [];
for (const s of tsv(sheetFile)) {
  const r = measured.get(`${s.set} ${bare(s.gold_a!)} ${bare(s.gold_b!)}`);
  if (!r || r.role !== 'tuning' || (r.verdict !== 'one story' && r.verdict !== 'two stories')) continue;
  const [a, b] = [s.central_a!.split(' / '), s.central_b!.split(' / ')];
  const values: Record<string, number> = {
    ...Object.fromEntries(
      Object.keys(r)
        .filter((c) => !NOT_MEASURES.has(c))
        .map((c) => [c, Number(r[c])]),
    ),
    ...eventValues(eventPairMeasures(a, b, idf)),
  };
  nextDay.push({
    set: s.set!,
    id: `${bare(s.gold_a!)} / ${bare(s.gold_b!)}`,
    oneStory: r.verdict === 'one story',
    values,
    a,
    b,
  });
}
const others = Object.keys(nextDay[0]?.values ?? {}).filter((k) => !EVENT.includes(k as keyof EventPairMeasures));
out(
  `${nextDay.length} read next-day pairs (${nextDay.filter((p) => p.oneStory).length} one story, ` +
    `${nextDay.filter((p) => !p.oneStory).length} two)\n`,
);

if (verbose) {
  const show = (m: ReadonlyMap<string, number>): string =>
    [...m].map(([k, v]) => `${k}${v > 1 ? `x${v}` : ''}`).join(' ');
  for (const p of [...nextDay].sort((x, y) => x.values.sameEvent! - y.values.sameEvent!)) {
    const [ra, rb] = [eventReading(p.a, idf), eventReading(p.b, idf)];
    out(
      `${p.set}\t${p.oneStory ? 'one' : 'two'}\tmeaning ${p.values.meaning!.toFixed(3)}\t` +
        EVENT.map((k) => `${k} ${p.values[k]!.toFixed(2)}`).join(' ') +
        `\n\tA [${show(ra.classes)}] {${show(ra.events)}} subject "${ra.subject.join(' ')}": ${p.a.join(' / ')}` +
        `\n\tB [${show(rb.classes)}] {${show(rb.events)}} subject "${rb.subject.join(' ')}": ${p.b.join(' / ')}\n`,
    );
  }
}

const share = (x: number, of: number): string => (of === 0 ? '-' : (x / of).toFixed(2));
function report(family: string, fit: RuleFitter): void {
  const folds = foldResults(nextDay, fit);
  const right = folds.reduce((s, f) => s + f.right, 0);
  const wrong = folds.reduce((s, f) => s + f.wrong, 0);
  const ones = folds.reduce((s, f) => s + f.oneStory, 0);
  const failed = folds.filter((f) => f.wrong > 0).map((f) => f.set);
  out(
    `${family}: joins ${right} right / ${wrong} wrong; precision ${share(right, right + wrong)}, recall ${share(right, ones)}; ` +
      `${failed.length === 0 ? 'no wrong join in any fold' : `wrong joins in ${failed.join(', ')}`}\n` +
      folds
        .map(
          (f) =>
            `  ${f.set}\t${f.rule}\tright ${f.right} of ${f.oneStory}, wrong ${f.wrong} of ${f.twoStories}${f.wrongIds.length ? `\t(${f.wrongIds.join('; ')})` : ''}\n`,
        )
        .join(''),
  );
}

out(`AUC of one story against two: ${EVENT.map((m) => `${m} ${pairAuc(nextDay, m).toFixed(3)}`).join(', ')}\n`);
for (const m of EVENT) report(`one measure: ${m}`, aboveEveryTwoStory(m));
report('meaning with one event measure, chosen on the training folds', bestTwoMeasureRule(['meaning', ...EVENT]));
report('two of the event measures, chosen on the training folds', bestTwoMeasureRule(EVENT));
report('two of every measure, chosen on the training folds', bestTwoMeasureRule([...others, ...EVENT]));
for (const lambda of [0.1, 1, 10])
  report(`logistic, meaning and the event measures, lambda ${lambda}`, logisticRule(['meaning', ...EVENT], lambda));

// The other read pools, by rules fitted on all the next-day pairs.
interface PoolPair extends LabelledPair {
  /** The first central headline of each side, for -v. */
  heads: string;
}
const pools: [string, PoolPair[]][] = [];
const verdictOf = (v: string | undefined): boolean | undefined =>
  v === 'one story' ? true : v === 'two stories' || v === 'different' ? false : undefined;
{
  const atOnce = new Map(
    tsv(AT_ONCE_READINGS).map((r) => [`${r.set} ${bare(r.gold_a!)} ${bare(r.gold_b!)}`, r.verdict]),
  );
  const list: PoolPair[] = [];
  for (const file of atOnceFiles) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      const m = /^(\S+)\t.*\tmeaning ([\d.]+)\t.*\tgold (\S+) \/ (\S+)$/.exec(line);
      const one = m ? verdictOf(atOnce.get(`${m[1]} ${bare(m[3]!)} ${bare(m[4]!)}`)) : undefined;
      if (!m || one === undefined) return;
      const [a, b] = [lines[i + 1]!.slice(1).split(' / '), lines[i + 2]!.slice(1).split(' / ')];
      list.push({
        set: m[1]!,
        oneStory: one,
        id: `${m[1]} ${bare(m[3]!)} / ${bare(m[4]!)}`,
        values: { meaning: Number(m[2]), ...eitherOrder(a, b) },
        heads: `${a[0]} / ${b[0]}`,
      });
    });
  }
  pools.push(['at-once', list]);
}
for (const [name, file] of [
  ['demo read pairs', READING_FILES[0]!],
  ['held-out pairs', READING_FILES[1]!],
  ['month pairs', MONTH_READING_FILE],
] as const) {
  const list: PoolPair[] = [];
  for (const r of tsv(file)) {
    const one = verdictOf(r.verdict);
    if (one === undefined) continue;
    const values = eitherOrder(r.central_a!.split(' / '), r.central_b!.split(' / '));
    if (r.meaning !== undefined) values.meaning = Number(r.meaning);
    list.push({
      set: name,
      oneStory: one,
      id: `${bare(r.gold_a!)} / ${bare(r.gold_b!)}`,
      values,
      heads: `${r.central_a!.split(' / ')[0]} / ${r.central_b!.split(' / ')[0]}`,
    });
  }
  pools.push([name, list]);
}
const fitted: [string, FittedRule][] = [
  ...EVENT.map((m) => [m, aboveEveryTwoStory(m)(nextDay)] as [string, FittedRule]),
  ['meaning alone', aboveEveryTwoStory('meaning')(nextDay)],
  ['meaning with one event measure', bestTwoMeasureRule(['meaning', ...EVENT])(nextDay)],
  ['two event measures', bestTwoMeasureRule(EVENT)(nextDay)],
  // Read off the 67 pooled (no fold): the cell of the pooled pairs with no two-story pair; checked on the pools only.
  [
    'meaning >= 0.7 and kindMatch >= 0.8, read off the pooled pairs',
    {
      name: 'meaning >= 0.7 and kindMatch >= 0.8',
      joins: (p) => p.values.meaning! >= 0.7 && p.values.kindMatch! >= 0.8,
    },
  ],
];
for (const [name, list] of pools) {
  const ones = list.filter((p) => p.oneStory).length;
  out(
    `${name}: ${ones} one story, ${list.length - ones} two; AUC ` +
      EVENT.map((m) => `${m} ${pairAuc(list, m).toFixed(3)}`).join(', ') +
      '\n',
  );
  for (const [rule, r] of fitted) {
    const needs = r.name.match(/meaning/) !== null;
    if (needs && list.some((p) => p.values.meaning === undefined)) continue;
    const joined = list.filter((p) => r.joins(p));
    const right = joined.filter((p) => p.oneStory).length;
    const wrong = joined.filter((p) => !p.oneStory);
    // A further joining test only acts on the pairs the rejoin's meaning leaves apart.
    const under = list.filter((p) => p.values.meaning !== undefined && p.values.meaning < REJOIN_MEANING);
    const underJoined = under.filter((p) => r.joins(p));
    const underNote =
      under.length === 0
        ? ''
        : `; under meaning ${REJOIN_MEANING} (${under.filter((p) => p.oneStory).length} one / ${under.filter((p) => !p.oneStory).length} two): ` +
          `${underJoined.filter((p) => p.oneStory).length} right / ${underJoined.filter((p) => !p.oneStory).length} wrong`;
    out(
      `  ${rule} (${r.name}): ${right} right / ${wrong.length} wrong, recall ${share(right, ones)}${underNote}` +
        `${wrong.length ? ` (wrong: ${wrong.map((p) => `${p.id}${p.values.meaning !== undefined && p.values.meaning < REJOIN_MEANING ? ' under' : ''}`).join('; ')})` : ''}\n`,
    );
    if (verbose)
      for (const p of underJoined)
        out(
          `    ${p.oneStory ? 'one' : 'two'}\tmeaning ${p.values.meaning!.toFixed(3)}\tkindMatch ${p.values.kindMatch!.toFixed(2)}\t${p.heads}\n`,
        );
  }
}

// The held-out slices' next-day pairs (`next-day-pairs.ts 0 14 48 <held-out sets> --sheet S --features M`):
// ordered, the earlier first, every pair the rejoin leaves apart past its cheap gates, by its verdict
// (a reader's, else the corrected labels' one id as one story, else unread): what a further test would join.
if (heldOut) {
  const [hs, hm] = heldOut;
  const byKey = new Map(tsv(hm).map((r) => [`${r.set} ${bare(r.gold_a!)} ${bare(r.gold_b!)}`, r]));
  const list: (PoolPair & { verdict: string })[] = [];
  for (const s of tsv(hs)) {
    const r = byKey.get(`${s.set} ${bare(s.gold_a!)} ${bare(s.gold_b!)}`);
    if (!r) continue;
    const [a, b] = [s.central_a!.split(' / '), s.central_b!.split(' / ')];
    list.push({
      set: s.set!,
      id: `${s.set} ${bare(s.gold_a!)} / ${bare(s.gold_b!)}`,
      oneStory: r.verdict === 'one story',
      verdict: r.verdict!,
      values: { meaning: Number(r.meaning), ...eventValues(eventPairMeasures(a, b, idf)) },
      heads: `${a[0]} / ${b[0]}`,
    });
  }
  const count = (ps: readonly { verdict: string }[], v: string): number => ps.filter((p) => p.verdict === v).length;
  const verdicts = [...new Set(list.map((p) => p.verdict))].sort();
  out(
    `held-out next-day pairs: ${list.length} (${verdicts.map((v) => `${count(list, v)} ${v}`).join(', ')}); ` +
      `AUC ${['meaning', ...EVENT]
        .map(
          (m) =>
            `${m} ${pairAuc(
              list.filter((p) => p.verdict === 'one story' || p.verdict === 'two stories'),
              m,
            ).toFixed(3)}`,
        )
        .join(', ')}\n`,
  );
  for (const [rule, r] of fitted) {
    const joined = list.filter((p) => r.joins(p));
    out(`  ${rule} (${r.name}): ${verdicts.map((v) => `${count(joined, v)} ${v}`).join(', ')}\n`);
    if (verbose)
      for (const p of joined)
        out(
          `    ${p.verdict}\tmeaning ${p.values.meaning!.toFixed(3)}\tkindMatch ${p.values.kindMatch!.toFixed(2)}\t${p.id}\t${p.heads}\n`,
        );
  }
}
