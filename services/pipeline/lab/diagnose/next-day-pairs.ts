/**
 * Every pair of trends of the next day's reports that the story rejoin leaves apart, on each set
 * clustered and rejoined by the defaults: the later trend founded `from`-`to` hours after the
 * earlier's last report (or after its founding, when founded while the earlier still reported),
 * the rejoin's cheap gates passed (sizes, rejoinHours, centroid cosine, shared heaviest terms), central-
 * headline meaning from `least` to under rejoinMeaning. Per pair: meaning, centroid cosine, the
 * shared heaviest terms with their idf, the two trends' top names (entities most members name) and
 * how many they share, whether the later trend's central headline names the earlier's top name,
 * size ratio, gap, the closest two central headlines, the later trend's new terms (novelTerms), the
 * whole member sets' evidence (every member headline embedded: member-evidence.ts), and the
 * verdict: a reader's (next-day-pairs.tsv, then the other data/story-joins/*.tsv readings, month
 * pairs included), else "one story (labels)" when the corrected labels give both one id, else
 * "unread". Then the joins of simple rules (meaning >= m AND shared top names AND centroid cosine >=
 * c; the closest headlines; meaning AND few new terms; each member measure above every tuning
 * two-story pair's value) per set role, by verdict.
 * What a rule for the next day's reports would have to separate (docs/lab-notes/trends.md, "The next
 * day's reports"). `--sheet FILE` writes a reading sheet of the pairs (their central, earliest and
 * latest headlines, no measure: read before the measures are); `--features FILE` writes every
 * pair's measures and verdict as a table (read by next-day-rule.ts). The pair-reading sets of
 * cluster-sets.ts are known here too. `--measure-encoder NAME` (one of encoder-files.ts
 * ENCODER_SPECS) reads the measures of meaning (meaning, closest headlines, the member evidence)
 * with that encoder while the sets are clustered, rejoined and their pairs listed by the process's
 * own (the service's MiniLM unless PIPELINE_ENCODER says otherwise): the same read pairs, measured
 * by another encoder (docs/lab-notes/trends.md, 2026-12-07).
 * Run: node --import tsx services/pipeline/lab/diagnose/next-day-pairs.ts [least meaning, 0.6] [from hours, 14] [to hours, 48] [demo,apr-0,...] [--sheet FILE] [--features FILE] [--measure-encoder NAME]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, knownNames, oneNumber, readCommandLine } from '../command-line';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  meanEmbedding,
  sizesAllowed,
  storyViews,
  type StoryView,
} from '../../src/detect/rejoin-stories';
import { dot as termDot, sharedTerms, topTerms } from '../../src/detect/term-vector';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { ENCODER_SPECS } from '../../src/embed/encoder-files';
import { cachedEmbeddings } from '../evaluate/classifier/sentence-embeddings';
import { dot } from '../../src/text/word-vectors';
import type { DetectArticle } from '../../src/detect/cluster';
import { clusteredSet } from '../evaluate/trends/clustered-set';
import { rejoinedAssignments, trendsWithMajority } from '../evaluate/trends/rejoined';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@trendscope/core';
import { articleLabeller, loadReadings, MONTH_READING_FILE, pairReadings } from '../metrics/corrected-gold';
import { clusterSet, DEMO_AND_PAIR_READING_SET_KEYS, FIGURES_NOW } from '../corpus/cluster-sets';
import { writeFileSync } from 'node:fs';
import { contentTerms } from '../../src/text/tokenize';
import {
  distinctHeadlines,
  EDGE_MEMBERS,
  memberEvidence,
  NEAR_COSINES,
  TOP_K,
  type MemberEvidence,
} from '../evaluate/trends/member-evidence';

const HOUR = 3_600_000;
/** Names read per trend as its top names. */
const TOP_NAMES = 3;
/** Heaviest centroid terms compared, as the rejoin's candidates are looked up. */
const KEY_TERMS = 10;

const { least, from, to, wanted, sheet, features, measureEncoder } = readCommandLine(
  'next-day-pairs.ts [least meaning, 0.6] [from hours, 14] [to hours, 48] [set keys, comma-separated: demo,apr-0,...] [--sheet FILE] [--features FILE] [--measure-encoder NAME]',
  { sheet: { type: 'string' }, features: { type: 'string' }, 'measure-encoder': { type: 'string' } },
  ({ positionals, values }) => {
    const [l = '0.6', f = '14', t = '48', keys = 'demo,apr-0,apr-10,giveme-train'] = atMost(4, positionals);
    return {
      least: oneNumber(l),
      from: oneNumber(f),
      to: oneNumber(t),
      wanted: knownNames(keys, DEMO_AND_PAIR_READING_SET_KEYS),
      sheet: values.sheet,
      features: values.features,
      measureEncoder:
        values['measure-encoder'] === undefined
          ? undefined
          : knownNames(values['measure-encoder'], Object.keys(ENCODER_SPECS))[0],
    };
  },
);
const idf = backgroundIdf();
const readingOf = pairReadings();
const month = new Map(
  loadReadings(MONTH_READING_FILE).flatMap((r) => [
    [`${r.a} ${r.b}`, r.oneStory],
    [`${r.b} ${r.a}`, r.oneStory],
  ]),
);
const label = articleLabeller();
/**
 * The next day's pairs read for this question (data/story-joins/next-day-pairs.tsv: verdict, set,
 * gold_a, gold_b, reading): a reader's verdict where no reading file settles the pair or where the
 * corrected labels file two stories under one id. It corrects no label here (same-event-folds.ts
 * merges its one-story pairs' labels for its own training).
 */
const NEXT_DAY_FILE = path.join(REPO_ROOT, 'services', 'pipeline', 'data', 'story-joins', 'next-day-pairs.tsv');
const nextDay = new Map(
  readFileSync(NEXT_DAY_FILE, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .flatMap((line) => {
      const [v, set, a, b] = line.split('\t');
      return [
        [`${set} ${a} ${b}`, v!],
        [`${set} ${b} ${a}`, v!],
      ];
    }),
);
const o = DEFAULT_REJOIN_OPTIONS;

interface Pair {
  key: string;
  role: string;
  verdict: string;
  meaning: number;
  cosine: number;
  sharedTop: number;
  headlineNames: boolean;
  best: number;
  novel: number;
  /** The whole member sets' evidence (member-evidence.ts). */
  members: MemberEvidence;
  gold: [string, string];
  ratio: number;
  gap: number;
  /** The highest idf of a shared heaviest term. */
  rarest: number;
}
/** The reading sheet's rows (--sheet): headlines only, no measure, to be read before the measures are. */
const sheetRows: [string, string][] = [];
/** Headlines of a trend's distinct ones shown on the sheet from each end. */
const SHEET_ENDS = 3;
const day = (t: number): string => new Date(t).toISOString().slice(5, 16).replace('T', ' ');
/** Heaviest terms of one trend read for words its partner lacks, and how deep the partner is read. */
const NOVEL_TERMS = 5;
const PARTNER_TERMS = 30;

/**
 * The later trend's NOVEL_TERMS heaviest terms that are no word of either trend's names and not
 * among the earlier's PARTNER_TERMS heaviest: what the later reports that the earlier did not
 * (a subject's next event), or none (one event re-told).
 */
function novelTerms(a: StoryView, b: StoryView): string[] {
  const named = new Set([...a.entities, ...b.entities].flatMap((e) => contentTerms(e)));
  const partner = topTerms(a.centroid, PARTNER_TERMS);
  return [...topTerms(b.centroid, b.centroid.size).keys()]
    .filter((t) => !named.has(t))
    .slice(0, NOVEL_TERMS)
    .filter((t) => !partner.has(t));
}
const all: Pair[] = [];

/** The lookup the measures of meaning read: --measure-encoder's (cached, lab/.cache/embeddings) or the process's. */
function measureLookup(texts: readonly string[]): Promise<(text: string) => Float32Array | undefined> {
  return measureEncoder ? cachedEmbeddings(texts, ENCODER_SPECS[measureEncoder], 'headlines') : embeddingLookup(texts);
}

/** The trend's names most of its members name, most first. */
function topNames(members: readonly DetectArticle[]): string[] {
  const counts = new Map<string, number>();
  for (const m of members) for (const e of new Set(m.entities)) counts.set(e, (counts.get(e) ?? 0) + 1);
  return [...counts]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, TOP_NAMES)
    .map(([e]) => e);
}

for (const key of wanted) {
  const role = key === 'demo' ? 'tuning' : clusterSet(key)!.role;
  const set = clusteredSet(key, idf, FIGURES_NOW);
  const after = await rejoinedAssignments(set.articles, set.assignments, idf);
  const { groups, majority } = trendsWithMajority(set.articles, after, (id) => label(id, set.gold.get(id)!));
  const names = new Map([...groups].map(([t, list]) => [t, topNames(list)]));
  const views = storyViews(groups, idf, o);
  const pairs: [StoryView, StoryView, number][] = [];
  for (let i = 0; i < views.length; i++)
    for (let j = i + 1; j < views.length; j++) {
      const [a, b] = [views[i]!, views[j]!];
      // The later's founding after the earlier's last report, or after its founding when founded while it reported.
      const gap = (b.first_seen > a.last_seen ? b.first_seen - a.last_seen : b.first_seen - a.first_seen) / HOUR;
      if (gap < from || gap > to || (b.first_seen - a.last_seen) / HOUR > o.rejoinHours) continue;
      if (!sizesAllowed(a, b, o) || termDot(a.centroid, b.centroid) < o.rejoinCosine) continue;
      if (sharedTerms(topTerms(a.centroid, KEY_TERMS), topTerms(b.centroid, KEY_TERMS)) < o.rejoinTerms) continue;
      pairs.push([a, b, gap]);
    }
  const lookup = await embeddingLookup(new Set(pairs.flatMap(([a, b]) => [...a.central, ...b.central])));
  const meaning = new Map(views.map((v) => [v.id, meanEmbedding(v.central.map(lookup))]));
  const listed = pairs.filter(([a, b]) => {
    const [ma, mb] = [meaning.get(a.id), meaning.get(b.id)];
    if (!ma || !mb) return false;
    const m = dot(ma, mb);
    return m >= least && m < o.rejoinMeaning;
  });
  // Every member headline of the listed pairs' trends embedded (member-evidence.ts).
  const headlines = new Map(
    [...new Set(listed.flatMap(([a, b]) => [a.id, b.id]))].map((id) => [id, distinctHeadlines(groups.get(id)!)]),
  );
  const memberLookup = await measureLookup([...headlines.values()].flat());
  const centralLookup = measureEncoder
    ? await measureLookup(listed.flatMap(([a, b]) => [...a.central, ...b.central]))
    : lookup;
  const measuredMeaning = (v: StoryView): Float32Array | undefined =>
    measureEncoder ? meanEmbedding(v.central.map(centralLookup)) : meaning.get(v.id);
  const lines: [number, string][] = [];
  for (const [a, b, gap] of listed) {
    const m = dot(measuredMeaning(a)!, measuredMeaning(b)!);
    const members = memberEvidence(headlines.get(a.id)!, headlines.get(b.id)!, memberLookup)!;
    const [ga, gb] = [majority.get(a.id)!, majority.get(b.id)!];
    const read = readingOf(ga[0], gb[0]);
    const monthRead = month.get(`${ga[0].replace(/^uci:/, '')} ${gb[0].replace(/^uci:/, '')}`);
    const own = nextDay.get(`${key} ${ga[0]} ${gb[0]}`);
    const verdict =
      own !== undefined
        ? own
        : read === 'one story' || read === 'same UCI story' || monthRead === true
          ? 'one story'
          : read === 'two stories' || monthRead === false
            ? 'two stories'
            : 'unread';
    const cosine = termDot(a.centroid, b.centroid);
    const [ka, kb] = [topTerms(a.centroid, KEY_TERMS), topTerms(b.centroid, KEY_TERMS)];
    const terms = [...ka.keys()]
      .filter((t) => kb.has(t))
      .map((t) => [t, idf(t)] as const)
      .sort((x, y) => y[1] - x[1]);
    const [na, nb] = [names.get(a.id)!, names.get(b.id)!];
    const sharedTop = na.filter((n) => nb.includes(n)).length;
    const headlineNames = na[0] !== undefined && b.central[0]!.toLowerCase().includes(na[0].toLowerCase());
    // The closest two central headlines, one of each trend: one event re-told, or two events of one subject.
    let best = -1;
    for (const x of a.central)
      for (const y of b.central) {
        const [ex, ey] = [centralLookup(x), centralLookup(y)];
        if (ex && ey) best = Math.max(best, dot(ex, ey));
      }
    const novel = novelTerms(a, b);
    const ratio = Math.min(a.article_count, b.article_count) / Math.max(a.article_count, b.article_count);
    all.push({
      key,
      role,
      verdict,
      meaning: m,
      cosine,
      sharedTop,
      headlineNames,
      best,
      novel: novel.length,
      members,
      gold: [ga[0], gb[0]],
      ratio,
      gap,
      rarest: terms[0]?.[1] ?? 0,
    });
    const [ha, hb] = [headlines.get(a.id)!, headlines.get(b.id)!];
    const ends = (h: string[]): string =>
      h.length <= 2 * SHEET_ENDS
        ? h.join(' | ')
        : `${h.slice(0, SHEET_ENDS).join(' | ')} | ... | ${h.slice(-SHEET_ENDS).join(' | ')}`;
    sheetRows.push([
      `${key} ${a.first_seen}`,
      [
        key,
        ga[0],
        gb[0],
        own ?? (verdict === 'unread' ? '' : verdict),
        `${a.article_count} ${day(a.first_seen)}..${day(a.last_seen)}`,
        `${b.article_count} ${day(b.first_seen)}..${day(b.last_seen)}`,
        a.central.join(' / '),
        b.central.join(' / '),
        ends(ha),
        ends(hb),
      ].join('\t'),
    ]);
    lines.push([
      m,
      `${key}\t${verdict}${own === undefined && read === 'same UCI story' ? ' (labels)' : ''}\tmeaning ${m.toFixed(3)}\tcosine ${cosine.toFixed(3)}\t` +
        `${a.article_count}/${b.article_count} (ratio ${(Math.min(a.article_count, b.article_count) / Math.max(a.article_count, b.article_count)).toFixed(2)}, ` +
        `gold ${ga[1]}/${gb[1]})\tgap ${gap.toFixed(1)} h\tnames shared ${sharedTop} [${na.join(', ')}] / [${nb.join(', ')}]\t` +
        `headline names it ${headlineNames ? 'yes' : 'no'}\tclosest headlines ${best.toFixed(3)}\tnew terms ${novel.length} [${novel.join(' ')}]\n` +
        `\tmembers ${members.sizes.join('/')}: later's near an earlier's ${NEAR_COSINES.map((t, i) => `>=${t} ${members.nearShare[i]!.toFixed(2)}`).join(' ')}; ` +
        `back ${members.nearShareBack.map((x) => x.toFixed(2)).join(' ')}; mean nearest ${members.meanNearest.toFixed(3)}; ` +
        `top ${TOP_K} ${members.topMean.toFixed(3)}; edge ${EDGE_MEMBERS} ${members.edge.toFixed(3)}; ` +
        `origin ${members.origin.toFixed(3)}; relative to own ${members.relative.toFixed(3)}\n` +
        `\tgold ${ga[0]} / ${gb[0]}\tterms ${terms.map(([t, w]) => `${t}:${w.toFixed(1)}`).join(' ')}\n` +
        `\t${a.central.join(' / ')}\n\t${b.central.join(' / ')}\n`,
    ]);
  }
  for (const [, line] of lines.sort((x, y) => y[0] - x[0])) process.stdout.write(line);
  process.stdout.write(
    `${key} (${role}): ${lines.length} next-day pairs listed of ${pairs.length} past the cheap gates; ` +
      `${new Set([...headlines.values()].flat()).size} member headlines embedded\n`,
  );
}

if (sheet)
  writeFileSync(
    sheet,
    `set\tgold_a\tgold_b\tread\tarticles_a\tarticles_b\tcentral_a\tcentral_b\theadlines_a\theadlines_b\n` +
      sheetRows
        .sort((x, y) => (x[0] < y[0] ? -1 : 1))
        .map(([, row]) => `${row}\n`)
        .join(''),
  );
if (features) {
  const columns: [string, (p: Pair) => string | number][] = [
    ['set', (p) => p.key],
    ['role', (p) => p.role],
    ['gold_a', (p) => p.gold[0]],
    ['gold_b', (p) => p.gold[1]],
    ['verdict', (p) => p.verdict],
    ['meaning', (p) => p.meaning.toFixed(4)],
    ['cosine', (p) => p.cosine.toFixed(4)],
    ['shared_top', (p) => p.sharedTop],
    ['headline_names', (p) => (p.headlineNames ? 1 : 0)],
    ['closest', (p) => p.best.toFixed(4)],
    ['novel', (p) => p.novel],
    ['ratio', (p) => p.ratio.toFixed(3)],
    ['gap', (p) => p.gap.toFixed(1)],
    ['rarest', (p) => p.rarest.toFixed(2)],
    ...NEAR_COSINES.map((t, i): [string, (p: Pair) => string] => [
      `near_${t}`,
      (p) => p.members.nearShare[i]!.toFixed(3),
    ]),
    ...NEAR_COSINES.map((t, i): [string, (p: Pair) => string] => [
      `back_${t}`,
      (p) => p.members.nearShareBack[i]!.toFixed(3),
    ]),
    ['mean_nearest', (p) => p.members.meanNearest.toFixed(4)],
    ['top_mean', (p) => p.members.topMean.toFixed(4)],
    ['edge', (p) => p.members.edge.toFixed(4)],
    ['origin', (p) => p.members.origin.toFixed(4)],
    ['relative', (p) => p.members.relative.toFixed(4)],
  ];
  writeFileSync(
    features,
    [columns.map(([c]) => c).join('\t'), ...all.map((p) => columns.map(([, f]) => f(p)).join('\t'))].join('\n') + '\n',
  );
}

// Simple rules: meaning >= m AND at least n shared top names AND centroid cosine >= c; joins per role by verdict.
const tally = (ps: Pair[]): string =>
  ['one story', 'two stories', 'unsettled', 'unread'].map((v) => ps.filter((p) => p.verdict === v).length).join('/');
process.stdout.write('rules (joins one story / two stories / unsettled / unread, per role)\n');
for (const m of [0.6, 0.65, 0.7, 0.75])
  for (const name of [0, 1, 2])
    for (const c of [0.5, 0.6, 0.7, 0.8, 0.9]) {
      const joined = all.filter((p) => p.meaning >= m && p.sharedTop >= name && p.cosine >= c);
      const byRole = ['tuning', 'held out'].map((r) => `${r} ${tally(joined.filter((p) => p.role === r))}`);
      process.stdout.write(`  meaning>=${m} top names shared >=${name} cosine>=${c}\t${byRole.join('\t')}\n`);
    }
process.stdout.write(
  'rules on the closest two central headlines (joins one story / two stories / unsettled / unread)\n',
);
for (const b of [0.8, 0.85, 0.9, 0.95]) {
  const joined = all.filter((p) => p.best >= b);
  const byRole = ['tuning', 'held out'].map((r) => `${r} ${tally(joined.filter((p) => p.role === r))}`);
  process.stdout.write(`  closest>=${b}\t${byRole.join('\t')}\n`);
}
process.stdout.write("rules on the later trend's new terms (joins one story / two stories / unsettled / unread)\n");
for (const m of [0.6, 0.65, 0.7])
  for (const n of [0, 1, 2]) {
    const joined = all.filter((p) => p.meaning >= m && p.novel <= n);
    const byRole = ['tuning', 'held out'].map((r) => `${r} ${tally(joined.filter((p) => p.role === r))}`);
    process.stdout.write(`  meaning>=${m} new terms<=${n}\t${byRole.join('\t')}\n`);
  }

// Member-level evidence (member-evidence.ts): per measure, the tuning pairs' ranges by verdict, and the
// joins of "measure >= the least value above every tuning two-story pair's" (no wrong join on
// tuning by construction) per role, then of a few fixed thresholds.
const measures: [string, (p: Pair) => number][] = [
  ...NEAR_COSINES.map((t, i): [string, (p: Pair) => number] => [`near share >=${t}`, (p) => p.members.nearShare[i]!]),
  ...NEAR_COSINES.map((t, i): [string, (p: Pair) => number] => [
    `near share back >=${t}`,
    (p) => p.members.nearShareBack[i]!,
  ]),
  ...NEAR_COSINES.map((t, i): [string, (p: Pair) => number] => [
    `near share both ways >=${t}`,
    (p) => Math.min(p.members.nearShare[i]!, p.members.nearShareBack[i]!),
  ]),
  ['mean nearest', (p) => p.members.meanNearest],
  [`top ${TOP_K} mean`, (p) => p.members.topMean],
  [`edge ${EDGE_MEMBERS}`, (p) => p.members.edge],
  [`origin ${EDGE_MEMBERS}`, (p) => p.members.origin],
  ['relative to own', (p) => p.members.relative],
];
const range = (xs: number[]): string =>
  xs.length === 0 ? '-' : `${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)}`;
process.stdout.write(
  'member evidence: tuning ranges (one story | two stories | unsettled); joins above every tuning two-story pair (one / two / unsettled / unread)\n',
);
for (const [name, f] of measures) {
  const tuning = all.filter((p) => p.role === 'tuning');
  const of = (v: string): number[] => tuning.filter((p) => p.verdict === v).map(f);
  const bar = Math.max(...of('two stories'), -1) + 1e-9;
  const joined = all.filter((p) => f(p) >= bar);
  const byRole = ['tuning', 'held out'].map((r) => `${r} ${tally(joined.filter((p) => p.role === r))}`);
  process.stdout.write(
    `  ${name}\tone ${range(of('one story'))} | two ${range(of('two stories'))} | unsettled ${range(of('unsettled'))}` +
      `\tabove ${bar.toFixed(3)}: ${byRole.join('\t')}\n`,
  );
}
