/**
 * Prints, over the whole list (every listed trend, not a first page), what a reader sees of the
 * in-process `make demo` and of held-out UCI slices (story-quality.ts): duplicate topic strings,
 * gold stories leading two listed trends, topic fidelity and text artifacts; then the gold measures
 * again against labels corrected by reading (corrected-gold.ts: UCI stories a reader calls one story
 * merged, stories read apart from the id they are filed under split off).
 * Run: node --import tsx services/pipeline/lab/diagnose/story-figures.ts ['<clustering options as JSON>'] [demo,mar1-0,...] [-v] [--topics]
 * --topics prints every listed trend's topic and summary (to compare two trees' lists by reading).
 * The options take "meaningSource" and "mergeModelPath" as cluster-figures.ts does.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import type { ClusterOptions, DetectArticle } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { loadMergeModel } from '../../src/detect/merge-model';
import type { RejoinOptions } from '../../src/detect/rejoin-stories';
import { clusterSet } from '../corpus/cluster-sets';
import { uciDetectArticles, uciSlice } from '../corpus/detect-articles';
import type { UciRow } from '../corpus/uci.corpus';
import { demoArticles, detectedTrends, type DemoTrend } from '../evaluate/trends/demo-trends';
import { meaningFor, type MeaningSource } from '../evaluate/trends/encoder-meaning';
import { articleLabeller } from '../metrics/corrected-gold';
import { FAR_SUMMARY, storyQuality, type StoryQuality } from '../metrics/story-quality';
import { cachedEmbeddings } from '../evaluate/classifier/sentence-embeddings';
import { activeEncoder } from '../../src/embed/encoder-files';
import { extent } from '../../src/detect/large-arrays';
import { isListed } from '@trendscope/core';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';

/** Clustering and rejoin options over the defaults, and the lab's choice of meaning and merge model. */
export type Options = Partial<ClusterOptions & RejoinOptions> & {
  meaningSource?: MeaningSource;
  mergeModelPath?: string;
  embed?: boolean;
};

/**
 * The UCI slices of cluster-sets.ts, by key, as file and first row: the held-out and tuning sets, and
 * two of its pair-reading sets (mar2-10, apr-20), whose lists no rule of the rejoin was read off (some
 * of their pairs were read for the at-once rule): every UCI row lies in some set (March 1-15's 12,175
 * rows are mar1-0's and the demo's), so a rule read off the held-out lists is judged on these.
 */
const SLICES: Record<string, [string, number]> = {
  'mar1-0': ['newsCorpora.2014-03-01-15.tsv.gz', 0],
  'mar2-0': ['newsCorpora.2014-03-16-31.tsv.gz', 0],
  'mar2-20': ['newsCorpora.2014-03-16-31.tsv.gz', 20_000],
  'mar2-40': ['newsCorpora.2014-03-16-31.tsv.gz', 40_000],
  'apr-30': ['newsCorpora.2014-04-01-15.tsv.gz', 30_000],
  'apr-0': ['newsCorpora.2014-04-01-15.tsv.gz', 0],
  'apr-10': ['newsCorpora.2014-04-01-15.tsv.gz', 10_000],
  'mar2-10': ['newsCorpora.2014-03-16-31.tsv.gz', 10_000],
  'apr-20': ['newsCorpora.2014-04-01-15.tsv.gz', 20_000],
};

/** The articles of one set with their gold labels and UCI rows, and the clock its list is built at. */
export function setArticles(key: string): {
  articles: DetectArticle[];
  gold: Map<string, string>;
  uciRows: UciRow[];
  now: Date;
} {
  if (key === 'demo') {
    const now = new Date('2026-11-23T12:00:00Z'); // demoTrends' clock
    return { ...demoArticles(now), now };
  }
  const slice = SLICES[key];
  if (!slice) throw new Error(`unknown set ${key}: demo, ${Object.keys(SLICES).join(', ')}`);
  const rows = uciSlice(slice[0], slice[1], 10_000);
  const { articles, gold } = uciDetectArticles(rows);
  return { articles, gold, uciRows: rows, now: new Date(extent(articles.map((a) => a.time)).max + 60_000) };
}

/** The trends of one set, as the list would serve them. */
export async function setTrends(key: string, opts: Options = {}): Promise<DemoTrend[]> {
  const { meaningSource, mergeModelPath, ...cluster } = opts;
  const { articles, gold, uciRows, now } = setArticles(key);
  const meaning = await meaningFor(meaningSource, articles, { now, idf: backgroundIdf(), ...cluster });
  const mergeModel = mergeModelPath ? loadMergeModel(mergeModelPath) : undefined;
  return detectedTrends(articles, gold, uciRows, now, {
    ...cluster,
    ...(meaning ? { meaning } : {}),
    ...(mergeModel ? { mergeModel } : {}),
  });
}

/** A list's measures against UCI's labels and against the labels corrected by reading (corrected-gold.ts). */
export function listQuality(
  trends: readonly DemoTrend[],
  embedText?: (text: string) => Float32Array | undefined,
): { uci: StoryQuality; read: StoryQuality } {
  const readLabel = articleLabeller();
  return {
    uci: storyQuality(trends, embedText),
    read: storyQuality(
      trends.map((d) => ({ ...d, gold: d.gold.map((g, i) => readLabel(d.ids?.[i], g)) })),
      embedText,
    ),
  };
}

/** Sentence embeddings of the listed trends' topics and summaries (cached with the lab's other summary texts). */
function topicAndSummaryMeaning(trends: readonly DemoTrend[]): Promise<(text: string) => Float32Array | undefined> {
  const listed = trends.filter((d) => isListed(d.trend));
  return cachedEmbeddings(
    listed.flatMap((d) => [d.trend.topic, d.trend.summary]),
    activeEncoder(),
    'topics-summaries',
  );
}

if (import.meta.main) {
  const { options, wanted, verbose, topics } = readCommandLine(
    "story-figures.ts ['<clustering options as JSON>'] [demo,mar1-0,...] [-v] [--topics]",
    {
      verbose: { type: 'boolean', short: 'v', default: false },
      topics: { type: 'boolean', default: false },
    },
    ({ values, positionals }) => {
      const [json = '{}', keys = 'demo,mar1-0,mar2-0,mar2-20,mar2-40,apr-30'] = atMost(2, positionals);
      return {
        options: jsonOptions<Options>(json),
        wanted: knownNames(keys, ['demo', ...Object.keys(SLICES)]),
        verbose: values.verbose,
        topics: values.topics,
      };
    },
  );
  process.stdout.write(`options: ${JSON.stringify(options)}\n`);
  for (const key of wanted) {
    const label = clusterSet(key)?.label ?? 'make demo (in-process)';
    const trends = await setTrends(key, options);
    const { uci: q, read: r } = listQuality(trends, await topicAndSummaryMeaning(trends));
    process.stdout.write(
      `  ${label.padEnd(32)} listed ${String(q.listed).padStart(4)}  duplicate topics ` +
        `${String(q.duplicateTopics.reduce((s, d) => s + d.count - 1, 0)).padStart(3)}  gold stories leading 2+ ` +
        `${String(q.goldRepeats.length).padStart(3)} (extra trends ${q.goldRepeats.reduce((s, g) => s + g.topics.length - 1, 0)})  ` +
        `fidelity ${q.fidelity.toFixed(3)}  artifacts ${q.artifacts.length}  ` +
        `off-story summaries ${q.offStorySummaries.length} (corrected labels ${r.offStorySummaries.length})\n`,
    );
    process.stdout.write(
      `  ${'  labels corrected by reading'.padEnd(32)} gold stories leading 2+ ${String(r.goldRepeats.length).padStart(3)}  ` +
        `fidelity ${r.fidelity.toFixed(3)}  no majority story ${q.noMajorityStory.length} (corrected labels ${r.noMajorityStory.length})  ` +
        `mixed ${mixedTrends(q)} (corrected labels ${mixedTrends(r)})\n`,
    );
    process.stdout.write(
      `  ${"  summary of the topic's story".padEnd(32)} ${r.summaryOfTopicStory.toFixed(3)} of ${r.summaryTraced} traced ` +
        `(apart ${r.summaryApart.length})  far from the topic (cosine < ${FAR_SUMMARY}) ${r.farSummaries.length}  ` +
        `repeating the topic ${r.topicRepeats.length}\n`,
    );
    if (topics) {
      for (const d of trends.filter((t) => isListed(t.trend))) {
        process.stdout.write(`    topic ${key} ${d.trend.article_count}  ${d.trend.topic}  ||  ${d.trend.summary}\n`);
      }
    }
    if (!verbose) continue;
    for (const g of r.goldRepeats) process.stdout.write(`    read-gold ${g.gold}  ${g.topics.join(' | ')}\n`);
    for (const u of r.unfaithful) process.stdout.write(`    read-unfaithful  ${u.topic}  <-  ${u.best}\n`);
    for (const d of q.duplicateTopics) process.stdout.write(`    dup x${d.count}  ${d.topic}\n`);
    for (const g of q.goldRepeats) process.stdout.write(`    gold ${g.gold}  ${g.topics.join(' | ')}\n`);
    for (const u of q.unfaithful) process.stdout.write(`    unfaithful  ${u.topic}  <-  ${u.best}\n`);
    for (const a of q.artifacts) process.stdout.write(`    artifact ${a.kind}  ${a.text}\n`);
    for (const o of r.offStorySummaries) process.stdout.write(`    off-story summary  ${o.topic}  ||  ${o.summary}\n`);
    for (const n of r.noMajorityStory) {
      process.stdout.write(`    no-majority ${n.size} ${(n.share * 100).toFixed(0)}%  ${n.topic}\n`);
    }
    for (const a of r.summaryApart) {
      process.stdout.write(`    summary-apart  ${a.topic}  ||  ${a.summary}  <-  topic's ${a.headline}\n`);
    }
    for (const f of r.farSummaries) {
      process.stdout.write(`    far-summary ${f.cosine.toFixed(2)}  ${f.topic}  ||  ${f.summary}\n`);
    }
    for (const t of r.topicRepeats) process.stdout.write(`    topic-repeat  ${t.topic}  ||  ${t.summary}\n`);
    for (const m of r.mixed)
      process.stdout.write(`    mixed ${m.members}/${m.size} ${m.gold}  ${m.topic}  ||  ${m.headline}\n`);
  }
}

/** Listed trends carrying a second story (a trend with two such stories counted once). */
function mixedTrends(q: StoryQuality): number {
  return new Set(q.mixed.map((m) => m.topic)).size;
}
