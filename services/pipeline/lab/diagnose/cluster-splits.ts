/**
 * Where a set's split stories go (docs/lab-notes/trends.md, "Where the remaining recall is lost"): articles
 * outside their gold story's largest trend by founding gap and centroid cosine to it, then pairs of
 * trends founded close together or on one subject, same against different gold story (each pair
 * weighted by the smaller trend's articles).
 * Run: node --import tsx services/pipeline/lab/diagnose/cluster-splits.ts [set key, default apr-0]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { clusterArticles, type ActiveTrend } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { CLUSTER_SET_KEYS, CLUSTER_SETS, FIGURES_NOW } from '../corpus/cluster-sets';

const set = readCommandLine('cluster-splits.ts [set key, default apr-0]', {}, ({ positionals }) => {
  const [key = 'apr-0'] = atMost(1, positionals);
  knownNames(key, CLUSTER_SET_KEYS);
  return CLUSTER_SETS.find((s) => s.key === key)!;
});
const { articles, gold } = set.load();
const result = clusterArticles(articles, [], { now: FIGURES_NOW, idf: backgroundIdf() });

const majority = new Map<string, string>();
const counts = new Map<string, Map<string, number>>();
for (const [article, trend] of result.assignments) {
  const c = counts.get(trend) ?? new Map<string, number>();
  const g = gold.get(article)!;
  counts.set(trend, c.set(g, (c.get(g) ?? 0) + 1));
}
for (const [trend, c] of counts)
  majority.set(trend, [...c].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0]);

function cosine(a: Record<string, number>, b: Record<string, number>): number {
  let d = 0;
  let na = 0;
  let nb = 0;
  for (const [k, v] of Object.entries(a)) {
    na += v * v;
    d += v * (b[k] ?? 0);
  }
  for (const v of Object.values(b)) nb += v * v;
  return na > 0 && nb > 0 ? d / Math.sqrt(na * nb) : 0;
}
const gapBucket = (s: number): string =>
  s <= 5 ? 'a <= 5 s' : s <= 60 ? 'b <= 60 s' : s <= 3600 ? 'c <= 1 h' : s <= 86_400 ? 'd <= 1 d' : 'e > 1 d';
const cosBucket = (c: number): string =>
  c === 0 ? '0' : c < 0.03 ? '< 0.03' : c < 0.15 ? '0.03-0.15' : c < 0.5 ? '0.15-0.5' : '>= 0.5';
function print(title: string, table: Map<string, number[]>): void {
  process.stdout.write(`${title}\n`);
  for (const [k, v] of [...table].sort()) process.stdout.write(`  ${k.padEnd(28)} ${v.join('  ')}\n`);
}

const byGold = new Map<string, ActiveTrend[]>();
for (const t of result.touched) byGold.set(majority.get(t.id)!, [...(byGold.get(majority.get(t.id)!) ?? []), t]);
const lost = new Map<string, number[]>();
for (const trends of byGold.values()) {
  const [largest, ...rest] = trends.sort((a, b) => b.article_count - a.article_count);
  for (const t of rest) {
    const k = `${gapBucket(Math.abs(t.first_seen - largest!.first_seen) / 1000)}, cos ${cosBucket(cosine(t.terms, largest!.terms))}`;
    lost.set(k, [(lost.get(k)?.[0] ?? 0) + t.article_count]);
  }
}
print(`${set.label}: articles outside their story's largest trend, by founding gap and cosine`, lost);

const pairs = new Map<string, number[]>();
const ordered = [...result.touched].sort((a, b) => a.first_seen - b.first_seen);
for (let i = 0; i < ordered.length; i++) {
  for (let j = i + 1; j < ordered.length; j++) {
    const a = ordered[i]!;
    const b = ordered[j]!;
    const gap = (b.first_seen - a.first_seen) / 1000;
    const c = cosine(a.terms, b.terms);
    // Close in time whatever the words, or far apart on one subject.
    if (gap > 60 && c < 0.5) continue;
    const k = `${gapBucket(gap)}, cos ${cosBucket(c)}`;
    const e = pairs.get(k) ?? [0, 0];
    e[majority.get(a.id) === majority.get(b.id) ? 0 : 1]! += Math.min(a.article_count, b.article_count);
    pairs.set(k, e);
  }
}
print('pairs of trends (same gold story, different), weighted by the smaller trend', pairs);
