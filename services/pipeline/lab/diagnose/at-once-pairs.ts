/**
 * Every pair of trends founded at once (the later founded at most `hours` after the earlier's
 * founding and before its last report, or within rejoinAtOnceSeconds after it) that share one of
 * their heaviest terms and that the story rejoin leaves apart, on each set clustered and rejoined by
 * the defaults: sizes, centroid cosine, shared heaviest terms and entities, the central headlines'
 * meaning, the majority gold stories (labels corrected by reading) and how a reader read the pair
 * (data/story-joins/*.tsv), with both ids. "members" is the mean meaning of each side's member headlines
 * against the other side's central headlines (a to b / b to a); "overlap" what their members share (pair-overlap.ts: key phrases,
 * rare words, near-duplicate family). Pairs whose meaning is under `least` are counted, not printed. What a
 * rule for one story's reports told in other words in the same hours would have to separate
 * (docs/lab-notes/trends.md, "One story told in other words in the same hours").
 * Run: node --import tsx services/pipeline/lab/diagnose/at-once-pairs.ts [least meaning, 0.45] [hours, 12] [demo,apr-0,...]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, knownNames, oneNumber, readCommandLine } from '../command-line';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  meanEmbedding,
  reportedAtOnce,
  storyViews,
  type StoryView,
} from '../../src/detect/rejoin-stories';
import { dot as termDot, sharedTerms, topTerms } from '../../src/detect/term-vector';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot } from '../../src/text/word-vectors';
import { normaliseText } from '../../src/text/normalise-text';
import { clusteredSet } from '../evaluate/trends/clustered-set';
import { rejoinedAssignments, trendsWithMajority } from '../evaluate/trends/rejoined';
import { articleLabeller, AT_ONCE_READINGS, pairReadings, READING_FILES } from '../metrics/corrected-gold';
import { pairOverlap } from '../metrics/pair-overlap';
import { DEMO_AND_PAIR_READING_SET_KEYS, FIGURES_NOW } from '../corpus/cluster-sets';

const { least, hours, wanted } = readCommandLine(
  'at-once-pairs.ts [least meaning, 0.45] [hours between the foundings, 12] [set keys, comma-separated: demo,apr-0,...]',
  {},
  ({ positionals }) => {
    const [l = '0.45', h = '12', keys = 'demo,apr-0,apr-10,giveme-train'] = atMost(3, positionals);
    return {
      least: oneNumber(l),
      hours: oneNumber(h),
      wanted: knownNames(keys, DEMO_AND_PAIR_READING_SET_KEYS),
    };
  },
);
const idf = backgroundIdf();
// The at-once pairs' own readings besides the rejoin pool's (Game of Thrones' two interviews are read there only).
const readingOf = pairReadings([...READING_FILES, AT_ONCE_READINGS]);
const label = articleLabeller();
const o = { ...DEFAULT_REJOIN_OPTIONS, rejoinMinArticles: 2 };

for (const key of wanted) {
  const set = clusteredSet(key, idf, FIGURES_NOW);
  const after = await rejoinedAssignments(set.articles, set.assignments, idf);
  const { groups, majority } = trendsWithMajority(set.articles, after, (id) => label(id, set.gold.get(id)!));
  const views = storyViews(groups, idf, o);
  const pairs: [StoryView, StoryView][] = [];
  for (let i = 0; i < views.length; i++)
    for (let j = i + 1; j < views.length; j++) {
      const [a, b] = [views[i]!, views[j]!];
      if (b.first_seen > a.last_seen + o.rejoinAtOnceSeconds * 1000) continue;
      if (b.first_seen - a.first_seen > hours * 3_600_000 || !reportedAtOnce(a, b, o.rejoinAtOnceSeconds)) continue;
      // A pair is looked up by a shared heaviest term, as the rejoin's candidates are.
      if (sharedTerms(topTerms(a.centroid, 10), topTerms(b.centroid, 10)) > 0) pairs.push([a, b]);
    }
  const lookup = await embeddingLookup(new Set(pairs.flatMap(([a, b]) => [...a.central, ...b.central])));
  const meaning = new Map(views.map((v) => [v.id, meanEmbedding(v.central.map(lookup))]));
  const shown = pairs.filter(([a, b]) => {
    const [ma, mb] = [meaning.get(a.id), meaning.get(b.id)];
    return ma !== undefined && mb !== undefined && dot(ma, mb) >= least;
  });
  const titlesOf = (id: string): string[] =>
    groups
      .get(id)!
      .map((m) => normaliseText(m.title))
      .filter((t) => t !== '');
  const memberLookup = await embeddingLookup(shown.flatMap(([a, b]) => [...titlesOf(a.id), ...titlesOf(b.id)]));
  // Mean meaning of one trend's member headlines against the other's central headlines: whether its
  // members, not only its central headlines, tell the other's story.
  const membersAgainst = (from: StoryView, to: StoryView): number => {
    const target = meaning.get(to.id)!;
    const values = titlesOf(from.id)
      .map(memberLookup)
      .filter((v) => v !== undefined)
      .map((v) => dot(v, target));
    return values.length === 0 ? 0 : values.reduce((x, y) => x + y, 0) / values.length;
  };
  const counts = { pairs: pairs.length, printed: 0, sameGold: 0 };
  const lines: [number, string][] = [];
  for (const [a, b] of pairs) {
    const [ma, mb] = [meaning.get(a.id), meaning.get(b.id)];
    if (!ma || !mb) continue;
    const m = dot(ma, mb);
    if (m < least) continue;
    counts.printed++;
    const [ga, gb] = [majority.get(a.id)!, majority.get(b.id)!];
    const reading = readingOf(ga[0], gb[0]);
    if (ga[0] === gb[0]) counts.sameGold++;
    const shared = [...a.entities].filter((e) => b.entities.has(e));
    const overlap = pairOverlap(groups.get(a.id)!, groups.get(b.id)!, idf);
    lines.push([
      m,
      `${key}\t${reading}\tmeaning ${m.toFixed(3)}\tcosine ${termDot(a.centroid, b.centroid).toFixed(3)}\t` +
        `terms ${sharedTerms(topTerms(a.centroid, 10), topTerms(b.centroid, 10))}\t` +
        `members ${membersAgainst(a, b).toFixed(3)}/${membersAgainst(b, a).toFixed(3)}\t` +
        `overlap phrases ${overlap.phrases.toFixed(2)} rare ${overlap.rare.toFixed(2)} family ${overlap.family.toFixed(2)}\t` +
        `${a.article_count}/${b.article_count} (gold ${ga[1]}/${b.article_count === 0 ? 0 : gb[1]})\t` +
        `founded ${((b.first_seen - a.first_seen) / 60_000).toFixed(0)} min apart\t[${shared.join(', ')}]\tgold ${ga[0]} / ${gb[0]}\n` +
        `\t${a.central.join(' / ')}\n\t${b.central.join(' / ')}\n`,
    ]);
  }
  for (const [, line] of lines.sort((x, y) => y[0] - x[0])) process.stdout.write(line);
  process.stdout.write(`${key}: ${JSON.stringify(counts)}\n`);
}
