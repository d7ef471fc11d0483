/**
 * How many articles each evaluation set (cluster-sets.ts) shares with the demo's articles (all of
 * Giveme5W1H and the first DEMO_UCI_ROWS UCI rows, demo-trends.ts), by article id, and how many of
 * its gold stories: a held-out set that shares the demo's articles is not fully unseen by defaults
 * tuned on the demo (docs/quality.md).
 * Run: node --import tsx services/pipeline/lab/diagnose/set-overlap.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { CLUSTER_SETS } from '../corpus/cluster-sets';
import { demoArticles } from '../evaluate/trends/demo-trends';

readCommandLine('set-overlap.ts', {}, ({ positionals }) => atMost(0, positionals));
const demo = demoArticles(new Date('2026-11-23T12:00:00Z'));
process.stdout.write(`demo: ${demo.articles.length} articles\n`);
for (const set of CLUSTER_SETS) {
  const { articles, gold } = set.load();
  const shared = articles.filter((a) => demo.gold.has(a.id));
  const stories = new Set([...gold.values()]);
  // A set's gold story is shared when the demo holds any of its articles.
  const sharedStories = new Set(shared.map((a) => gold.get(a.id)!)).size;
  process.stdout.write(
    `${set.key} (${set.role}, ${set.label}): ${shared.length} of ${articles.length} articles shared, ` +
      `${sharedStories} of ${stories.size} gold stories shared\n`,
  );
}
