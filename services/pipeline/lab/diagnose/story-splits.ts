/**
 * Where the reports of some corrected gold stories of one set end, clustered in one pass and as
 * detection runs every `runMinutes` cluster (cluster-in-runs.ts), each before the rejoin, after it
 * and after the member absorb: the trends holding them, with the story's share and the trend's
 * founding and last report (a story one pass keeps together and runs split, or the reverse).
 * Run: node --import tsx services/pipeline/lab/diagnose/story-splits.ts <set key> <story,story,...> [runMinutes]
 */
import '@trendscope/core/require-project-node';
import { CLUSTER_SETS } from '../corpus/cluster-sets';
import { atMost, knownNames, oneNumber, readCommandLine } from '../command-line';
import { detectedSet } from '../evaluate/trends/demo-trends';
import { clusterArticles } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { clusterInRuns } from '../evaluate/trends/cluster-in-runs';
import { rejoinedAssignments } from '../evaluate/trends/rejoined';
import { absorbedMembers } from '../evaluate/trends/absorbed-members';
import { DEFAULT_REJOIN_OPTIONS } from '../../src/detect/rejoin-stories';
import { correctLabels } from '../metrics/corrected-gold';

const { key, stories, minutes } = readCommandLine(
  'story-splits.ts <set key> <story,story,...> [runMinutes]',
  {},
  ({ positionals }) => {
    const [key, list, minutes = '10'] = atMost(3, positionals);
    if (key === undefined || list === undefined) throw new Error('a set key and stories are needed');
    return {
      key: knownNames(
        key,
        CLUSTER_SETS.map((s) => s.key),
      )[0]!,
      stories: list.split(',').filter((s) => s !== ''),
      minutes: oneNumber(minutes),
    };
  },
);
const set = CLUSTER_SETS.find((s) => s.key === key)!;
const { articles, gold } = detectedSet(set.load());
const read = correctLabels(gold);
const idf = backgroundIdf();
const now = new Date(Math.max(...articles.map((a) => a.time)) + 60_000);
const byId = new Map(articles.map((a) => [a.id, a]));
const iso = (ms: number): string => new Date(ms).toISOString().slice(5, 16);

function show(name: string, assignments: ReadonlyMap<string, string>): void {
  const members = new Map<string, string[]>();
  for (const [a, t] of assignments) members.set(t, [...(members.get(t) ?? []), a]);
  process.stdout.write(`  ${name}\n`);
  for (const story of stories) {
    const held = [...members].filter(([, ids]) => ids.some((a) => read.get(a) === story));
    process.stdout.write(`    ${story}\n`);
    for (const [t, ids] of held.sort((x, y) => y[1].length - x[1].length)) {
      const times = ids.map((a) => byId.get(a)!.time).sort((x, y) => x - y);
      const mine = ids.filter((a) => read.get(a) === story);
      const first = byId.get(mine[0]!)!.title;
      process.stdout.write(
        `      ${t.slice(0, 12)} ${mine.length}/${ids.length} ${iso(times[0]!)}..${iso(times[times.length - 1]!)} "${first}"\n`,
      );
    }
  }
}

const passes: [string, Map<string, string>][] = [
  ['one pass', clusterArticles(articles, [], { now, idf }).assignments],
  [`runs every ${minutes} min`, clusterInRuns(articles, minutes, { idf }, now)],
];
for (const [name, clustered] of passes) {
  show(`${name}: clustered`, clustered);
  const rejoined = await rejoinedAssignments(articles, clustered, idf, {});
  show(`${name}: rejoined`, rejoined);
  const absorbed = await absorbedMembers(articles, rejoined, idf, {
    absorbMeaning: DEFAULT_REJOIN_OPTIONS.absorbMeaning,
  });
  show(`${name}: absorbed`, absorbed);
}
