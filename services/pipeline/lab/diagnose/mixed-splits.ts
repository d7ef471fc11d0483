/**
 * Could detection split a listed trend that carries a second story? For each set's whole in-process
 * list (story-figures.ts), every listed trend's member headlines (all of them, not the topic's
 * sample) are grouped by meaning: the encoder's embeddings of the text the topic centre embeds, read
 * through their stored compact form as detection reads them, joined by average link at each bar
 * (meaningGroups, topic-centres.ts). A trend is splittable when its second-largest group holds at
 * least SPLIT_MEMBERS members and SPLIT_SHARE of them, the bar `storyQuality` counts a second gold
 * story at (`mixed`). Prints per set and bar the flagged trends, how many are `mixed` by the labels
 * corrected by reading (precision), how many `mixed` trends are flagged (recall), and how often the
 * second group is mostly one gold story other than the first group's (the groups follow the
 * stories: otherStoryShare); -v prints each flagged trend's topic and each group's first two
 * headlines, and the `mixed` trends no bar flags.
 * A second gate keeps a flagged split only when the story rejoin would not join its two sides back
 * were they two trends (rejoinVerdict: the rejoin's own views, cheap gates and joining test,
 * rejoin-stories.ts): the second group, and the trend's other members; a split the next run's rejoin
 * undoes is no split. Each bar's line counts the flags kept, and those its joining test alone keeps
 * apart (as if the cheap gates paired every split); -v marks each flag kept or joined back, with
 * the cheap gates' centroid cosine and shared terms and the joining test's meaning.
 * Run: node --import tsx services/pipeline/lab/diagnose/mixed-splits.ts [demo,apr-30,...] [0.3,0.35,0.4] [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { isListed } from '@trendscope/core';
import type { DetectArticle } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import {
  cheapGates,
  DEFAULT_REJOIN_OPTIONS,
  judgedPair,
  keyTerms,
  meanEmbedding,
  rejoinTexts,
  storyViews,
  type JoiningTest,
  type RejoinOptions,
  type StoryView,
} from '../../src/detect/rejoin-stories';
import { dot, sharedTerms } from '../../src/detect/term-vector';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { decodeEmbedding, encodeEmbedding } from '../../src/embed/compact-embedding';
import { sampleText } from '../../src/detect/topic-centre';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';
import type { DemoTrend } from '../evaluate/trends/demo-trends';
import { cachedEmbeddings } from '../evaluate/classifier/sentence-embeddings';
import { atMost, knownNames, numberList, readCommandLine } from '../command-line';
import { correctedLabels } from './repeated-stories';
import { listQuality, setArticles, setTrends } from './story-figures';
import { meaningGroups } from './topic-centres';

/** A second group this large is a second story a reader would notice (story-quality.ts' MIXED_* bar). */
const SPLIT_MEMBERS = 3;
const SPLIT_SHARE = 0.15;

/** One listed trend's groups of meaning at one bar, largest first (indices into its members). */
interface Grouped {
  d: DemoTrend;
  labels: string[];
  groups: number[][];
}

/** Whether a trend's groups would split it: the second group holds enough of its members. */
export function splittable(groups: readonly (readonly number[])[], members: number): boolean {
  const second = groups[1]?.length ?? 0;
  return second >= SPLIT_MEMBERS && second >= SPLIT_SHARE * members;
}

/**
 * What the story rejoin says of a split's two sides were they two trends of one run: whether its
 * cheap gates pair them (cheapGates: sizes, time, centroid cosine, shared heaviest terms), the test
 * that joins them judged as a pair (judgedPair / joiningTest; undefined: none), their central
 * headlines' meaning, and the centroid cosine and shared heaviest terms the cheap gates read. The
 * rejoin joins them back when both `paired` and `test`.
 */
export interface RejoinVerdict {
  paired: boolean;
  test?: JoiningTest;
  meaning?: number;
  cosine: number;
  shared: number;
}

/** The rejoin's verdict on two sides (majority first) as two trends of one run (RejoinVerdict). */
export async function rejoinVerdict(
  sides: readonly [readonly DetectArticle[], readonly DetectArticle[]],
  idf: (term: string) => number,
  o: RejoinOptions = DEFAULT_REJOIN_OPTIONS,
  lookup: (texts: Iterable<string>) => Promise<(text: string) => Float32Array | undefined> = embeddingLookup,
): Promise<RejoinVerdict> {
  const [a, b] = storyViews(
    new Map([
      ['majority', sides[0]],
      ['minority', sides[1]],
    ]),
    idf,
    o,
  ) as [StoryView, StoryView];
  const embed = await lookup(rejoinTexts([[a, b]]));
  const judged = judgedPair(a, b, (v) => meanEmbedding(v.central.map(embed)), o);
  return {
    paired: cheapGates(a, b, o),
    ...(judged?.test !== undefined ? { test: judged.test } : {}),
    ...(judged ? { meaning: judged.meaning } : {}),
    cosine: dot(a.centroid, b.centroid),
    shared: sharedTerms(keyTerms(a), keyTerms(b)),
  };
}

/** Whether the rejoin would join a split's two sides back (RejoinVerdict). */
export function joinedBack(v: RejoinVerdict): boolean {
  return v.paired && v.test !== undefined;
}

/** A flag's two sides as the split would make them: the second group, and every other member. */
function splitSides(d: DemoTrend, groups: readonly (readonly number[])[], byId: ReadonlyMap<string, DetectArticle>) {
  const minority = new Set(groups[1]);
  const article = (j: number) => byId.get(d.ids![j]!)!;
  const all = d.titles.map((_, j) => j);
  return [all.filter((j) => !minority.has(j)).map(article), [...minority].map(article)] as const;
}

/** Member counts of each label in a group, largest first. */
function labelCounts(group: readonly number[], labels: readonly string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const j of group) counts.set(labels[j]!, (counts.get(labels[j]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/**
 * Whether the groups follow the gold stories: the share of the second group held by one story other
 * than the first group's most frequent one (0 when a group is empty). 1 when the minority a split
 * would make is one other story, whole or in part; 0 when both groups tell the first group's story.
 */
export function otherStoryShare(groups: readonly (readonly number[])[], labels: readonly string[]): number {
  const [first = [], second = []] = groups;
  const leading = labelCounts(first, labels)[0]?.[0];
  const other = labelCounts(second, labels).find(([g]) => g !== leading);
  return other && second.length > 0 ? other[1] / second.length : 0;
}

/** The first `n` distinct headlines of a group, in member order. */
function firstHeadlines(d: DemoTrend, group: readonly number[], n: number): string[] {
  return [...new Set(group.map((j) => d.titles[j]!))].slice(0, n);
}

if (import.meta.main) {
  const { wanted, bars, verbose } = readCommandLine(
    'mixed-splits.ts [demo,apr-30,...] [0.3,0.35,0.4] [-v]',
    { verbose: { type: 'boolean', short: 'v', default: false } },
    ({ values, positionals }) => {
      const [keys = 'demo,apr-30,mar2-20', list = '0.3,0.35,0.4'] = atMost(2, positionals);
      return { wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS), bars: numberList(list), verbose: values.verbose };
    },
  );
  const out = (line: string) => process.stdout.write(`${line}\n`);
  for (const key of wanted) {
    const trends = await setTrends(key);
    const listed = trends.filter((d) => isListed(d.trend));
    const { mixed } = listQuality(trends).read;
    const byId = new Map(setArticles(key).articles.map((a) => [a.id, a]));
    const idf = backgroundIdf();
    const mixedTopics = new Set(mixed.map((m) => m.topic));
    // Every listed member's headline as the topic centre embeds it, read through the compact form
    // detection stores (detect-embeddings.ts); a headline with no text is left out of the groups.
    const texts = listed.flatMap((d) => d.titles.map(sampleText)).filter((t) => t !== '');
    const lookup = await cachedEmbeddings(texts, undefined, 'headlines');
    const vector = (t: string) => decodeEmbedding(t, encodeEmbedding(t, lookup(t)!))!;
    out(`${key}: listed ${listed.length}, mixed by corrected labels ${mixedTopics.size}`);
    const flaggedAt = new Map<number, Set<string>>();
    for (const bar of bars) {
      const grouped: Grouped[] = listed.map((d) => {
        const kept = d.titles.map((t, j) => [sampleText(t), j] as const).filter(([t]) => t !== '');
        const groups = meaningGroups(
          kept.map(([t]) => vector(t)),
          bar,
        )
          .map((g) => g.map((k) => kept[k]![1]))
          .sort((a, b) => b.length - a.length || a[0]! - b[0]!);
        return { d, labels: correctedLabels(d), groups };
      });
      const flagged = grouped.filter((g) => splittable(g.groups, g.d.titles.length));
      flaggedAt.set(bar, new Set(flagged.map((g) => g.d.trend.topic)));
      const hits = flagged.filter((g) => mixedTopics.has(g.d.trend.topic)).length;
      const verdicts: RejoinVerdict[] = [];
      for (const g of flagged) verdicts.push(await rejoinVerdict(splitSides(g.d, g.groups, byId), idf));
      const kept = flagged.filter((_, i) => !joinedBack(verdicts[i]!));
      const keptMixed = kept.filter((g) => mixedTopics.has(g.d.trend.topic)).length;
      // The joining test alone, as if the cheap gates let every pair through.
      const apart = flagged.filter((_, i) => verdicts[i]!.test === undefined);
      const apartMixed = apart.filter((g) => mixedTopics.has(g.d.trend.topic)).length;
      const shares = flagged.map((g) => otherStoryShare(g.groups, g.labels));
      const following = shares.filter((s) => s >= 0.5).length;
      const mean = shares.length === 0 ? 0 : shares.reduce((a, b) => a + b, 0) / shares.length;
      out(
        `  bar ${bar.toFixed(2)}  flagged ${String(flagged.length).padStart(3)}  of them mixed ${hits} ` +
          `(precision ${flagged.length ? (hits / flagged.length).toFixed(2) : '-'})  mixed flagged ${hits}/${mixedTopics.size} ` +
          `(recall ${mixedTopics.size ? (hits / mixedTopics.size).toFixed(2) : '-'})  second group in one other story: ` +
          `mean share ${mean.toFixed(2)}, >= 0.5 in ${following}/${flagged.length}; ` +
          `kept by the rejoin gate ${kept.length} (${keptMixed} mixed); by its joining test alone ` +
          `${apart.length} (${apartMixed} mixed)`,
      );
      if (!verbose) continue;
      flagged.forEach((g, i) => {
        const sizes = g.groups.slice(0, 4).map((x) => x.length);
        const v = verdicts[i]!;
        const gate = joinedBack(v) ? 'JOINED BACK' : 'KEPT';
        const why =
          `${v.paired ? 'paired' : 'unpaired'} (cos ${v.cosine.toFixed(2)}, ${v.shared} terms), ` +
          `${v.test ?? 'no test'} ${v.meaning?.toFixed(3) ?? '-'}`;
        out(
          `    ${mixedTopics.has(g.d.trend.topic) ? 'MIXED' : 'one? '} ${g.d.titles.length} groups ${sizes.join('/')}` +
            `${g.groups.length > 4 ? '/...' : ''}  other-story share ${shares[i]!.toFixed(2)}  ` +
            `${gate}: ${why}  ${g.d.trend.topic}`,
        );
        for (const [k, group] of g.groups.slice(0, 3).entries()) {
          if (group.length < SPLIT_MEMBERS && k > 1) break;
          out(`        [${k + 1}: ${group.length}] ${firstHeadlines(g.d, group, 2).join('  ||  ')}`);
        }
      });
    }
    if (!verbose) continue;
    for (const topic of mixedTopics) {
      if ([...flaggedAt.values()].some((s) => s.has(topic))) continue;
      const m = mixed.find((x) => x.topic === topic)!;
      out(`    mixed, never flagged: ${m.members}/${m.size} ${m.headline}  ||  ${topic}`);
    }
  }
}
