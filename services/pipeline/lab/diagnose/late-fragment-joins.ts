/**
 * Every pair of trends the small-fragment path of the story rejoin lets be judged (rejoin-stories.ts
 * smallFragment: a trend of a few reports founded beside or within rejoinLateHours after a larger
 * one's last report) on each set clustered by the defaults: the gap, the central headlines'
 * meaning, whether the fragment's subject words are the larger's (subjectShared), the centroid
 * cosine, the shared entities, whether the rejoin joins it and did without the path, the majority
 * gold stories and how a reader read the pair (data/story-joins/*.tsv; "same UCI story" when UCI
 * files both under one story, "unread" when no file holds the pair).
 * Run: node --import tsx services/pipeline/lab/diagnose/late-fragment-joins.ts ['<rejoin options as JSON>'] [demo,mar1-0,...]
 * `"runMinutes":10` in the options clusters each set as detection runs every 10 minutes do (a
 * story's late reports can then found a trend of their own, as on a real demo).
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  reportedAtOnce,
  sizesAllowed,
  sameStory,
  smallFragment,
  subjectShared,
  type RejoinOptions,
} from '../../src/detect/rejoin-stories';
import { dot as termDot } from '../../src/detect/term-vector';
import { dot } from '../../src/text/word-vectors';
import { clusteredSet, rejoinPool } from '../evaluate/trends/clustered-set';
import { pairReadings } from '../metrics/corrected-gold';
import { DEMO_AND_CLUSTER_SET_KEYS, FIGURES_NOW } from '../corpus/cluster-sets';

const { options, wanted } = readCommandLine(
  "late-fragment-joins.ts ['<rejoin options as JSON>'] [set keys, comma-separated: demo,mar1-0,...]",
  {},
  ({ positionals }) => {
    const [json = '{}', keys = DEMO_AND_CLUSTER_SET_KEYS.join(',')] = atMost(2, positionals);
    return {
      options: jsonOptions<RejoinOptions & { runMinutes: number }>(json),
      wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS),
    };
  },
);
const { runMinutes = 0, ...rejoin } = options;
const o: RejoinOptions = { ...DEFAULT_REJOIN_OPTIONS, ...rejoin };
/** The rejoin without the small-fragment path. */
const OFF: RejoinOptions = { ...o, rejoinLateHours: 0 };
const idf = backgroundIdf();
const bare = (id: string): string => id.replace(/^uci:/, '');
const readingOf = pairReadings();

const tally = new Map<string, number>();
for (const key of wanted) {
  const set = clusteredSet(key, idf, FIGURES_NOW, runMinutes);
  const { majority } = set;
  const { pairs, meaning } = await rejoinPool(set, idf, o);
  for (const [a, b] of pairs) {
    if (!smallFragment(a, b, o)) continue;
    const [ma, mb] = [meaning(a), meaning(b)];
    if (!ma || !mb) continue;
    const m = dot(ma, mb);
    const joined = sameStory(a, b, m, o);
    const before = sameStory(a, b, m, OFF) && sizesAllowed(a, b, OFF);
    const path = reportedAtOnce(a, b, o.rejoinAtOnceSeconds) ? 'at once' : 'late';
    const [ga, gb] = [bare(majority.get(a.id)!), bare(majority.get(b.id)!)];
    const reading = readingOf(ga, gb);
    const verdict = joined ? (before ? 'joined before' : 'NEW JOIN') : 'apart';
    if (joined && !before) tally.set(`${key} ${reading}`, (tally.get(`${key} ${reading}`) ?? 0) + 1);
    const shared = [...a.entities].filter((e) => b.entities.has(e));
    const gap = (b.first_seen - a.last_seen) / 3_600_000;
    process.stdout.write(
      `${key}\t${verdict}\t${reading}\t${path}\tgap ${gap.toFixed(2)} h\tmeaning ${m.toFixed(3)}\t` +
        `subject ${subjectShared(a, b) ? 'shared' : 'no'}\t` +
        `cosine ${termDot(a.centroid, b.centroid).toFixed(3)}\t${a.article_count}/${b.article_count}\t` +
        `[${shared.join(', ')}]\t${ga}\t${gb}\n\t${a.central.join(' / ')}\n\t${b.central.join(' / ')}\n`,
    );
  }
}
process.stdout.write(`joins by the late-fragment path: ${JSON.stringify(Object.fromEntries(tally))}\n`);
