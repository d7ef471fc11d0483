/**
 * How many articles each evaluation set (cluster-sets.ts) shares with the demo's articles (all of
 * Giveme5W1H and the first DEMO_UCI_ROWS UCI rows, demo-trends.ts), by article id, and how many of
 * its gold stories: a held-out set that shares the demo's articles is not fully unseen by defaults
 * tuned on the demo (docs/quality.md). Then the pair-reading sets (PAIR_READING_SETS): the articles
 * each shares with any other set, which must be none (they are read to tune the rejoin), and the
 * gold stories it shares with the held-out sets (a long story runs across consecutive row slices).
 * Run: node --import tsx services/pipeline/lab/diagnose/set-overlap.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, readCommandLine } from '../command-line';
import { CLUSTER_SETS, FIGURE_AND_PAIR_READING_SETS, PAIR_READING_SETS } from '../corpus/cluster-sets';
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

const loaded = new Map(FIGURE_AND_PAIR_READING_SETS.map((s) => [s.key, s.load()]));
const others = new Map([...loaded].map(([key, l]) => [key, new Set(l.articles.map((a) => a.id))]));
const heldStories = new Set(
  CLUSTER_SETS.filter((s) => s.role === 'held out').flatMap((s) => [...loaded.get(s.key)!.gold.values()]),
);
for (const set of PAIR_READING_SETS) {
  const ids = others.get(set.key)!;
  const shared = [...others]
    .filter(([key]) => key !== set.key)
    .map(([key, other]) => [key, [...ids].filter((id) => other.has(id)).length] as const)
    .filter(([, n]) => n > 0);
  const demoShared = [...ids].filter((id) => demo.gold.has(id)).length;
  const stories = new Set(loaded.get(set.key)!.gold.values());
  const storiesHeld = [...stories].filter((g) => heldStories.has(g)).length;
  process.stdout.write(
    `${set.key} (pair reading, ${set.label}): ${ids.size} articles; ${demoShared} shared with the demo; ` +
      `${shared.length === 0 ? 'none with any other set' : shared.map(([k, n]) => `${n} with ${k}`).join(', ')}; ` +
      `${storiesHeld} of its ${stories.size} gold stories also in a held-out set\n`,
  );
}
