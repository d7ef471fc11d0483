/**
 * For every gold story (labels corrected by reading, corrected-gold.ts) that leads two or more
 * listed trends of a whole in-process list (story-figures.ts), each pair of those trends with the
 * story rejoin's evidence (rejoin-stories.ts: sizes, time gap, centroid cosine, shared heaviest
 * terms, shared entities, central-headline meaning, the business event both name, the event kinds
 * of each side and their match: event-classes.ts) and the first gate that keeps the pair apart;
 * each trend with its topic, size, founding and last times and how many of its members are of that
 * story, and a small trend's (SMALL_TREND reports or fewer) member headlines, those of that story marked.
 * Run: node --import tsx services/pipeline/lab/diagnose/story-repeat-gates.ts ['<options as JSON>'] [demo,mar1-0,...]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';
import {
  DEFAULT_REJOIN_OPTIONS,
  namedSubject,
  sameStory,
  sizesAllowed,
  type StoryView,
} from '../../src/detect/rejoin-stories';
import { sharedBusinessEvent } from '../../src/detect/shared-business-event';
import { eventClassCounts, eventKindMatch } from '../../src/detect/event-classes';
import { dot, sharedTerms, topTerms } from '../../src/detect/term-vector';
import { dot as denseDot } from '../../src/text/word-vectors';
import type { Options } from './story-figures';
import { correctedLabels, repeatedStories } from './repeated-stories';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';

const { options, wanted } = readCommandLine(
  "story-repeat-gates.ts ['<options as JSON>'] [set keys, comma-separated: demo,mar1-0,...]",
  {},
  ({ positionals }) => {
    const [json = '{}', keys = 'demo,mar1-0,mar2-0,mar2-20,mar2-40,apr-30'] = atMost(2, positionals);
    return {
      options: jsonOptions<Options>(json),
      wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS),
    };
  },
);
const o = { ...DEFAULT_REJOIN_OPTIONS, ...options };
/** Most members of a trend whose headlines are printed (a small trend: 2-9 reports). */
const SMALL_TREND = 9;

for (const key of wanted) {
  const { groups, views, meaning } = await repeatedStories(key, options, o);
  process.stdout.write(`${key}: ${groups.length} gold stories leading 2+ listed trends (corrected labels)\n`);
  for (const [gold, ds] of groups) {
    process.stdout.write(`  ${gold}\n`);
    for (const d of ds) {
      const share = correctedLabels(d).filter((g) => g === gold).length;
      process.stdout.write(
        `    [${d.trend.article_count}] ${d.trend.topic}  (founded ${d.trend.first_seen}, ` +
          `last ${d.trend.last_seen}, ${share} of ${d.gold.length} members of this story)\n`,
      );
      // A small trend's members, each marked "=" when of this story: often half one story, half another.
      if (d.titles.length <= SMALL_TREND)
        for (const [i, title] of d.titles.entries())
          process.stdout.write(`      ${correctedLabels(d)[i] === gold ? '=' : ' '} ${title}\n`);
    }
    const vs = ds.map((d) => views.get(d.trend.id)!).sort((a, b) => a.first_seen - b.first_seen);
    for (let i = 0; i < vs.length; i++)
      for (let j = i + 1; j < vs.length; j++) {
        const [a, b] = [vs[i]!, vs[j]!];
        const gap = (b.first_seen - a.last_seen) / 3_600_000;
        const cosine = dot(a.centroid, b.centroid);
        const terms = sharedTerms(topTerms(a.centroid, 10), topTerms(b.centroid, 10));
        const entities = [...a.entities].filter((e) => b.entities.has(e));
        const m = denseDot(meaning(a), meaning(b));
        const event = sharedBusinessEvent(a.central, b.central);
        const kind = eventKindMatch(a.central, b.central);
        const classes = (v: StoryView): string => [...eventClassCounts(v.central).keys()].sort().join('+') || '-';
        const gate = !sizesAllowed(a, b, o)
          ? 'size'
          : gap > o.rejoinHours
            ? 'time gap'
            : cosine < o.rejoinCosine
              ? 'centroid cosine'
              : terms < o.rejoinTerms
                ? 'shared terms'
                : entities.length < o.rejoinEntities
                  ? 'entities'
                  : sameStory(a, b, m, o)
                    ? 'passes (joined elsewhere)'
                    : event
                      ? `meaning (company event, under ${o.rejoinEventMeaning})`
                      : kind >= o.rejoinKindMatch
                        ? `meaning (event kind, under ${o.rejoinKindMeaning})`
                        : 'meaning';
        process.stdout.write(
          `    pair ${a.article_count}/${b.article_count} gap ${gap.toFixed(1)} h, cosine ${cosine.toFixed(3)}, ` +
            `terms ${terms}, entities ${entities.length} [${entities.slice(0, 4).join(', ')}], meaning ${m.toFixed(3)}, ` +
            `event ${event ? `${event.kinds.join('+')} [${event.companies.join(', ')}]` : '-'}, ` +
            `name ${namedSubject(a, b, o) ?? '-'}, kinds ${kind.toFixed(2)} [${classes(a)} / ${classes(b)}]  => ${gate}\n` +
            `      ${a.central.join(' / ')}\n      ${b.central.join(' / ')}\n`,
        );
      }
  }
}
