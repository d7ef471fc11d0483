/**
 * Whether the outlets of two UCI stories tell one story split from two stories, on the pairs read by
 * hand (data/story-joins: read-pairs, held-out-pairs, next-day-measures, at-once-pairs,
 * month-pairs). The idea measured: one outlet rarely runs two reports of one story the same day, while
 * two stories about one subject are often both covered by the same outlets, so a split story's two
 * sides would share fewer outlets. Per pair, over every UCI row of each id: the outlets (host names)
 * of each side, how many the two share, that as a share of the smaller side's outlets, and the shared
 * outlets whose rows on the two sides are within `hours` of each other (the same day's second
 * report). Prints, per file, each measure's distribution by verdict and the chance that a one-story
 * pair shares less than a two-story one (the AUC the idea needs well above 0.5); `-v` every pair.
 * Run: node --import tsx services/pipeline/lab/diagnose/pair-publishers.ts [hours, default 24] [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@trendscope/core';
import { atMost, oneNumber, readCommandLine } from '../command-line';
import { loadUci, type UciRow } from '../corpus/uci.corpus';
import { pairAuc } from '../evaluate/trends/pair-rule-folds';

const { hours, verbose } = readCommandLine(
  'pair-publishers.ts [hours, default 24] [-v]',
  { verbose: { type: 'boolean', short: 'v', default: false } },
  ({ values, positionals }) => {
    const [h = '24'] = atMost(1, positionals);
    return { hours: oneNumber(h), verbose: values.verbose };
  },
);

const JOINS = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'story-joins');
/** Each reading file with the columns of its verdict and its two gold ids. */
const FILES: [string, string, string, string][] = [
  ['read-pairs.tsv', 'verdict', 'gold_a', 'gold_b'],
  ['held-out-pairs.tsv', 'verdict', 'gold_a', 'gold_b'],
  ['next-day-measures.tsv', 'verdict', 'gold_a', 'gold_b'],
  ['at-once-pairs.tsv', 'verdict', 'gold_a', 'gold_b'],
  ['month-pairs.tsv', 'verdict', 'gold_a', 'gold_b'],
];

const byStory = new Map<string, UciRow[]>();
for (const r of loadUci()) {
  let rows = byStory.get(r.story);
  if (!rows) byStory.set(r.story, (rows = []));
  rows.push(r);
}

interface Measured {
  one: boolean;
  a: string;
  b: string;
  outlets: [number, number];
  shared: number;
  share: number;
  sameDay: number;
  sameDayShare: number;
}

/** The outlet measures of two UCI ids, undefined when either has no rows or both are one id. */
function measure(a: string, b: string, one: boolean): Measured | undefined {
  const ra = byStory.get(a);
  const rb = byStory.get(b);
  if (!ra || !rb || a === b) return undefined;
  const hostsOf = (rows: UciRow[]): Map<string, number[]> => {
    const m = new Map<string, number[]>();
    for (const r of rows) m.set(r.hostname, [...(m.get(r.hostname) ?? []), r.timestamp]);
    return m;
  };
  const ha = hostsOf(ra);
  const hb = hostsOf(rb);
  let shared = 0;
  let sameDay = 0;
  for (const [h, times] of ha) {
    const other = hb.get(h);
    if (!other) continue;
    shared++;
    if (times.some((t) => other.some((u) => Math.abs(t - u) <= hours * 3_600_000))) sameDay++;
  }
  const least = Math.min(ha.size, hb.size);
  return {
    one,
    a,
    b,
    outlets: [ha.size, hb.size],
    shared,
    share: shared / least,
    sameDay,
    sameDayShare: sameDay / least,
  };
}

/**
 * Chance that a one-story pair's value is below a two-story pair's (ties half): pairAuc with the
 * verdicts swapped, the chance that a two-story pair's value is above a one-story pair's.
 */
function auc(pairs: readonly Measured[], value: (m: Measured) => number): number {
  return pairAuc(
    pairs.map((p) => ({ oneStory: !p.one, values: { v: value(p) } })),
    'v',
  );
}

function quartiles(values: number[]): string {
  if (values.length === 0) return '-';
  const v = [...values].sort((x, y) => x - y);
  const q = (p: number): string => v[Math.min(v.length - 1, Math.floor(p * (v.length - 1)))]!.toFixed(2);
  return `${q(0)} ${q(0.25)} ${q(0.5)} ${q(0.75)} ${q(1)}`;
}

process.stdout.write(`same-day window: ${hours} h; quartiles min q1 median q3 max\n`);
for (const [file, verdictColumn, aColumn, bColumn] of FILES) {
  const [head, ...lines] = readFileSync(path.join(JOINS, file), 'utf8').trimEnd().split('\n');
  const columns = head!.split('\t');
  const at = (name: string): number => columns.indexOf(name);
  const pairs: Measured[] = [];
  let skipped = 0;
  for (const line of lines) {
    const cells = line.split('\t');
    const verdict = cells[at(verdictColumn)]!;
    const one = verdict === 'one story';
    if (!one && verdict !== 'two stories' && verdict !== 'different') continue;
    const id = (c: string): string => cells[at(c)]!.replace(/^uci:/u, '');
    const m = measure(id(aColumn), id(bColumn), one);
    if (m) pairs.push(m);
    else skipped++;
  }
  const ones = pairs.filter((p) => p.one);
  const twos = pairs.filter((p) => !p.one);
  process.stdout.write(
    `${file}: ${ones.length} one-story / ${twos.length} two-story pairs (${skipped} not measurable)\n`,
  );
  const rows: [string, (m: Measured) => number][] = [
    ['shared outlets', (m) => m.shared],
    ['shared share of smaller', (m) => m.share],
    [`shared within ${hours} h`, (m) => m.sameDay],
    [`within ${hours} h share`, (m) => m.sameDayShare],
  ];
  for (const [name, value] of rows) {
    process.stdout.write(
      `  ${name.padEnd(24)} one ${quartiles(ones.map(value)).padEnd(26)} two ${quartiles(twos.map(value)).padEnd(26)} AUC ${auc(pairs, value).toFixed(3)}\n`,
    );
  }
  if (!verbose) continue;
  for (const p of pairs.sort((x, y) => x.sameDayShare - y.sameDayShare)) {
    process.stdout.write(
      `    ${p.one ? 'one' : 'two'}  ${p.outlets[0]}/${p.outlets[1]} outlets, shared ${p.shared} (${p.share.toFixed(2)}), within ${hours} h ${p.sameDay} (${p.sameDayShare.toFixed(2)})  ${p.a} ${p.b}\n`,
    );
  }
}
