/**
 * How the story rejoin treats a story's last reports cut off as a trend of their own, as a
 * detection run can leave them (a real demo's migraine headband: 4 reports beside 32). On each set
 * clustered by the defaults, every trend of at least 8 members is cut in two: its last `k` reports
 * (a fragment) and the rest. Every pair with a fragment that the rejoin's cheap gates let through is
 * judged with the options given and without the small-fragment path (rejoinLateHours 0): a
 * fragment joined to its own rest is a story made whole; one joined to another trend is read against
 * the gold (another majority story, unless a reading file calls the two one story) and printed.
 * Run: node --import tsx services/pipeline/lab/diagnose/fragment-rejoin-check.ts ['<rejoin options as JSON>'] [set keys] [k]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';
import type { DetectArticle } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  meanEmbedding,
  rejoinCandidates,
  rejoinTexts,
  joiningTest,
  sameStory,
  sizesAllowed,
  storyViews,
  subjectShared,
  type RejoinOptions,
  type StoryView,
} from '../../src/detect/rejoin-stories';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot } from '../../src/text/word-vectors';
import { clusteredSet } from '../evaluate/trends/clustered-set';
import { loadReadings, READING_FILES } from '../metrics/corrected-gold';
import { DEMO_AND_CLUSTER_SET_KEYS, FIGURES_NOW } from '../corpus/cluster-sets';

const { options, wanted, k } = readCommandLine(
  "fragment-rejoin-check.ts ['<rejoin options as JSON>'] [set keys, comma-separated: demo,mar1-0,...] [k]",
  {},
  ({ positionals }) => {
    const [json = '{}', keys = DEMO_AND_CLUSTER_SET_KEYS.join(','), size = '3'] = atMost(3, positionals);
    const k = Number(size);
    if (!Number.isInteger(k) || k < 2) throw new Error(`not a fragment size: ${size}`);
    return { options: jsonOptions<RejoinOptions>(json), wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS), k };
  },
);
const o: RejoinOptions = { ...DEFAULT_REJOIN_OPTIONS, ...options };
const off: RejoinOptions = { ...o, rejoinLateHours: 0 };
const idf = backgroundIdf();
const bare = (id: string): string => id.replace(/^uci:/, '');
const oneStory = new Set<string>();
for (const r of READING_FILES.flatMap(loadReadings)) if (r.oneStory) oneStory.add(`${r.a} ${r.b}`).add(`${r.b} ${r.a}`);
const FRAGMENT = '#fragment';

for (const key of wanted) {
  const set = clusteredSet(key, idf, FIGURES_NOW);
  const cut = new Map<string, DetectArticle[]>();
  for (const [id, members] of set.groups) {
    const sorted = [...members].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
    if (sorted.length < 8) {
      cut.set(id, sorted);
      continue;
    }
    cut.set(id, sorted.slice(0, -k));
    cut.set(`${id}${FRAGMENT}`, sorted.slice(-k));
  }
  const views = storyViews(cut, idf, o);
  const pairs = rejoinCandidates(views, o).filter(([a, b]) => a.id.endsWith(FRAGMENT) !== b.id.endsWith(FRAGMENT));
  const lookup = await embeddingLookup(rejoinTexts(pairs));
  const meaning = (v: StoryView): Float32Array | undefined => meanEmbedding(v.central.map(lookup));
  const counts = {
    fragments: [...cut.keys()].filter((id) => id.endsWith(FRAGMENT)).length,
    own: [0, 0],
    other: [0, 0],
  };
  const lines: string[] = [];
  // The test that joined each pair the small-fragment path lets be judged (new joins only).
  const tests = new Map<string, number>();
  for (const [a, b] of pairs) {
    const [ma, mb] = [meaning(a), meaning(b)];
    if (!ma || !mb) continue;
    const m = dot(ma, mb);
    const [fragment, other] = a.id.endsWith(FRAGMENT) ? [a, b] : [b, a];
    const before = sizesAllowed(a, b, off) && sameStory(a, b, m, off);
    const after = sameStory(a, b, m, o);
    const own = fragment.id === `${other.id}${FRAGMENT}`;
    const ga = bare(set.majority.get(fragment.id.slice(0, -FRAGMENT.length))!);
    const gb = bare(set.majority.get(other.id.replace(FRAGMENT, ''))!);
    const counted = own ? counts.own : counts.other;
    if (before) counted[0]!++;
    if (after) counted[1]!++;
    if (after && !before) {
      const test = `${own ? 'own' : 'other'} by ${joiningTest(a, b, m, o)}`;
      tests.set(test, (tests.get(test) ?? 0) + 1);
    }
    if (!own && after && !before) {
      const reading = ga === gb ? 'same UCI story' : oneStory.has(`${ga} ${gb}`) ? 'read one story' : 'another story';
      lines.push(
        `  ${reading}\tmeaning ${m.toFixed(3)}\tsubject ${subjectShared(a, b)}\t${fragment.article_count}/${other.article_count}\n` +
          `\t${fragment.central.join(' / ')}\n\t${other.central.join(' / ')}`,
      );
    }
  }
  process.stdout.write(
    `${key}: ${counts.fragments} fragments of ${k}; joined to their own trend ${counts.own[0]} -> ${counts.own[1]}, ` +
      `to another ${counts.other[0]} -> ${counts.other[1]}; new joins ${JSON.stringify(Object.fromEntries(tests))}\n` +
      lines.map((l) => `${l}\n`).join(''),
  );
}
