/**
 * Every member headline of the given gold stories in one in-process whole list (story-figures.ts),
 * each with the listed trend it lands in (or "-"): what a reader reads to say whether a gold story
 * leading two listed trends is one story or two filed under one id, and which articles are the
 * other story (a row of data/story-joins/split-stories.tsv). A gold id is taken as the set labels
 * it (UCI ids, Giveme events) or as the corrected labels name it (`articleLabeller`, the ids
 * story-figures.ts -v prints as read-gold): ids merged by the pairs read in read-pairs.tsv and
 * held-out-pairs.tsv, and a story split-stories.tsv reads apart ("<id>~<first article>"). Each
 * member shows its set label and, where it differs, its corrected one.
 * Run: node --import tsx services/pipeline/lab/diagnose/gold-members.ts '<options as JSON>' <set> <gold>[,<gold>...]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, knownNames, readCommandLine } from '../command-line';
import { isListed } from '@trendscope/core';
import { articleLabeller } from '../metrics/corrected-gold';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';
import { setArticles, setTrends, type Options } from './story-figures';

const { options, key, wanted } = readCommandLine(
  "gold-members.ts '<options as JSON>' <set, default demo> <gold>[,<gold>...]",
  {},
  ({ positionals }) => {
    const [json = '{}', set = 'demo', golds = ''] = atMost(3, positionals);
    knownNames(set, DEMO_AND_CLUSTER_SET_KEYS);
    return { options: jsonOptions<Options>(json), key: set, wanted: new Set(golds.split(',').filter(Boolean)) };
  },
);
const { articles, gold } = setArticles(key);
const label = articleLabeller();
const trendOf = new Map<string, string>();
for (const d of await setTrends(key, options))
  if (isListed(d.trend)) for (const id of d.ids ?? []) trendOf.set(id, `[${d.trend.article_count}] ${d.trend.topic}`);
for (const g of wanted) {
  // A gold id as the set labels it, or as corrected by reading (story-repeat-gates.ts and
  // story-figures.ts -v print those).
  const members = articles
    .filter((a) => gold.get(a.id) === g || label(a.id, gold.get(a.id) ?? '') === g)
    .sort((a, b) => a.time - b.time);
  process.stdout.write(`${g}: ${members.length} articles\n`);
  for (const a of members) {
    const filed = gold.get(a.id) ?? '';
    const read = label(a.id, filed);
    process.stdout.write(
      `  ${a.id}  ${filed}${read === filed ? '' : ` (read ${read})`}  ${new Date(a.time).toISOString().slice(0, 16)}  ${a.title}  <- ${trendOf.get(a.id) ?? '-'}\n`,
    );
  }
}
