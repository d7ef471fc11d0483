/**
 * Pairs of listed trends the story rejoin never judges because one side is small (2-9 reports) and
 * the size or centroid gate keeps the pair out (rejoin-stories.ts: sizesAllowed, rejoinCosine): for
 * each such pair within rejoinHours whose central headlines agree at least `floor`, the evidence a
 * rule letting a small trend in on meaning or names could read (central-headline meaning, shared
 * heaviest terms and entities, each small-trend member's headline against the larger trend's
 * central meaning) and the corrected labels' verdict: the small trend's share of the larger's
 * majority story. Pairs of one story and of two are both listed, to be read, each with its UCI ids
 * (the larger trend's leading one, each small-trend member's) and, after `row:`, a draft line of
 * data/story-joins/held-out-pairs.tsv (verdict left "?": the larger trend's and the small trend's
 * leading UCI ids, sizes, meaning and central headlines) to be read and filled by hand.
 * Run: node --import tsx services/pipeline/lab/diagnose/small-trend-pairs.ts [floor, e.g. 0.7] [set keys: mar1-0,...]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, knownNames, readCommandLine } from '../command-line';
import { isListed } from '@trendscope/core';
import type { DetectArticle } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import { DEFAULT_REJOIN_OPTIONS, meanEmbedding, sizesAllowed, storyViews } from '../../src/detect/rejoin-stories';
import { dot, sharedTerms, topTerms } from '../../src/detect/term-vector';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { normaliseText } from '../../src/text/normalise-text';
import { dot as denseDot } from '../../src/text/word-vectors';
import { leadingGold } from '../metrics/story-quality';
import { articleLabeller } from '../metrics/corrected-gold';
import { setArticles, setTrends } from './story-figures';
import { DEMO_AND_CLUSTER_SET_KEYS } from '../corpus/cluster-sets';

const { floor, wanted } = readCommandLine(
  'small-trend-pairs.ts [floor] [set keys, comma-separated: mar1-0,...]',
  {},
  ({ positionals }) => {
    const [f = '0.7', keys = 'mar1-0,mar2-0,mar2-20,mar2-40,apr-30,apr-0,apr-10'] = atMost(2, positionals);
    return { floor: Number(f), wanted: knownNames(keys, DEMO_AND_CLUSTER_SET_KEYS) };
  },
);
const o = DEFAULT_REJOIN_OPTIONS;
const idf = backgroundIdf();
const label = articleLabeller();
/** Largest size of the smaller side counted small. */
const SMALL = 9;

for (const key of wanted) {
  const byId = new Map(setArticles(key).articles.map((a) => [a.id, a]));
  const listed = (await setTrends(key)).filter((d) => isListed(d.trend));
  const gold = new Map(listed.map((d) => [d.trend.id, d.gold.map((g, i) => label(d.ids?.[i], g))]));
  const lead = new Map(listed.map((d) => [d.trend.id, leadingGold({ ...d, gold: gold.get(d.trend.id)! })]));
  const trends = new Map<string, DetectArticle[]>(
    listed.map((d) => [d.trend.id, (d.ids ?? []).map((id) => byId.get(id)!)]),
  );
  const views = storyViews(trends, idf, { ...o, rejoinMinArticles: 1 });
  const lookup = await embeddingLookup([
    ...views.flatMap((v) => v.central),
    ...[...trends.values()].flat().map((a) => normaliseText(a.title)),
  ]);
  const meaning = new Map(views.map((v) => [v.id, meanEmbedding(v.central.map(lookup))]));
  let n = 0;
  const lines: string[] = [];
  for (let i = 0; i < views.length; i++)
    for (let j = i + 1; j < views.length; j++) {
      const [a, b] = [views[i]!, views[j]!];
      const [large, small] = a.article_count >= b.article_count ? [a, b] : [b, a];
      if (small.article_count > SMALL) continue;
      if (b.first_seen - a.last_seen > o.rejoinHours * 3_600_000) continue;
      const cosine = dot(a.centroid, b.centroid);
      const gate = !sizesAllowed(a, b, o) ? 'size' : cosine < o.rejoinCosine ? 'centroid' : undefined;
      if (gate === undefined) continue;
      const ma = meaning.get(large.id);
      const mb = meaning.get(small.id);
      if (!ma || !mb) continue;
      const m = denseDot(ma, mb);
      if (m < floor) continue;
      const terms = sharedTerms(topTerms(a.centroid, 10), topTerms(b.centroid, 10));
      const entities = [...a.entities].filter((e) => b.entities.has(e));
      const story = lead.get(large.id)!;
      const smallGold = gold.get(small.id)!;
      const share = smallGold.filter((g) => g === story).length;
      const members = trends.get(small.id)!.map((x) => {
        const e = lookup(normaliseText(x.title));
        return e ? denseDot(e, ma) : 0;
      });
      const raw = (id: string): string[] => listed.find((d) => d.trend.id === id)!.gold;
      const rawLead = (id: string): string => leadingGold({ ...listed.find((d) => d.trend.id === id)!, gold: raw(id) });
      const row = [
        '?',
        key,
        rawLead(large.id),
        rawLead(small.id),
        large.article_count,
        small.article_count,
        m.toFixed(3),
        large.central.join(' / '),
        small.central.join(' / '),
      ].join('\t');
      const verdict = share === smallGold.length ? 'ONE' : share === 0 ? 'TWO' : `PART ${share}/${smallGold.length}`;
      n++;
      lines.push(
        `  ${verdict.padEnd(9)} ${large.article_count}/${small.article_count} gate ${gate} gap ${((small.first_seen - large.last_seen) / 3_600_000).toFixed(1)} h ` +
          `cosine ${cosine.toFixed(3)} meaning ${m.toFixed(3)} terms ${terms} entities [${entities.join(', ')}] ` +
          `members vs large [${members.map((x) => x.toFixed(2)).join(' ')}] leading-same ${lead.get(small.id) === story}\n` +
          `      ${large.central.join(' / ')}\n      ${trends
            .get(small.id)!
            .map((x, k) => `${x.title} [${raw(small.id)[k]}]`)
            .join(' / ')}\n      large leads ${rawLead(large.id)}\n      row: ${row}\n`,
      );
    }
  process.stdout.write(`${key}: ${n} small pairs kept out by size or centroid, meaning >= ${floor}\n${lines.join('')}`);
}
