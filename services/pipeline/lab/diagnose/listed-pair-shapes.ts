/**
 * Two shapes of evidence a story rejoin could read beside the central headlines' meaning, measured
 * on the pairs of listed trends of whole in-process lists (story-figures.ts) that share one of their
 * heaviest centroid terms (the rejoin's lookup) and were reporting within `hours` of each other (the
 * later founded at most that long after the earlier's last report). A pair is one story when both
 * trends lead with one gold story, labels corrected by reading (corrected-gold.ts).
 * - A money figure both trends' central headlines name (money-amounts.ts moneyFigures: "$6.25
 *   billion" and "$6.25b" are one figure): every such pair printed, one story or two.
 * - The outlets (member domains) the two share, as a share of the smaller side's outlets: one outlet
 *   rarely runs two reports of one story in the same hours, while two stories about one subject are
 *   often covered by the same outlets. Its distribution over one-story and two-story pairs and the
 *   chance that a one-story pair shares less (AUC), over all pairs and over pairs reported at once.
 * Run: node --import tsx services/pipeline/lab/diagnose/listed-pair-shapes.ts ['<options as JSON>'] [sets, default the held-out UCI slices] [hours, default 12]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { isListed } from '@trendscope/core';
import { atMost, jsonOptions, knownNames, oneNumber, readCommandLine } from '../command-line';
import type { DetectArticle } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { moneyFigures } from '../../src/detect/money-amounts';
import { DEFAULT_REJOIN_OPTIONS, storyViews, type StoryView } from '../../src/detect/rejoin-stories';
import { topTerms } from '../../src/detect/term-vector';
import { leadingGold } from '../metrics/story-quality';
import { articleLabeller } from '../metrics/corrected-gold';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';
import { pairAuc } from '../evaluate/trends/pair-rule-folds';
import { setArticles, setTrends, type Options } from './story-figures';

const { options, wanted, hours } = readCommandLine(
  "listed-pair-shapes.ts ['<options as JSON>'] [set keys, comma-separated] [hours, default 12]",
  {},
  ({ positionals }) => {
    const [json = '{}', keys = 'mar1-0,mar2-0,mar2-20,mar2-40,apr-30', h = '12'] = atMost(3, positionals);
    return {
      options: jsonOptions<Options>(json),
      wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS),
      hours: oneNumber(h),
    };
  },
);
const idf = backgroundIdf();
const label = articleLabeller();

interface Pair {
  set: string;
  one: boolean;
  atOnce: boolean;
  share: number;
}
const pairs: Pair[] = [];

/** Chance that a one-story pair shares less than a two-story pair (ties half; pairAuc with the verdicts swapped), "-" without both. */
function auc(ps: readonly Pair[]): string {
  const a = pairAuc(
    ps.map((p) => ({ oneStory: !p.one, values: { share: p.share } })),
    'share',
  );
  return Number.isNaN(a) ? '-' : a.toFixed(3);
}

function quartiles(values: number[]): string {
  if (values.length === 0) return '-';
  const v = [...values].sort((x, y) => x - y);
  const q = (p: number): string => v[Math.min(v.length - 1, Math.floor(p * (v.length - 1)))]!.toFixed(2);
  return `${q(0)} ${q(0.25)} ${q(0.5)} ${q(0.75)} ${q(1)}`;
}

for (const key of wanted) {
  const byId = new Map(setArticles(key).articles.map((a) => [a.id, a]));
  const listed = (await setTrends(key, options)).filter((d) => isListed(d.trend));
  const members = new Map<string, DetectArticle[]>(
    listed.map((d) => [d.trend.id, (d.ids ?? []).map((id) => byId.get(id)!).filter(Boolean)]),
  );
  const views = new Map(
    storyViews(members, idf, { ...DEFAULT_REJOIN_OPTIONS, rejoinMinArticles: 1, rejoinAtOnceMinArticles: 1 }).map(
      (v) => [v.id, v],
    ),
  );
  const info = listed.map((d) => ({
    d,
    v: views.get(d.trend.id)!,
    gold: leadingGold({ ...d, gold: d.gold.map((g, i) => label(d.ids?.[i], g)) }),
    keys: new Set(topTerms(views.get(d.trend.id)!.centroid, 10).keys()),
    money: new Set(views.get(d.trend.id)!.central.flatMap((t) => moneyFigures(t))),
    domains: new Set(d.domains),
  }));
  let moneyPairs = 0;
  for (let i = 0; i < info.length; i++)
    for (let j = i + 1; j < info.length; j++) {
      const [x, y] = info[i]!.v.first_seen <= info[j]!.v.first_seen ? [info[i]!, info[j]!] : [info[j]!, info[i]!];
      if (!x.v || !y.v) continue;
      if (y.v.first_seen - x.v.last_seen > hours * 3_600_000) continue;
      if (![...x.keys].some((t) => y.keys.has(t))) continue;
      const one = x.gold === y.gold;
      const atOnce = y.v.first_seen <= x.v.last_seen;
      let shared = 0;
      for (const dm of x.domains) if (y.domains.has(dm)) shared++;
      pairs.push({ set: key, one, atOnce, share: shared / Math.min(x.domains.size, y.domains.size) });
      const figure = [...x.money].find((m) => y.money.has(m));
      if (figure === undefined) continue;
      moneyPairs++;
      process.stdout.write(
        `  ${key} ${one ? 'one story' : 'two stories'} ${figure} ${x.d.trend.article_count}/${y.d.trend.article_count} ` +
          `gap ${((y.v.first_seen - x.v.last_seen) / 3_600_000).toFixed(1)} h\n    ${central(x.v)}\n    ${central(y.v)}\n`,
      );
    }
  process.stdout.write(`${key}: ${listed.length} listed, ${moneyPairs} pairs sharing a money figure\n`);
}

function central(v: StoryView): string {
  return v.central.join(' / ').slice(0, 200);
}

for (const [name, ps] of [
  ['all pairs', pairs],
  ['reported at once', pairs.filter((p) => p.atOnce)],
] as const) {
  const one = ps.filter((p) => p.one);
  const two = ps.filter((p) => !p.one);
  process.stdout.write(
    `outlets shared, share of the smaller side's (${name}): one story ${one.length} [${quartiles(one.map((p) => p.share))}], ` +
      `two stories ${two.length} [${quartiles(two.map((p) => p.share))}], AUC ${auc(ps)}\n`,
  );
}
