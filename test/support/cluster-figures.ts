/**
 * Prints clustering B-cubed P/R/F1 per evaluation set (cluster-sets.ts: tuning and held-out sets)
 * with the production defaults, or with options given as JSON (ablations).
 * Run: node --import tsx test/support/cluster-figures.ts ['{"mergeThreshold":0}'] [set keys, comma-separated]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { clusterArticles, type ClusterOptions } from '@trendscope/pipeline/detect/cluster';
import { backgroundIdf } from '@trendscope/pipeline/detect/idf';
import { bcubed } from '@trendscope/pipeline/scripts/metrics/bcubed';
import { CLUSTER_SETS } from '@trendscope/pipeline/scripts/corpus/cluster-sets';

const NOW = new Date('2030-01-01T00:00:00Z');
const overrides = JSON.parse(process.argv[2] ?? '{}') as Partial<ClusterOptions>;
const wanted = process.argv[3] ? new Set(process.argv[3].split(',')) : null;
const idf = backgroundIdf();

process.stdout.write(`options: ${JSON.stringify(overrides)}\n`);
for (const set of CLUSTER_SETS) {
  if (wanted && !wanted.has(set.key) && !wanted.has(set.role)) continue;
  const { articles, gold } = set.load();
  const m = bcubed(clusterArticles(articles, [], { now: NOW, idf, ...overrides }).assignments, gold);
  process.stdout.write(
    `  ${set.role.padEnd(8)}  ${set.label.padEnd(34)} n ${String(articles.length).padStart(6)}  ` +
      `gold ${String(new Set(gold.values()).size).padStart(4)}  P ${m.precision.toFixed(3)}  ` +
      `R ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)}\n`,
  );
}
