/**
 * How many articles each evaluation set (cluster-sets.ts) shares with the demo's UCI rows (the
 * first DEMO_UCI_ROWS of the corpus, demo-trends.ts), by UCI row id, and how many of its gold
 * stories: a held-out set that shares the demo's rows is not fully unseen by defaults tuned on
 * the demo (docs/quality.md).
 * Run: node --import tsx services/pipeline/lab/diagnose/set-overlap.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { loadUci } from '../corpus/uci.corpus';
import { uciDetectArticles } from '../corpus/detect-articles';
import { CLUSTER_SETS } from '../corpus/cluster-sets';
import { DEMO_UCI_ROWS } from '../evaluate/trends/demo-trends';

readCommandLine('set-overlap.ts', {}, ({ positionals }) => atMost(0, positionals));
const demo = uciDetectArticles(loadUci().slice(0, DEMO_UCI_ROWS));
const demoStories = new Set(demo.gold.values());
process.stdout.write(`demo: ${demo.articles.length} UCI rows, ${demoStories.size} stories\n`);
for (const set of CLUSTER_SETS) {
  const { articles, gold } = set.load();
  const shared = articles.filter((a) => demo.gold.has(a.id)).length;
  const stories = new Set([...gold.values()]);
  const sharedStories = [...stories].filter((g) => demoStories.has(g)).length;
  process.stdout.write(
    `${set.key} (${set.role}, ${set.label}): ${shared} of ${articles.length} articles shared, ` +
      `${sharedStories} of ${stories.size} gold stories shared\n`,
  );
}
