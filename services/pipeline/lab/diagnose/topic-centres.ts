/**
 * Topic fidelity of the in-process lists (story-figures.ts) with the topic re-read from each
 * trend's members by other centres of meaning: the trends are clustered and embedded once per set,
 * then each variant orders every trend's sampled headlines and chooseTopic reads the topic as
 * buildTrend does (distinctTopics after). Prints fidelity against UCI's and the corrected labels,
 * duplicate topics and topic artifacts per variant; -v lists every topic a variant changes against
 * the served one, with the share of the trend's majority story.
 * Run: node --import tsx services/pipeline/lab/diagnose/topic-centres.ts [demo,apr-0,...] ['served;{"density":0.6};...'] [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { isListed } from '@trendscope/core';
import { backgroundIdf } from '../../src/detect/idf';
import { buildTrendTopic, trendCentre } from '../../src/detect/build-trend';
import { distinctTopics } from '../../src/detect/distinct-topics';
import { meaningOrder, sampleText, topicSample, type CentreOptions } from '../../src/detect/topic-centre';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';
import { detectedTrendsBuilt, type DemoTrend } from '../evaluate/trends/demo-trends';
import { articleLabeller } from '../metrics/corrected-gold';
import { leadingGold, storyQuality, textArtifacts } from '../metrics/story-quality';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { setArticles } from './story-figures';

/**
 * A variant as JSON: "sharpness" and "passes" of the served re-weighting, and where it starts:
 * "density" t (the mean of the headline with most others at cosine >= t and those others), or
 * "group" t (the mean of the largest group of headlines linked at cosine >= t, single link); "served"
 * is the defaults (the plain mean, then two passes at sharpness 10); "largest" b (with "share" and
 * "ratio") the served centre moved to the largest average-link group at bar b.
 */
export interface Variant {
  sharpness?: number;
  passes?: number;
  density?: number;
  group?: number;
  /**
   * The served centre, found again from the largest group of meaning (meaningGroups at this bar)
   * when the group it fell in is smaller: by outlets, then members, when the largest holds at least
   * `share` of the sampled headlines (default 0) and `ratio` times the outlets of the centre's group
   * (default: any more).
   */
  largest?: number;
  share?: number;
  ratio?: number;
}

/**
 * Groups of unit vectors by average link: the two groups whose members' mean pairwise cosine is
 * highest are joined while it is at least `bar`. Each vector is one member, so a story counts by
 * how many reports it holds however alike their headlines are.
 */
export function meaningGroups(vectors: readonly Float32Array[], bar: number): number[][] {
  const n = vectors.length;
  const groups: (number[] | undefined)[] = vectors.map((_, i) => [i]);
  // sum[a][b]: the summed cosines between the members of groups a and b.
  const sum = pairCosines(vectors);
  for (;;) {
    let best = -Infinity;
    let pair: [number, number] | undefined;
    for (let a = 0; a < n; a++) {
      const ga = groups[a];
      if (!ga) continue;
      for (let b = a + 1; b < n; b++) {
        const gb = groups[b];
        if (!gb) continue;
        const mean = sum[a]![b]! / (ga.length * gb.length);
        if (mean > best) [best, pair] = [mean, [a, b]];
      }
    }
    if (!pair || best < bar) break;
    const [a, b] = pair;
    groups[a] = [...groups[a]!, ...groups[b]!];
    groups[b] = undefined;
    for (let c = 0; c < n; c++) {
      sum[a]![c] = sum[a]![c]! + sum[b]![c]!;
      sum[c]![a] = sum[a]![c]!;
    }
  }
  return groups.filter((g): g is number[] => g !== undefined);
}

/** The order of a "largest" variant (see Variant): the served order, or one started from the largest group. */
export function largestGroupOrder(
  v: Variant & { largest: number },
  titles: readonly string[],
  embedText: (text: string) => Float32Array | undefined,
  outlets: readonly string[],
): number[] | undefined {
  const served = meaningOrder(titles, embedText);
  if (!served) return undefined;
  // The sampled headlines, in the order meaningOrder embeds them.
  const sample = topicSample(titles.length).filter((i) => sampleText(titles[i]!) !== '');
  const vectors = sample.map((i) => embedText(sampleText(titles[i]!))!);
  const groups = meaningGroups(vectors, v.largest);
  const size = (g: readonly number[]): [number, number] => [new Set(g.map((j) => outlets[sample[j]!])).size, g.length];
  const larger = (a: readonly number[], b: readonly number[]): boolean => {
    const [x, y] = [size(a), size(b)];
    return x[0] > y[0] || (x[0] === y[0] && x[1] > y[1]);
  };
  const held = groups.find((g) => g.includes(sample.indexOf(served[0]!)))!;
  const largest = groups.reduce((a, b) => (larger(b, a) ? b : a));
  const dominant =
    larger(largest, held) &&
    largest.length >= (v.share ?? 0) * vectors.length &&
    size(largest)[0] >= (v.ratio ?? 0) * size(held)[0];
  if (!dominant) return served;
  const inLargest = new Set(largest);
  return meaningOrder(titles, embedText, { start: (vs) => vs.map((_, j) => (inLargest.has(j) ? 1 : 0)) });
}

/** Cosines of every pair of unit vectors. */
function pairCosines(vectors: readonly Float32Array[]): number[][] {
  return vectors.map((a) => vectors.map((b) => a.reduce((s, x, k) => s + x * b[k]!, 0)));
}

/** Start weights: the densest headline and its neighbours at cosine >= t. */
export function densityStart(t: number): (vectors: readonly Float32Array[]) => number[] {
  return (vectors) => {
    const pair = pairCosines(vectors);
    const count = pair.map((row, j) => row.filter((c, k) => k !== j && c >= t).length);
    const seed = count.indexOf(Math.max(...count));
    return pair[seed]!.map((c, k) => (k === seed || c >= t ? 1 : 0));
  };
}

/** Start weights: the largest group of headlines linked at cosine >= t (single link; the first on ties). */
export function groupStart(t: number): (vectors: readonly Float32Array[]) => number[] {
  return (vectors) => {
    const pair = pairCosines(vectors);
    const root = vectors.map((_, j) => j);
    const find = (j: number): number => (root[j] === j ? j : (root[j] = find(root[j]!)));
    pair.forEach((row, j) =>
      row.forEach((c, k) => {
        if (k > j && c >= t) root[find(j)] = find(k);
      }),
    );
    const size = new Map<number, number>();
    vectors.forEach((_, j) => size.set(find(j), (size.get(find(j)) ?? 0) + 1));
    let best = find(0);
    for (const [r, n] of size) if (n > size.get(best)!) best = r;
    return vectors.map((_, j) => (find(j) === best ? 1 : 0));
  };
}

/** The centre options of a variant ("served" or JSON of Variant). */
export function variantOptions(name: string): CentreOptions {
  if (name === 'served') return {};
  const v = JSON.parse(name) as Variant;
  return {
    ...(v.sharpness !== undefined ? { sharpness: v.sharpness } : {}),
    ...(v.passes !== undefined ? { passes: v.passes } : {}),
    ...(v.density !== undefined ? { start: densityStart(v.density) } : {}),
    ...(v.group !== undefined ? { start: groupStart(v.group) } : {}),
  };
}

/** A trend whose majority story holds fewer of its members than this is mixed (listed with -v). */
const MIXED = 0.7;

if (import.meta.main) {
  const { wanted, variants, verbose } = readCommandLine(
    'topic-centres.ts [demo,apr-0,...] [variant;variant...] [-v]',
    { verbose: { type: 'boolean', short: 'v', default: false } },
    ({ values, positionals }) => {
      const [keys = 'demo,apr-0,apr-10', list = 'served'] = atMost(2, positionals);
      return {
        wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS),
        variants: list.split(';'),
        verbose: values.verbose,
      };
    },
  );
  const idf = backgroundIdf();
  const readLabel = articleLabeller();
  for (const key of wanted) {
    const { articles, gold, uciRows, now } = setArticles(key);
    const built = await detectedTrendsBuilt(articles, gold, uciRows, now);
    const { embedText } = built;
    for (const variant of variants) {
      const centre = variantOptions(variant);
      const trends: DemoTrend[] = built.trends.map((d) => {
        const members = built.members.get(d.trend.id)!;
        const v = variant === 'served' ? {} : (JSON.parse(variant) as Variant);
        // Each member's outlet, in the order buildTrendTopic reads the headlines (trendCentre's).
        const outlets = trendCentre(members, idf).sorted.map((m) => m.publisher || m.domain);
        const order = !embedText
          ? undefined
          : v.largest !== undefined
            ? (titles: readonly string[]) =>
                largestGroupOrder({ ...v, largest: v.largest! }, titles, embedText, outlets)
            : (titles: readonly string[]) => meaningOrder(titles, embedText, centre);
        return { ...d, trend: { ...d.trend, topic: buildTrendTopic(members, idf, order) } };
      });
      const renamed = distinctTopics(trends.map((d) => d.trend));
      for (const d of trends) d.trend.topic = renamed.get(d.trend.id) ?? d.trend.topic;
      const q = storyQuality(trends);
      const r = storyQuality(trends.map((d) => ({ ...d, gold: d.gold.map((g, i) => readLabel(d.ids?.[i], g)) })));
      const artifacts = q.artifacts.filter((a) => a.kind.startsWith('topic')).length;
      const dups = q.duplicateTopics.reduce((s, x) => s + x.count - 1, 0);
      const changed = trends.filter((d, i) => d.trend.topic !== built.trends[i]!.trend.topic && q.listed > 0);
      process.stdout.write(
        `${key.padEnd(8)} ${variant.padEnd(48)} listed ${q.listed}  fidelity ${q.fidelity.toFixed(3)} / ${r.fidelity.toFixed(3)}  ` +
          `dup ${dups}  topic artifacts ${artifacts}  changed ${changed.length}\n`,
      );
      if (!verbose) continue;
      for (const d of trends.filter((x) => isListed(x.trend))) {
        const g = leadingGold(d);
        const share = d.gold.filter((x) => x === g).length / d.gold.length;
        if (share >= MIXED) continue;
        const stories = [...new Set(d.gold)]
          .map((s) => [s, d.gold.filter((x) => x === s).length] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([s, n]) => `${n} ${d.titles[d.gold.indexOf(s)]!.slice(0, 50)}`);
        process.stdout.write(
          `    mixed (${d.titles.length}, ${share.toFixed(2)}) ${d.trend.topic}  ||  ${stories.join(' | ')}\n`,
        );
      }
      for (const u of r.unfaithful) process.stdout.write(`    read-unfaithful  ${u.topic}  <-  ${u.best}\n`);
      trends.forEach((d, i) => {
        const before = built.trends[i]!;
        if (d.trend.topic === before.trend.topic) return;
        const g = leadingGold(d);
        const share = d.gold.filter((x) => x === g).length / d.gold.length;
        const flags = textArtifacts(d.trend.topic).join(',');
        process.stdout.write(
          `    changed (${d.titles.length}, majority ${share.toFixed(2)}) ${before.trend.topic}  ->  ${d.trend.topic}${flags ? `  [${flags}]` : ''}\n`,
        );
      });
    }
  }
}
