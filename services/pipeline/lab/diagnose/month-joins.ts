/**
 * The story rejoin over the whole UCI month in one detection run, in process: the soak bench's batch
 * side (test/bench/soak-quality.ts) without OpenSearch. Clusters every row of 2014-03-10..04-15
 * (recurring columns left out, as runDetect does) at the last row's clock, then rejoins the trends
 * (rejoin-stories.ts); prints B-cubed with and without the rejoin against UCI's labels, the labels
 * corrected by reading (corrected-gold.ts) and those labels corrected further by the month's joins
 * read by hand (data/story-joins/month-pairs.tsv: every join of this run, a verdict per pair of
 * trend ids and their majority UCI stories), the joins by time gap and by group, and writes every
 * pair the rejoin accepts (sizes, founding times, gap, meaning, the gate that passed, majority UCI
 * stories and their shares, central headlines, whether it joined two groups) as TSV for reading.
 * Then the same pairs under other grouping rules (complete linkage, a bound on a group's founding
 * span, no chaining, a stricter meaning past a time gap), each scored alike and against the reading.
 * Run: node --import tsx services/pipeline/lab/diagnose/month-joins.ts ['<rejoin options as JSON>'] [joins.tsv] [clustering cache]
 * The clustering cache (a JSON file of article -> trend) is written when missing, read when present:
 * the clustering takes minutes, the rejoin seconds.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, readCommandLine } from '../command-line';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { clusterArticles, type DetectArticle } from '../../src/detect/cluster';
import { backgroundIdf } from '../../src/detect/idf';
import {
  DEFAULT_REJOIN_OPTIONS,
  meanEmbedding,
  rejoinCandidates,
  rejoinStories,
  rejoinTexts,
  storyViews,
  type RejoinOptions,
  type StoryView,
} from '../../src/detect/rejoin-stories';
import { sharedBusinessEvent } from '../../src/detect/shared-business-event';
import { embeddingLookup } from '../../src/embed/embed-texts';
import { dot } from '../../src/text/word-vectors';
import { MONTH_SCORES_HEADER, monthScores, uciMonth } from '../evaluate/trends/uci-month';
import { MONTH_READING_FILE } from '../metrics/corrected-gold';

const HOUR = 3_600_000;
const { overrides, out, cache } = readCommandLine(
  "month-joins.ts ['<rejoin options as JSON>'] [joins.tsv] [clustering cache]",
  {},
  ({ positionals }) => {
    const [json = '{}', tsv, cached] = atMost(3, positionals);
    return { overrides: jsonOptions<RejoinOptions>(json), out: tsv, cache: cached };
  },
);
const o = { ...DEFAULT_REJOIN_OPTIONS, ...overrides };
const idf = backgroundIdf();

const month = uciMonth();
const { rows, articles, gold } = month;
/** The month's joins read by hand: trend ids of each pair and whether a reader calls it one story. */
const READ_FILE = MONTH_READING_FILE;
const now = new Date(rows[rows.length - 1]!.timestamp);
let clustered: Map<string, string>;
if (cache && existsSync(cache)) {
  clustered = new Map(Object.entries(JSON.parse(readFileSync(cache, 'utf8')) as Record<string, string>));
} else {
  const started = performance.now();
  clustered = clusterArticles(month.withoutColumns, [], { now, idf }).assignments;
  process.stdout.write(
    `clustered ${clustered.size} articles in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  if (cache) writeFileSync(cache, JSON.stringify(Object.fromEntries(clustered)));
}

const byId = new Map(articles.map((a) => [a.id, a]));
const trends = new Map<string, DetectArticle[]>();
for (const [a, t] of clustered) trends.set(t, [...(trends.get(t) ?? []), byId.get(a)!]);
const views = storyViews(trends, idf, o);
const pairs = rejoinCandidates(views, o);
const lookup = await embeddingLookup(rejoinTexts(pairs));
const joined = rejoinStories(pairs, lookup, o);
const rejoined = new Map([...clustered].map(([a, t]) => [a, joined.get(t) ?? t]));

const scores = (a: ReadonlyMap<string, string>): string => monthScores(month, a);
const line = (name: string, a: ReadonlyMap<string, string>): string => `  ${name.padEnd(22)} ${scores(a)}\n`;
process.stdout.write(
  `options: ${JSON.stringify(overrides)}; ${clustered.size} articles, ${trends.size} trends, ${views.length} of ` +
    `${o.rejoinMinArticles}+ articles, ${pairs.length} candidate pairs, ${joined.size} trends absorbed\n` +
    `${MONTH_SCORES_HEADER}:\n` +
    line('clustering alone', clustered) +
    line('with the story rejoin', rejoined),
);

/** A trend's majority UCI story and the share of its members under it. */
const majority = (id: string): [string, number] => {
  const counts = new Map<string, number>();
  for (const m of trends.get(id)!) counts.set(gold.get(m.id)!, (counts.get(gold.get(m.id)!) ?? 0) + 1);
  const [story, n] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
  return [story, n / trends.get(id)!.length];
};
const meaning = new Map<string, Float32Array | undefined>();
const meaningOf = (v: StoryView): Float32Array | undefined => {
  if (!meaning.has(v.id)) meaning.set(v.id, meanEmbedding(v.central.map(lookup)));
  return meaning.get(v.id);
};
// The accepted pairs in rejoinStories' order, with whether each joined two groups (else its sides were joined already).
const parent = new Map<string, string>();
const root = (id: string): string => (parent.has(id) ? root(parent.get(id)!) : id);
const first = new Map(views.map((v) => [v.id, v.first_seen]));
const rowsOut: string[] = [];
const gaps = new Map<string, { pairs: number; goldSame: number }>();
for (const [a, b] of pairs) {
  const [ma, mb] = [meaningOf(a), meaningOf(b)];
  if (!ma || !mb) continue;
  const m = dot(ma, mb);
  const gate =
    m >= o.rejoinMeaning
      ? 'meaning'
      : m >= o.rejoinEventMeaning && sharedBusinessEvent(a.central, b.central)
        ? 'event'
        : '';
  if (!gate) continue;
  const [ra, rb] = [root(a.id), root(b.id)];
  const merges = ra !== rb;
  if (merges) {
    const [survivor, absorbed] = first.get(ra)! <= first.get(rb)! ? [ra, rb] : [rb, ra];
    parent.set(absorbed, survivor);
  }
  const gap = (b.first_seen - a.last_seen) / HOUR;
  const [ga, sa] = majority(a.id);
  const [gb, sb] = majority(b.id);
  const bucket =
    gap <= 0 ? 'overlapping' : gap <= 12 ? '0-12 h' : gap <= 24 ? '12-24 h' : gap <= 48 ? '24-48 h' : '48-72 h';
  const g = gaps.get(bucket) ?? { pairs: 0, goldSame: 0 };
  g.pairs++;
  if (ga === gb) g.goldSame++;
  gaps.set(bucket, g);
  rowsOut.push(
    [
      a.id,
      b.id,
      a.article_count,
      b.article_count,
      new Date(a.first_seen).toISOString().slice(0, 16),
      new Date(a.last_seen).toISOString().slice(0, 16),
      new Date(b.first_seen).toISOString().slice(0, 16),
      gap.toFixed(1),
      m.toFixed(3),
      gate,
      merges ? 'joins' : 'within',
      ga,
      sa.toFixed(2),
      gb,
      sb.toFixed(2),
      ga === gb ? 'same' : 'apart',
      a.central.join(' / '),
      b.central.join(' / '),
    ].join('\t'),
  );
}
if (parent.size !== joined.size)
  process.stdout.write(`warning: ${parent.size} joins replayed, rejoinStories made ${joined.size}\n`);
const groups = new Map<string, string[]>();
for (const id of trends.keys())
  if (parent.has(id) || [...parent.values()].includes(id)) groups.set(root(id), [...(groups.get(root(id)) ?? []), id]);
const sizes = [...groups.values()].map((g) => g.length).sort((a, b) => b - a);
process.stdout.write(
  `accepted pairs by gap (earlier's last report to later's founding), with both sides' majority UCI story the same:\n` +
    [...gaps].map(([k, g]) => `  ${k.padEnd(12)} ${g.pairs} pairs, ${g.goldSame} same story\n`).join('') +
    `groups: ${groups.size}, trends per group (largest first): ${sizes.slice(0, 20).join(' ')}\n`,
);
for (const [r, ids] of [...groups].sort((a, b) => b[1].length - a[1].length).slice(0, 8)) {
  const members = ids.flatMap((id) => trends.get(id)!);
  const span = ids.map((id) => views.find((v) => v.id === id)!);
  const times = span.map((v) => v.first_seen).sort((a, b) => a - b);
  process.stdout.write(
    `  group ${r}: ${ids.length} trends, ${members.length} articles, founded ${new Date(times[0]!).toISOString().slice(0, 10)}..` +
      `${new Date(times[times.length - 1]!).toISOString().slice(0, 10)}; ${span
        .map((v) => v.central[0])
        .slice(0, 6)
        .join(' | ')}\n`,
  );
}
if (out) {
  const header =
    'a\tb\tsize_a\tsize_b\tfirst_a\tlast_a\tfirst_b\tgap_h\tmeaning\tgate\tunion\tgold_a\tshare_a\tgold_b\tshare_b\tgold\tcentral_a\tcentral_b';
  writeFileSync(out, `${header}\n${rowsOut.join('\n')}\n`);
  process.stdout.write(`accepted pairs written to ${out}\n`);
}

const read: { a: string; b: string; oneStory: boolean }[] = [];
if (existsSync(READ_FILE)) {
  const [header, ...lines] = readFileSync(READ_FILE, 'utf8').split('\n').filter(Boolean);
  const cols = header!.split('\t');
  const [v, a, b] = ['verdict', 'a', 'b'].map((c) => cols.indexOf(c));
  for (const l of lines) {
    const f = l.split('\t');
    read.push({ a: f[a!]!, b: f[b!]!, oneStory: f[v!] === 'one story' });
  }
}

/** Whether joining the groups `ga` and `gb` (trends founded earliest first) through pair a-b (a founded first) is allowed. */
type Rule = (ga: readonly StoryView[], gb: readonly StoryView[], a: StoryView, b: StoryView) => boolean;
const gapOf = (a: StoryView, b: StoryView): number => (b.first_seen - a.last_seen) / HOUR;
const meaningAt = (a: StoryView, b: StoryView): number => dot(meaningOf(a)!, meaningOf(b)!);
const sameStory = (a: StoryView, b: StoryView): boolean => {
  const [ma, mb] = [meaningOf(a), meaningOf(b)];
  if (!ma || !mb) return false;
  const m = dot(ma, mb);
  return m >= o.rejoinMeaning || (m >= o.rejoinEventMeaning && sharedBusinessEvent(a.central, b.central) !== undefined);
};
const foundingSpan = (g: readonly StoryView[]): number =>
  Math.max(...g.map((v) => v.first_seen)) - Math.min(...g.map((v) => v.first_seen));
const RULES: [string, Rule][] = [
  ['single linkage (the rejoin)', () => true],
  ['complete linkage', (ga, gb) => ga.every((x) => gb.every((y) => sameStory(x, y)))],
  ...[24, 48, 72].map((h): [string, Rule] => [
    `founding span <= ${h} h`,
    (ga, gb) => foundingSpan([...ga, ...gb]) <= h * HOUR,
  ]),
  ['no chaining (lone trends only)', (ga, gb) => ga.length === 1 && gb.length === 1],
  ...[
    [24, 0.85],
    [24, 0.9],
    [48, 0.85],
    [48, 0.9],
  ].map(([h, m]): [string, Rule] => [
    `meaning >= ${m} past ${h} h gap`,
    (_ga, _gb, a, b) => gapOf(a, b) <= h! || meaningAt(a, b) >= m!,
  ]),
];
process.stdout.write(
  `grouping rules over the same accepted pairs (B-cubed as above; month-pairs.tsv: ${read.length} read, ` +
    `${read.filter((r) => r.oneStory).length} one story):\n`,
);
for (const [name, rule] of RULES) {
  const group = new Map<string, StoryView[]>(views.map((v) => [v.id, [v]]));
  const rootOf = new Map<string, string>(views.map((v) => [v.id, v.id]));
  let n = 0;
  for (const [a, b] of pairs) {
    if (!sameStory(a, b)) continue;
    const [ra, rb] = [rootOf.get(a.id)!, rootOf.get(b.id)!];
    if (ra === rb || !rule(group.get(ra)!, group.get(rb)!, a, b)) continue;
    n++;
    const [keep, drop] = first.get(ra)! <= first.get(rb)! ? [ra, rb] : [rb, ra];
    const merged = [...group.get(keep)!, ...group.get(drop)!].sort((x, y) => x.first_seen - y.first_seen);
    group.set(keep, merged);
    group.delete(drop);
    for (const v of merged) rootOf.set(v.id, keep);
  }
  const assigned = new Map([...clustered].map(([a, t]) => [a, rootOf.get(t) ?? t]));
  const together = read.filter((r) => rootOf.get(r.a) !== undefined && rootOf.get(r.a) === rootOf.get(r.b));
  process.stdout.write(
    `  ${name.padEnd(32)} ${String(n).padStart(4)} joins  ${scores(assigned)}` +
      `  read: together ${together.length}, one story ${together.filter((r) => r.oneStory).length}, ` +
      `one-story pairs apart ${read.filter((r) => r.oneStory).length - together.filter((r) => r.oneStory).length}\n`,
  );
}
