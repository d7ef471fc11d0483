/**
 * Every pair of trends the story rejoin joins by its company-event test alone (rejoin-stories.ts:
 * central headlines agreeing at rejoinEventMeaning or more but under rejoinMeaning, both reporting
 * one company event, shared-business-event.ts) on each set clustered by the defaults, with the
 * majority gold stories and how a reader read the pair (data/story-joins/*.tsv; "same UCI story"
 * when UCI files both under one story, "unread" when no file holds the pair).
 * Run: node --import tsx services/pipeline/lab/diagnose/company-event-joins.ts [demo,mar1-0,...]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { backgroundIdf } from '../../src/detect/idf';
import { DEFAULT_REJOIN_OPTIONS } from '../../src/detect/rejoin-stories';
import { sharedBusinessEvent } from '../../src/detect/shared-business-event';
import { dot } from '../../src/text/word-vectors';
import { clusteredSet, rejoinPool } from '../evaluate/trends/clustered-set';
import { pairReadings } from '../metrics/corrected-gold';
import { DEMO_AND_CLUSTER_SET_KEYS, FIGURES_NOW } from '../corpus/cluster-sets';

const wanted = readCommandLine(
  'company-event-joins.ts [set keys, comma-separated: demo,mar1-0,...]',
  {},
  ({ positionals }) => {
    const [keys = 'mar1-0,mar2-0,mar2-20,mar2-40,apr-30'] = atMost(1, positionals);
    return knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS);
  },
);
const o = DEFAULT_REJOIN_OPTIONS;
const idf = backgroundIdf();
const bare = (id: string): string => id.replace(/^uci:/, '');
const readingOf = pairReadings();

const tally = new Map<string, number>();
for (const key of wanted) {
  const set = clusteredSet(key, idf, FIGURES_NOW);
  const { majority } = set;
  const { pairs, meaning } = await rejoinPool(set, idf, o);
  for (const [a, b] of pairs) {
    const [ma, mb] = [meaning(a), meaning(b)];
    if (!ma || !mb) continue;
    const m = dot(ma, mb);
    if (m >= o.rejoinMeaning || m < o.rejoinEventMeaning) continue;
    const event = sharedBusinessEvent(a.central, b.central);
    if (!event) continue;
    const [ga, gb] = [bare(majority.get(a.id)!), bare(majority.get(b.id)!)];
    const reading = readingOf(ga, gb);
    tally.set(reading, (tally.get(reading) ?? 0) + 1);
    process.stdout.write(
      `${key}\t${reading}\t${m.toFixed(3)}\t${event.kinds.join('+')} [${event.companies.join(', ')}]\t` +
        `${a.article_count}/${b.article_count}\t${ga}\t${gb}\n\t${a.central.join(' / ')}\n\t${b.central.join(' / ')}\n`,
    );
  }
}
process.stdout.write(`joins by the company-event test: ${JSON.stringify(Object.fromEntries(tally))}\n`);
