/**
 * Merging on time alone would look right on one UCI slice, where a minute holds one story: this
 * overlays two held-out slices (the second shifted onto the first's clock, gold labels kept apart),
 * so that two stories break in the same minute as in a denser stream, and prints B-cubed figures and
 * the trends that mix articles of both slices (always two different stories), with the rules alone
 * and with the learned merge.
 * Run: node --import tsx services/pipeline/lab/diagnose/mixed-stream-figures.ts [first key,second key] ['<options>']
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';
import { clusterArticles, type ClusterOptions } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { CLUSTER_SET_KEYS, CLUSTER_SETS, FIGURES_NOW, type LabelledSet } from '../corpus/cluster-sets';
import { bcubed } from '../metrics/bcubed';
import { extent } from '../../src/detect/large-arrays';

const { firstKey, secondKey, overrides } = readCommandLine(
  "mixed-stream-figures.ts [first key,second key, default mar1-0,mar2-0] ['<clustering options as JSON>']",
  {},
  ({ positionals }) => {
    const [keys = 'mar1-0,mar2-0', json = '{}'] = atMost(2, positionals);
    const [first, second, ...more] = knownNames(keys, CLUSTER_SET_KEYS);
    if (!second || more.length > 0) throw new Error(`two set keys are needed: ${keys}`);
    return { firstKey: first, secondKey: second, overrides: jsonOptions<ClusterOptions>(json) };
  },
);
const load = (key: string | undefined): LabelledSet => {
  const set = CLUSTER_SETS.find((s) => s.key === key);
  if (!set) throw new Error(`unknown set ${key}`);
  return set.load();
};
const a = load(firstKey);
const b = load(secondKey);
const start = (s: LabelledSet): number => extent(s.articles.map((x) => x.time)).min;
const shift = start(a) - start(b);
const articles = [...a.articles, ...b.articles.map((x) => ({ ...x, id: `b:${x.id}`, time: x.time + shift }))];
const gold = new Map([...a.gold].map(([id, g]) => [id, `a:${g}`]));
for (const [id, g] of b.gold) gold.set(`b:${id}`, `b:${g}`);
const idf = backgroundIdf();

for (const [label, o] of [
  ['rules alone', { learnedMerge: false }],
  ['with learned merge', {}],
] as const) {
  const { assignments } = clusterArticles(articles, [], { now: FIGURES_NOW, idf, ...o, ...overrides });
  const m = bcubed(assignments, gold);
  const sides = new Map<string, Set<string>>();
  for (const [id, t] of assignments) sides.set(t, (sides.get(t) ?? new Set()).add(id.startsWith('b:') ? 'b' : 'a'));
  const mixed = [...sides.values()].filter((s) => s.size === 2).length;
  process.stdout.write(
    `${label.padEnd(20)} P ${m.precision.toFixed(3)}  R ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}  ` +
      `trends ${sides.size}  mixing both slices ${mixed}\n`,
  );
}
