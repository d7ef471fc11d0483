/**
 * Trends a report reopens after a silence, and the reports that follow it within minutes: such a
 * report needs the late-join rule (lateJoinTerms shared terms, the full threshold), but those
 * after it are seconds from the trend's last report and join at the burst-discounted threshold on
 * one shared term. On a real demo SpaceX's CRS-3 launch reports (UCI, March 2014) came a day after
 * the Falcon Heavy's first flight (Giveme5W1H, 2018; the replay shifts both to now): Business
 * Insider's Falcon Heavy photos reopened that trend and 13 CRS-3 reports of the same seconds
 * followed them into it. Per set clustered by the defaults in one pass (clustered-set.ts), every
 * wave (a report after at least `hours` of silence and the members of its trend that follow it,
 * each within lateJoinMinutes of the one before) is counted with its members whose gold story
 * (UCI's or Giveme5W1H's id) is neither the trend's majority story before the silence nor read as
 * one story with it (the reading files, corrected-gold.ts pairReadings): reports of another story
 * carried in by a reopening.
 * Run: node --import tsx services/pipeline/lab/diagnose/reopened-waves.ts [sets, default demo,giveme-train,apr-0,apr-10] [hours, default 12] [-v]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { DEFAULT_CLUSTER_OPTIONS } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { DEMO_AND_CLUSTER_SET_KEYS, FIGURES_NOW } from '../corpus/cluster-sets';
import { clusteredSet } from '../evaluate/trends/clustered-set';
import { pairReadings } from '../metrics/corrected-gold';

const { sets, hours, verbose } = readCommandLine(
  'reopened-waves.ts [sets, default demo,giveme-train,apr-0,apr-10] [hours, default 12] [-v]',
  { v: { type: 'boolean', default: false } },
  ({ positionals, values }) => {
    const [list = 'demo,giveme-train,apr-0,apr-10', h = '12'] = atMost(2, positionals);
    const sets = list.split(',');
    for (const s of sets) knownNames(s, DEMO_AND_CLUSTER_SET_KEYS);
    const hours = Number(h);
    if (!Number.isFinite(hours) || hours <= 0) throw new Error(`hours: not a positive number: ${h}`);
    return { sets, hours, verbose: values.v };
  },
);
const idf = backgroundIdf();
const reading = pairReadings();
const follow = DEFAULT_CLUSTER_OPTIONS.lateJoinMinutes * 60_000;
const bare = (g: string): string => g.replace(/^uci:/, '');

for (const key of sets) {
  const set = clusteredSet(key, idf, FIGURES_NOW);
  let waves = 0;
  let followers = 0;
  let foreign = 0;
  let foreignWaves = 0;
  for (const [trend, members] of set.groups) {
    const sorted = [...members].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.time - sorted[i - 1]!.time < hours * 3_600_000) continue;
      const before = new Map<string, number>();
      for (const m of sorted.slice(0, i)) before.set(set.gold.get(m.id)!, (before.get(set.gold.get(m.id)!) ?? 0) + 1);
      const story = [...before].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]![0];
      let j = i + 1;
      while (j < sorted.length && sorted[j]!.time - sorted[j - 1]!.time <= follow) j++;
      const wave = sorted.slice(i + 1, j);
      waves++;
      followers += wave.length;
      const other = wave.filter((m) => {
        const g = set.gold.get(m.id)!;
        return g !== story && reading(bare(g), bare(story)) !== 'one story';
      });
      foreign += other.length;
      if (other.length > 0) foreignWaves++;
      if (verbose && other.length > 0) {
        process.stdout.write(
          `  ${key} ${trend} [${sorted.length}] before: ${story} (${i}); reopened by ${set.gold.get(sorted[i]!.id)} ` +
            `"${sorted[i]!.title}"; ${other.length} of ${wave.length} following of other stories, e.g. "${other[0]!.title}"\n`,
        );
      }
    }
  }
  process.stdout.write(
    `${key.padEnd(13)} waves after ${hours} h of silence ${String(waves).padStart(4)}  following reports ${String(followers).padStart(5)}  ` +
      `of another story ${String(foreign).padStart(4)} (in ${foreignWaves} waves)\n`,
  );
}
