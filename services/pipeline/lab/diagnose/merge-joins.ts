/**
 * Every join of the fragment merge (merge-fragments.ts) on each set, by the smaller side's size and
 * the rule that decided it (centroid cosine, headline meaning, the learned model), counted as one
 * story or two by the majority labels of the two sides (labels corrected by reading,
 * corrected-gold.ts). A pair is judged on the two pass trends' own states (the merge judges the
 * survivor's group as grown so far, so a few decisions read differently here). `--list` prints the
 * joins of two stories.
 * Run: node --import tsx services/pipeline/lab/diagnose/merge-joins.ts [set keys, comma-separated] [--list]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { LIST_OPTION, readCommandLine, setsAndList } from '../command-line';
import { clusterArticles, DEFAULT_CLUSTER_OPTIONS, type ActiveTrend } from '../../src/detect/cluster';
import { defaultHeadlineMeaning } from '../../src/detect/headline-meaning';
import { backgroundIdf } from '../../src/detect/idf';
import { fragmentSide, mergeFragments, mergeJudge, type FragmentView } from '../../src/detect/merge-fragments';
import { pairFeatures } from '../../src/detect/merge-features';
import { mergeProbability } from '../../src/detect/merge-model';
import { correctLabels } from '../metrics/corrected-gold';
import { CLUSTER_SET_KEYS, CLUSTER_SETS, FIGURES_NOW } from '../corpus/cluster-sets';

const { wanted, list } = readCommandLine(
  'merge-joins.ts [set keys, comma-separated] [--list]',
  LIST_OPTION,
  setsAndList(CLUSTER_SET_KEYS),
);
const idf = backgroundIdf();
const meaning = defaultHeadlineMeaning();
const o = { ...DEFAULT_CLUSTER_OPTIONS, meaning };
const judge = mergeJudge(o, idf);
const view = (t: ActiveTrend): FragmentView => ({
  id: t.id,
  first_seen: t.first_seen,
  last_seen: t.last_seen,
  article_count: t.article_count,
  centroid: new Map(Object.entries(t.terms)),
  meaning: t.meaning ? Float32Array.from(t.meaning) : undefined,
  entities: new Map(Object.entries(t.entities)),
});
const sizeBand = (n: number): string => (n === 1 ? '1' : n < 5 ? '2-4' : n < 10 ? '5-9' : '10+');

for (const set of CLUSTER_SETS) {
  if (!wanted.has(set.key)) continue;
  const { articles, gold } = set.load();
  const read = correctLabels(gold);
  const title = new Map(articles.map((a) => [a.id, a.title]));
  const pass = clusterArticles(articles, [], { now: FIGURES_NOW, idf, meaning, mergeThreshold: 0 });
  const members = new Map<string, string[]>();
  for (const [a, t] of pass.assignments) members.set(t, [...(members.get(t) ?? []), a]);
  const majority = (id: string): string => {
    const counts = new Map<string, number>();
    for (const a of members.get(id) ?? []) counts.set(read.get(a)!, (counts.get(read.get(a)!) ?? 0) + 1);
    return [...counts].sort((x, y) => y[1] - x[1])[0]?.[0] ?? '?';
  };
  const views = new Map(pass.touched.map((t) => [t.id, view(t)]));
  const merged = mergeFragments([...views.values()], o, idf);
  const counts = new Map<string, [number, number]>();
  const lines: string[] = [];
  for (const [absorbed, survivor] of merged) {
    const [a, s] = [views.get(absorbed)!, views.get(survivor)!];
    const [sa, ss] = [fragmentSide(a, judge), fragmentSide(s, judge)];
    const f = pairFeatures(sa, ss, idf);
    const cosine = f[0]!;
    const rule =
      cosine >= o.mergeThreshold
        ? 'cosine'
        : Math.min(a.article_count, s.article_count) <= o.meaningMaxArticles && f[1]! >= o.meaningThreshold
          ? 'meaning'
          : 'learned';
    const same = majority(absorbed) === majority(survivor);
    const key = `${rule.padEnd(8)} smaller ${sizeBand(Math.min(a.article_count, s.article_count))}`;
    const c = counts.get(key) ?? [0, 0];
    c[same ? 0 : 1]++;
    counts.set(key, c);
    if (list && !same) {
      const p = judge.model ? mergeProbability(judge.model, f) : 0;
      lines.push(
        `  ${rule} ${a.article_count}/${s.article_count} cos ${cosine.toFixed(3)} mean ${f[1]!.toFixed(2)} p ${p.toFixed(3)} ` +
          `${title.get(members.get(survivor)![0]!)?.slice(0, 60)}  <-  ${title.get(members.get(absorbed)![0]!)?.slice(0, 60)}`,
      );
    }
  }
  process.stdout.write(
    `== ${set.label}: fragment-merge joins (one story / two, majority labels corrected by reading)\n`,
  );
  for (const [k, [s, d]] of [...counts].sort((x, y) => x[0].localeCompare(y[0]))) {
    process.stdout.write(`  ${k.padEnd(22)} ${String(s).padStart(5)} / ${String(d).padStart(4)}\n`);
  }
  for (const l of lines) process.stdout.write(`${l}\n`);
}
