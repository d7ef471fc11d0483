/**
 * The story rejoin (detect/rejoin-stories.ts) on labelled sets: every pair of trends the loosest
 * options let through, with its evidence (sizes, time gap, centroid cosine, shared heaviest terms
 * and entities, central-headline embedding cosine) and whether the two share their majority gold
 * story; then B-cubed and gold stories leading 2+ trends (of the least size) for each option set
 * of a grid. Clustering and embeddings are computed once per set.
 * Run: node --import tsx services/pipeline/lab/diagnose/rejoin-pairs.ts [set keys, comma-separated: demo, apr-0, ...] [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  meanEmbedding,
  rejoinCandidates,
  rejoinStories,
  rejoinTexts,
  rejoinTrends,
  storyViews,
  type RejoinOptions,
} from '../../src/detect/rejoin-stories';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot, sharedTerms, topTerms } from '../../src/detect/term-vector';
import { dot as denseDot } from '../../src/text/word-vectors';
import { clusteredSet, rejoinPool } from '../evaluate/trends/clustered-set';
import { bcubed } from '../metrics/bcubed';
import { DEMO_AND_CLUSTER_SET_KEYS, FIGURES_NOW } from '../corpus/cluster-sets';

const { wanted, values } = readCommandLine(
  'rejoin-pairs.ts [set keys, comma-separated: demo,apr-0,...] [-v] [--same] [--extra] [--pool]',
  {
    v: { type: 'boolean', default: false },
    same: { type: 'boolean', default: false },
    extra: { type: 'boolean', default: false },
    pool: { type: 'boolean', default: false },
  },
  ({ values, positionals }) => {
    const [keys = 'demo,apr-0,apr-10,giveme-train'] = atMost(1, positionals);
    return { values, wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS) };
  },
  // -pool, -same and -extra as the lab notes wrote them: parseArgs reads single-dash flags as letters.
  process.argv.slice(2).map((a) => (['-pool', '-same', '-extra'].includes(a) ? `-${a}` : a)),
);
const verbose = values.v;
const idf = backgroundIdf();

const LOOSE: RejoinOptions = {
  ...DEFAULT_REJOIN_OPTIONS,
  rejoinMinArticles: 3,
  rejoinAtOnceMinArticles: 2,
  rejoinAtOnceSeconds: 60,
  rejoinLateHours: 0,
  rejoinFragmentMeaning: 0,
  rejoinLateMeaning: 1,
  rejoinHours: 24 * 14,
  rejoinCosine: 0.3,
  rejoinTerms: 1,
  rejoinEntities: 0,
  rejoinMeaning: 0,
  rejoinEventMeaning: 0,
  rejoinNameMeaning: 0,
  rejoinNameCosine: 0,
  rejoinNameHours: 24 * 14,
  rejoinKindMeaning: 0,
  rejoinKindMatch: 0,
  rejoinCastMeaning: 0,
};

const GRID: Partial<RejoinOptions>[] = [
  {},
  ...[0.7, 0.8].map((rejoinMeaning) => ({ rejoinMeaning })),
  ...[0.4, 0.6].map((rejoinCosine) => ({ rejoinCosine })),
  ...[24, 168].map((rejoinHours) => ({ rejoinHours })),
  { rejoinMinArticles: 3 },
  { rejoinEntities: 0 },
  { rejoinEntities: 0, rejoinMeaning: 0.8 },
];

for (const key of wanted) {
  const { gold, assignments, groups, majority } = clusteredSet(key, idf, FIGURES_NOW);
  // What the default rejoin costs a detection run over these trends (CPU, the encoder included).
  const cpu = process.cpuUsage();
  const defaults = await rejoinTrends(groups, idf, { warn: console.warn });
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    `${key}: the default rejoin joined ${defaults.size} trends in ${((used.user + used.system) / 1000).toFixed(0)} ms CPU ` +
      `(${rejoinTexts(rejoinCandidates(storyViews(groups, idf))).length} headlines embedded)\n`,
  );
  const views = storyViews(groups, idf, LOOSE);
  const loose = rejoinCandidates(views, LOOSE);
  const lookup = await embeddingLookup(rejoinTexts(loose));
  const base = bcubed(assignments, gold);
  process.stdout.write(
    `${key}: ${groups.size} trends, ${views.length} of 3+, ${loose.length} loose pairs; ` +
      `P ${base.precision.toFixed(3)} R ${base.recall.toFixed(3)} F1 ${base.f1.toFixed(3)}; ` +
      `gold leading 2+ (5+ articles) ${repeats(assignments)}\n`,
  );
  if (values.pool) {
    // The pairs the default cheap evidence lets through, whatever their headlines' meaning: the
    // pool read by hand (data/story-joins/uci-story-joins.tsv).
    const pool = await rejoinPool({ groups }, idf, { ...DEFAULT_REJOIN_OPTIONS, rejoinMeaning: 0 });
    const joined = rejoinStories(pool.pairs, pool.lookup);
    for (const [a, b] of pool.pairs) {
      const [ga, gb] = [majority.get(a.id)!, majority.get(b.id)!];
      if (ga === gb) continue;
      const m = (v: typeof a): Float32Array => pool.meaning(v) ?? new Float32Array(1);
      process.stdout.write(
        `POOL\t${ga}\t${gb}\t${denseDot(m(a), m(b)).toFixed(2)}\t${joined.has(b.id) || joined.has(a.id) ? 'joined' : 'apart'}\t` +
          `${a.article_count}: ${a.central.join(' / ')}\t${b.article_count}: ${b.central.join(' / ')}\n`,
      );
    }
    continue;
  }
  if (verbose) {
    const mean = (texts: string[]): Float32Array => meanEmbedding(texts.map(lookup)) ?? new Float32Array(1);
    for (const [a, b] of loose) {
      if (verbose && values.same && majority.get(a.id) !== majority.get(b.id)) continue;
      const same = majority.get(a.id) === majority.get(b.id);
      let ents = 0;
      for (const e of a.entities) if (b.entities.has(e)) ents++;
      process.stdout.write(
        `  ${same ? 'SAME' : 'diff'} n ${a.article_count}/${b.article_count} gap ${((b.first_seen - a.last_seen) / 3_600_000).toFixed(1)}h ` +
          `cos ${dot(a.centroid, b.centroid).toFixed(2)} terms ${sharedTerms(topTerms(a.centroid, 10), topTerms(b.centroid, 10))} ` +
          `ents ${ents} meaning ${denseDot(mean(a.central), mean(b.central)).toFixed(2)}  ${a.central[0]} | ${b.central[0]}\n`,
      );
    }
  }
  for (const change of GRID) {
    const o = { ...DEFAULT_REJOIN_OPTIONS, ...change };
    const joined = rejoinStories(rejoinCandidates(storyViews(groups, idf, o), o), lookup, o);
    const after = new Map([...assignments].map(([a, t]) => [a, joined.get(t) ?? t]));
    const m = bcubed(after, gold);
    const wrong = [...joined].filter(([x, y]) => majority.get(x) !== majority.get(y)).length;
    if (values.extra && Object.keys(change).length > 0) {
      // Joins this variant makes that the defaults do not: the pairs to read before adopting it.
      const base = rejoinStories(rejoinCandidates(storyViews(groups, idf)), lookup);
      const central = new Map(views.map((v) => [v.id, v.central[0]]));
      for (const [x, y] of joined) {
        if (base.get(x) === y) continue;
        process.stdout.write(
          `    extra ${majority.get(x) === majority.get(y) ? 'SAME' : 'diff'}  ${central.get(x)} -> ${central.get(y)}\n`,
        );
      }
    }
    process.stdout.write(
      `  ${JSON.stringify(change).padEnd(28)} joined ${String(joined.size).padStart(3)} (other gold ${String(wrong).padStart(2)})  ` +
        `P ${m.precision.toFixed(3)} R ${m.recall.toFixed(3)} F1 ${m.f1.toFixed(3)}  gold leading 2+ ${repeats(after)}\n`,
    );
  }

  /** Gold stories that are the majority story of two or more trends of 5+ articles. */
  function repeats(assigned: ReadonlyMap<string, string>): number {
    const members = new Map<string, string[]>();
    for (const [a, t] of assigned) members.set(t, [...(members.get(t) ?? []), gold.get(a)!]);
    const lead = new Map<string, number>();
    for (const list of members.values()) {
      if (list.length < 5) continue;
      const counts = new Map<string, number>();
      for (const g of list) counts.set(g, (counts.get(g) ?? 0) + 1);
      const g = [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]![0];
      lead.set(g, (lead.get(g) ?? 0) + 1);
    }
    return [...lead.values()].filter((n) => n > 1).length;
  }
}
