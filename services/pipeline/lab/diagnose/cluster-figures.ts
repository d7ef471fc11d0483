/**
 * Prints clustering B-cubed P/R/F1 per evaluation set (cluster-sets.ts: tuning and held-out sets)
 * with the production defaults, or with options given as JSON (ablations); a pair-reading set
 * (PAIR_READING_SETS) when named by its key.
 * Run: node --import tsx services/pipeline/lab/diagnose/cluster-figures.ts ['{"mergeThreshold":0}'] [set keys, comma-separated]
 * `"runMinutes":10` in the options clusters as detection runs every 10 minutes do (incremental).
 * The story rejoin (rejoin-stories.ts) follows, over the final trends, as in a detection run;
 * `"rejoinCosine":0` leaves it out; then small trends' members move into the large
 * trend they read as, as in detection (absorb-members.ts; `"absorbMeaning":0` leaves it out). UCI sets are also scored against labels corrected by reading
 * (corrected-gold.ts: UCI stories a reader calls one story merged), shown as "read".
 * `"meaningSource":"encoder"` judges headline meaning (meaning merges, the learned merge's feature)
 * with the sentence encoder instead of the GloVe word vectors (encoder-meaning.ts; embeddings cached
 * under .cache/embeddings); `"mergeModelPath":"<file>"` merges with another fitted model (fit-merge-model.ts --out).
 * Editions of recurring columns are left out, of the clustering and of the gold it is scored
 * against, as detection (runDetect) and story-figures.ts leave them out (detectedSet):
 * "n" counts the articles clustered, "cols" the editions left out. Kept, a join could rest on one
 * (the county health rankings on March 16-31 40-50k, docs/lab-notes/trends.md).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';
import { clusterArticles, type ClusterOptions } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { loadMergeModel } from '../../src/detect/merge-model';
import { DEFAULT_REJOIN_OPTIONS, type RejoinOptions } from '../../src/detect/rejoin-stories';
import { meaningFor, type MeaningSource } from '../evaluate/trends/encoder-meaning';
import { clusterInRuns } from '../evaluate/trends/cluster-in-runs';
import { rejoinedAssignments } from '../evaluate/trends/rejoined';
import { absorbedMembers, type AbsorbOptions } from '../evaluate/trends/absorbed-members';
import { detectedSet } from '../evaluate/trends/demo-trends';
import { bcubed } from '../metrics/bcubed';
import { correctLabels } from '../metrics/corrected-gold';
import { CLUSTER_SETS, FIGURE_AND_PAIR_READING_SETS, FIGURES_NOW, PAIR_READING_SETS } from '../corpus/cluster-sets';

type Options = ClusterOptions &
  RejoinOptions &
  AbsorbOptions & { runMinutes: number; meaningSource: MeaningSource; mergeModelPath: string };
const { options, wanted } = readCommandLine(
  "cluster-figures.ts ['<clustering options as JSON>'] [set keys or roles, comma-separated]",
  {},
  ({ positionals }) => {
    const [json = '{}', sets] = atMost(2, positionals);
    const known = [
      ...new Set([...CLUSTER_SETS.flatMap((s) => [s.key, s.role]), ...PAIR_READING_SETS.map((s) => s.key)]),
    ];
    return { options: jsonOptions<Options>(json), wanted: sets ? new Set(knownNames(sets, known)) : null };
  },
);
const { runMinutes, meaningSource, mergeModelPath, ...overrides } = options;
const idf = backgroundIdf();

process.stdout.write(
  `options: ${JSON.stringify(overrides)}${runMinutes ? `, runs every ${runMinutes} min` : ''}` +
    `, meaning ${meaningSource ?? 'glove'}${mergeModelPath ? `, merge model ${mergeModelPath}` : ''}\n`,
);
const mergeModel = mergeModelPath ? loadMergeModel(mergeModelPath) : undefined;
for (const set of FIGURE_AND_PAIR_READING_SETS) {
  // A role names the figures' sets only; a pair-reading set is run when its key is named.
  const figure = CLUSTER_SETS.includes(set);
  if (wanted ? !wanted.has(set.key) && !(figure && wanted.has(set.role)) : !figure) continue;
  const loaded = set.load();
  const { articles, gold } = detectedSet(loaded);
  const meaning = await meaningFor(meaningSource, articles, { now: FIGURES_NOW, idf, ...overrides });
  const opts = { idf, ...overrides, ...(meaning ? { meaning } : {}), ...(mergeModel ? { mergeModel } : {}) };
  const clustered = runMinutes
    ? clusterInRuns(articles, runMinutes, opts, FIGURES_NOW)
    : clusterArticles(articles, [], { now: FIGURES_NOW, ...opts }).assignments;
  const rejoined = await rejoinedAssignments(articles, clustered, idf, overrides);
  const read = correctLabels(gold);
  // The member-level absorb of detection (absorb-members.ts) at its default, `"absorbMeaning":0`
  // leaves it out; its printed moves (PRINT_ABSORB=1) say SAME or OTHER by the corrected labels.
  const absorbMeaning = overrides.absorbMeaning ?? DEFAULT_REJOIN_OPTIONS.absorbMeaning;
  const assignments =
    absorbMeaning > 0
      ? await absorbedMembers(articles, rejoined, idf, { ...overrides, absorbMeaning }, (id) => read.get(id))
      : rejoined;
  const m = bcubed(assignments, gold);
  const r = bcubed(assignments, read);
  process.stdout.write(
    `  ${set.role.padEnd(8)}  ${set.label.padEnd(34)} n ${String(articles.length).padStart(6)}  ` +
      `cols ${String(loaded.articles.length - articles.length).padStart(3)}  ` +
      `gold ${String(new Set(gold.values()).size).padStart(4)}  P ${m.precision.toFixed(3)}  ` +
      `R ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}  | read gold ${String(new Set(read.values()).size).padStart(4)}  ` +
      `P ${r.precision.toFixed(3)}  R ${r.recall.toFixed(3)}  F1 ${r.f1.toFixed(3)}\n`,
  );
}
