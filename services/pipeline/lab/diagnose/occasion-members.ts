/**
 * The named occasion in all members of the trends of a gold story that leads two or more listed
 * trends (corrected labels): for each such story, each trend's occasions counted over its central
 * headlines (the rejoin's story view) and over all its member headlines (named-events.ts
 * occasionCounts, the occasions read across the story's trends), and each pair's meaning. Whether
 * the occasion read over all members, not only the central headlines, would join what the
 * occasion test leaves apart. Then every candidate pair of the whole list (rejoinCandidates over
 * every trend) the defaults leave apart at rejoinOccasionMeaning or more whose one side's central
 * headlines name an occasion in OCCASION_HEADLINES or more and whose other side's members name it,
 * with that share of members and whether the two trends lead one gold story.
 * Run: node --import tsx services/pipeline/lab/diagnose/occasion-members.ts ['<options as JSON>'] [apr-30,...]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';
import { isListed } from '@trendscope/core';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  joiningTest,
  meanEmbedding,
  rejoinCandidates,
  storyViews,
  type StoryView,
} from '../../src/detect/rejoin-stories';
import { OCCASION_HEADLINES, occasionCounts, pairOccasions } from '../../src/detect/named-events';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot as denseDot } from '../../src/text/word-vectors';
import { leadingGold } from '../metrics/story-quality';
import { setTrends, type Options } from './story-figures';
import { correctedLabels, repeatedStories } from './repeated-stories';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';

const { options, wanted } = readCommandLine(
  "occasion-members.ts ['<options as JSON>'] [set keys, comma-separated: demo,apr-30,...]",
  {},
  ({ positionals }) => {
    const [json = '{}', keys = 'apr-30'] = atMost(2, positionals);
    return { options: jsonOptions<Options>(json), wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS) };
  },
);
const o = { ...DEFAULT_REJOIN_OPTIONS, ...options };
const idf = backgroundIdf();
const counts = (m: Map<string, number>): string => [...m].map(([k, n]) => `${k} ${n}`).join(', ') || '-';

for (const key of wanted) {
  const { byId, groups, views, meaning } = await repeatedStories(key, options, o);
  process.stdout.write(`${key}: ${groups.length} gold stories leading 2+ listed trends (corrected labels)\n`);
  for (const [gold, ds] of groups) {
    // The occasions read in any of the story's trends' member headlines (each trend read on its own:
    // a work's title read across all of them would hide "Palm Sunday" quoted in one).
    const occasions = new Set(ds.flatMap((d) => [...pairOccasions(d.titles)]));
    process.stdout.write(`  ${gold}  occasions read: ${[...occasions].join(', ') || '-'}\n`);
    for (const d of ds) {
      const v = views.get(d.trend.id)!;
      const central = occasionCounts(v.central, occasions);
      const all = occasionCounts(d.titles, occasions);
      process.stdout.write(
        `    [${d.trend.article_count}] ${d.trend.topic}\n      central: ${counts(central)}; members (${d.titles.length}): ${counts(all)}\n` +
          `      central: ${v.central.join(' / ')}\n`,
      );
      if (process.env.MEMBERS) for (const t of d.titles) process.stdout.write(`        ${t}\n`);
    }
    const vs = ds.map((d) => views.get(d.trend.id)!);
    for (let i = 0; i < vs.length; i++)
      for (let j = i + 1; j < vs.length; j++)
        process.stdout.write(
          `    pair ${vs[i]!.article_count}/${vs[j]!.article_count} meaning ${denseDot(meaning(vs[i]!), meaning(vs[j]!)).toFixed(3)}\n`,
        );
  }

  // The whole list: what a rule reading the occasion over one side's members would add.
  const all = await setTrends(key, options);
  const byTrend = new Map(all.map((d) => [d.trend.id, d]));
  const every = new Map(all.map((d) => [d.trend.id, (d.ids ?? []).map((id) => byId.get(id)!)]));
  const pairs = rejoinCandidates(storyViews(every, idf, o), o);
  const embed = await embeddingLookup([...new Set(pairs.flatMap(([a, b]) => [...a.central, ...b.central]))]);
  const mean = (v: StoryView): Float32Array => meanEmbedding(v.central.map(embed)) ?? new Float32Array(1);
  const gold = (id: string): string => {
    const d = byTrend.get(id)!;
    return leadingGold({ ...d, gold: correctedLabels(d) });
  };
  process.stdout.write(
    `  ${pairs.length} candidate pairs; left apart, occasion in one side's central x${OCCASION_HEADLINES}+, named by the other's members:\n`,
  );
  for (const [a, b] of pairs) {
    const m = denseDot(mean(a), mean(b));
    if (m < o.rejoinOccasionMeaning || joiningTest(a, b, m, o) !== undefined) continue;
    for (const [c, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const named = [...occasionCounts(c.central, pairOccasions(c.central))].filter(([, n]) => n >= OCCASION_HEADLINES);
      for (const [occasion] of named) {
        const titles = byTrend.get(other.id)!.titles;
        const n = occasionCounts(titles, new Set([occasion])).get(occasion) ?? 0;
        if (n === 0) continue;
        const same = gold(a.id) === gold(b.id) ? 'ONE gold story' : 'two gold stories';
        process.stdout.write(
          `    ${occasion}: ${n}/${titles.length} (${(n / titles.length).toFixed(3)}) members of [${other.article_count}] ` +
            `"${byTrend.get(other.id)!.trend.topic}" / central x2 of [${c.article_count}] "${byTrend.get(c.id)!.trend.topic}", ` +
            `meaning ${m.toFixed(3)}, ${same}, listed ${isListed(byTrend.get(a.id)!.trend) && isListed(byTrend.get(b.id)!.trend)}\n`,
        );
      }
    }
  }
}
