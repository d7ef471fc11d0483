/**
 * For each trend among the first 50 listed after `make demo` (in-process, demo-trends.ts) that
 * repeats a gold story listed above it, prints the learned merge's view of the pair it forms with
 * that story's first trend: the pair features, the model's probability and whether the pair clears
 * the low bar for being weighed at all (merge-features.ts). Tells whether only time joins them.
 * Run: node --import tsx services/pipeline/lab/diagnose/demo-repeat-pairs.ts ['<clustering options as JSON>']
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, readCommandLine } from '../command-line';
import { isListed } from '@trendscope/core';
import { CENTROID_TERMS, type ClusterOptions } from '../../src/detect/cluster';
import { defaultHeadlineMeaning } from '../../src/detect/headline-meaning';
import { backgroundIdf } from '../../src/detect/idf';
import { MERGE_FEATURES, pairFeatures, worthComparing, type PairSide } from '../../src/detect/merge-features';
import { loadMergeModel, mergeProbability } from '../../src/detect/merge-model';
import { articleVector, dot, topTerms } from '../../src/detect/term-vector';
import { extractEntities } from '../../src/score/entities';
import { dot as denseDot } from '../../src/text/word-vectors';
import { demoTrends, storyRepeats, type DemoTrend } from '../evaluate/trends/demo-trends';

const idf = backgroundIdf();
const meaningOf = defaultHeadlineMeaning();
const model = loadMergeModel();

/** A whole trend as one side of a pair, summed from its headlines and bounded as clustering bounds a centroid. */
function side(d: DemoTrend): PairSide {
  let centroid = new Map<string, number>();
  const entities = new Map<string, number>();
  let meaning: Float32Array | undefined;
  for (const title of d.titles) {
    for (const [t, w] of articleVector(title, '', idf)) centroid.set(t, (centroid.get(t) ?? 0) + w);
    for (const e of extractEntities(title)) entities.set(e, (entities.get(e) ?? 0) + 1);
    const m = meaningOf(title);
    if (!m) continue;
    meaning ??= new Float32Array(m.length);
    for (let i = 0; i < m.length; i++) meaning[i]! += m[i]!;
  }
  centroid = topTerms(centroid, CENTROID_TERMS);
  return {
    first_seen: Date.parse(d.trend.first_seen),
    last_seen: Date.parse(d.trend.last_seen),
    article_count: d.trend.article_count,
    centroid,
    norm: Math.sqrt(dot(centroid, centroid)),
    meaning,
    meaningNorm: meaning ? Math.sqrt(denseDot(meaning, meaning)) : 0,
    entities,
  };
}

const options = readCommandLine("demo-repeat-pairs.ts ['<clustering options as JSON>']", {}, ({ positionals }) =>
  jsonOptions<ClusterOptions>(atMost(1, positionals)[0] ?? '{}'),
);
const listed = (await demoTrends(undefined, options)).filter((d) => isListed(d.trend));
for (const r of storyRepeats(listed, 50)) {
  const [a, b] = [listed[r.at]!, listed[r.first]!];
  const features = pairFeatures(side(a), side(b), idf);
  process.stdout.write(
    `#${r.at} (${a.trend.article_count}: ${a.titles.slice(0, 3).join(' / ')})\n` +
      `  beside #${r.first} (${b.trend.article_count}: ${b.titles.slice(0, 3).join(' / ')})\n` +
      `  ${MERGE_FEATURES.map((f, i) => `${f} ${features[i]!.toFixed(2)}`).join(', ')}\n` +
      `  p ${mergeProbability(model, features).toFixed(3)}, weighed at all: ${worthComparing(features)}\n`,
  );
}
