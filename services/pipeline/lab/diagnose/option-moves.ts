/**
 * What clustering options change on one evaluation set (cluster-sets.ts): the set clustered with
 * the defaults and with the options, the story rejoin after each, as cluster-figures.ts does; then
 * every final trend of either run whose members the other run does not hold as one trend, with its
 * members by corrected gold story (corrected-gold.ts) and headlines, and the B-cubed precision each
 * such trend gives its members (the share of a member's trend in its own story, averaged), so a
 * fall in precision is read where it happens.
 * Run: node --import tsx services/pipeline/lab/diagnose/option-moves.ts <set key> '<clustering options as JSON>' [headlines per trend, default 6]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, readCommandLine } from '../command-line';
import { clusterArticles, type ClusterOptions } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import type { RejoinOptions } from '../../src/detect/rejoin-stories';
import { rejoinedAssignments } from '../evaluate/trends/rejoined';
import { correctLabels } from '../metrics/corrected-gold';
import { clusterSet, FIGURES_NOW } from '../corpus/cluster-sets';

const { key, options, shown } = readCommandLine(
  "option-moves.ts <set key> '<clustering options as JSON>' [headlines per trend]",
  {},
  ({ positionals }) => {
    const [k = 'apr-0', json = '{}', n = '6'] = atMost(3, positionals);
    return { key: k, options: jsonOptions<Partial<ClusterOptions & RejoinOptions>>(json), shown: Number(n) };
  },
);
const set = clusterSet(key);
if (!set) throw new Error(`unknown set ${key}`);
const { articles, gold } = set.load();
const read = correctLabels(gold);
const idf = backgroundIdf();
const title = new Map(articles.map((a) => [a.id, a.title]));

async function trendsOf(opts: Partial<ClusterOptions & RejoinOptions>): Promise<Map<string, string[]>> {
  const pass = clusterArticles(articles, [], { now: FIGURES_NOW, idf, ...opts }).assignments;
  const final = await rejoinedAssignments(articles, pass, idf, opts);
  const groups = new Map<string, string[]>();
  for (const [a, t] of final) groups.set(t, [...(groups.get(t) ?? []), a]);
  return groups;
}

const signature = (ids: readonly string[]): string => [...ids].sort().join(' ');
/** Members' summed B-cubed precision within their trend (each member: share of the trend in its story). */
const precisionSum = (ids: readonly string[]): number => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(read.get(id)!, (counts.get(read.get(id)!) ?? 0) + 1);
  return [...counts.values()].reduce((s, n) => s + (n * n) / ids.length, 0);
};
const composition = (ids: readonly string[]): string => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(read.get(id)!, (counts.get(read.get(id)!) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([g, n]) => `${g.slice(0, 12)} ${n}`)
    .join(', ');
};

const before = await trendsOf({});
const after = await trendsOf(options);
const beforeSigs = new Set([...before.values()].map(signature));
const afterSigs = new Set([...after.values()].map(signature));
let lost = 0;
for (const [name, groups, other] of [
  ['defaults only', before, afterSigs],
  ['options only', after, beforeSigs],
] as const) {
  const changed = [...groups.values()].filter((ids) => !other.has(signature(ids)));
  const sum = changed.reduce((s, ids) => s + precisionSum(ids), 0);
  lost += name === 'defaults only' ? sum : -sum;
  process.stdout.write(
    `\n== ${name}: ${changed.length} trends, ${changed.reduce((s, i) => s + i.length, 0)} members, precision sum ${sum.toFixed(1)}\n`,
  );
  for (const ids of changed.sort((a, b) => b.length - a.length)) {
    const impure = ids.length - precisionSum(ids);
    if (impure < 0.5) continue;
    process.stdout.write(`  ${ids.length} (impurity ${impure.toFixed(1)}): ${composition(ids)}\n`);
    for (const id of ids.slice(0, shown))
      process.stdout.write(`      ${read.get(id)!.slice(0, 12)}  ${title.get(id)}\n`);
  }
}
process.stdout.write(`\nprecision sum lost by the options: ${lost.toFixed(1)} of ${articles.length}\n`);
