/**
 * One clustering pass over the whole UCI month against detection runs every N minutes over the
 * same rows, in process (the soak bench's two sides without OpenSearch). The runs mirror what
 * runDetect holds: each run clusters the reports of its interval (recurring columns left out) at
 * its clock, given the stored state of the candidate trends only (candidate-trends.ts: the heads of
 * each queried term's postings by last report, and the trends founded within the merge window of a
 * report or a candidate, transitively), and keeps the touched trends' states for the next runs.
 * The story rejoin follows once over the final trends on both sides (a real run rejoins in every
 * run). Prints B-cubed of each side, clustering alone and rejoined, against UCI's labels, the
 * labels corrected by reading and those corrected by the month's joins read (month-pairs.tsv), and
 * of the same runs without a merge pass in each but one over their final states (as the one pass
 * merges); then the pairs of articles one side puts together and the other apart, grouped by the
 * other side's trends' spans (founded within the merge window, the later founded while the earlier
 * was open or after it closed), and writes them with sizes, UCI's share and headlines as TSV.
 * Run: node --import tsx services/pipeline/lab/diagnose/month-runs.ts ['<cluster options as JSON>'] [run minutes, default 720] [pairs.tsv]
 * `"allTrends":true` in the options gives each run every stored trend (cluster-figures.ts' runMinutes)
 * instead of the candidates; `"figuresOnly":true` prints B-cubed of the batch and of runs at each of
 * the comma-separated intervals given (e.g. 60,720,4320), nothing else. With `"mergeSettleMinutes"` each run is also given the trends whose
 * merge the run before left to judge (founded within the settle time and merge window of its clock),
 * and that clock (mergeJudgedUntil), as a run would read them.
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { atMost, jsonOptions, numberList, readCommandLine } from '../command-line';
import { writeFileSync } from 'node:fs';
import { candidateTrends } from '../../src/detect/candidate-trends';
import {
  clusterArticles,
  DEFAULT_CLUSTER_OPTIONS,
  type ActiveTrend,
  type ClusterOptions,
  type DetectArticle,
} from '../../src/detect/cluster';
import { isClosed } from '../../src/detect/cadence';
import { backgroundIdf } from '../../src/detect/idf';
import { mergeFragments } from '../../src/detect/merge-fragments';
import { findable } from '../../src/detect/trend-state';
import { rejoinedAssignments } from '../evaluate/trends/rejoined';
import { MONTH_SCORES_HEADER, monthScores, uciMonth } from '../evaluate/trends/uci-month';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const { options, cadences, out } = readCommandLine(
  "month-runs.ts ['<cluster options as JSON>'] [run minutes, comma-separated, default 720] [pairs.tsv]",
  {},
  ({ positionals }) => {
    const [json = '{}', runMinutes = '720', tsv] = atMost(3, positionals);
    const options = jsonOptions<ClusterOptions & { allTrends: boolean; figuresOnly: boolean }>(json);
    return { options, cadences: numberList(runMinutes), out: tsv };
  },
);
const { allTrends, figuresOnly, ...overrides } = options;
const minutes = cadences[0]!;
const idf = backgroundIdf();

const month = uciMonth();
const { rows, gold, withoutColumns: articles } = month;
const byId = new Map(articles.map((a) => [a.id, a]));
const opts = { idf, ...overrides };

// The batch side: one pass at the last row's clock.
let started = performance.now();
const batchRun = clusterArticles(articles, [], { ...opts, now: new Date(rows[rows.length - 1]!.timestamp) });
const batch = batchRun.assignments;
const batchMs = performance.now() - started;

// The incremental side: the soak's clocks (day 0 + k x interval), each run given the candidates' states.
started = performance.now();
const day0 = Math.floor(rows[0]!.timestamp / DAY) * DAY;
const sorted = [...articles].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
const scores = (a: ReadonlyMap<string, string>): string => monthScores(month, a);
if (figuresOnly) {
  process.stdout.write(
    `options ${JSON.stringify(overrides)}; ${articles.length} articles; batch ${new Set(batch.values()).size} trends\n` +
      `${MONTH_SCORES_HEADER}:\n` +
      `  batch, clustering alone        ${scores(batch)}\n` +
      `  batch, rejoined once           ${scores(await rejoinedAssignments(articles, batch, idf, {}))}\n`,
  );
  for (const m of cadences) {
    const r = inRunsOf(opts, m * 60_000);
    const rejoined = await rejoinedAssignments(articles, r.assignments, idf, {});
    process.stdout.write(
      `  runs every ${m} min (${r.runs} runs, ${new Set(r.assignments.values()).size} trends):\n` +
        `    clustering alone             ${scores(r.assignments)}\n` +
        `    rejoined once at the end     ${scores(rejoined)}\n`,
    );
  }
  process.exit(0);
}
const inRuns = inRunsOf(opts, minutes * 60_000);
const incremental = inRuns.assignments;
const incMs = performance.now() - started;
// The same runs without a merge pass in each, then one merge pass over the final states (as the batch merges).
const noMerge = inRunsOf({ ...opts, mergeThreshold: 0 }, minutes * 60_000);
const mergedAtEnd = mergeFragments(
  [...noMerge.stored.values()].map((t) => ({
    ...t,
    centroid: new Map(Object.entries(t.terms)),
    meaning: t.meaning ? Float32Array.from(t.meaning) : undefined,
    entities: new Map(Object.entries(t.entities)),
  })),
  { ...DEFAULT_CLUSTER_OPTIONS, ...overrides },
  idf,
);
const endMerged = new Map([...noMerge.assignments].map(([a, t]) => [a, mergedAtEnd.get(t) ?? t]));

/** Detection runs every `minutes` over the month: article -> final trend, and the trends' last states. */
function inRunsOf(
  o: typeof opts,
  step: number,
): {
  assignments: Map<string, string>;
  stored: Map<string, ActiveTrend>;
  runs: number;
  held: number;
} {
  const stored = new Map<string, ActiveTrend>();
  const assigned = new Map<string, string>();
  const movedTo = new Map<string, string>();
  let held = 0;
  let runs = 0;
  let pending: DetectArticle[] = [];
  // With merges judged at a settle time: the clock of the run before, and the trends it left unjudged.
  const settleMs = (o.mergeSettleMinutes ?? 0) * 60_000;
  const windowMs = (o.mergeWindowSeconds ?? 60) * 1000;
  let judgedUntil = Number.NEGATIVE_INFINITY;
  for (let i = 0, t = day0 + step; i < sorted.length || pending.length > 0; t += step) {
    while (i < sorted.length && sorted[i]!.time <= t) pending.push(sorted[i++]!);
    if (pending.length === 0) continue;
    const kept = [...stored.values()].map((s) => ({ ...s, ...findable(s) }));
    const given = allTrends
      ? kept
      : candidateTrends(
          kept,
          pending,
          idf,
          (o.mergeWindowSeconds ?? 60) * 1000,
          (s) => s.first_seen,
          (s) => s.last_seen,
          o.postingsPerTerm,
        );
    if (settleMs > 0 && !allTrends) {
      // A trend whose merge is still to judge is held with the trends it may join.
      const ids = new Set(given.map((s) => s.id));
      for (const s of kept) if (s.first_seen > judgedUntil - settleMs - windowMs && !ids.has(s.id)) given.push(s);
    }
    held += given.length;
    runs++;
    const r = clusterArticles(pending, given, { ...o, now: new Date(t), mergeJudgedUntil: judgedUntil });
    judgedUntil = t;
    for (const [a, tr] of r.assignments) assigned.set(a, tr);
    for (const s of r.touched) stored.set(s.id, s);
    for (const [from, to] of r.merged) {
      stored.delete(from);
      movedTo.set(from, to);
    }
    // Reports left unassigned are read again by the next run, as loadUnassignedArticles does.
    pending = i < sorted.length ? pending.filter((a) => !r.assignments.has(a.id)) : [];
  }
  const final = (id: string): string => (movedTo.has(id) ? final(movedTo.get(id)!) : id);
  return { assignments: new Map([...assigned].map(([a, tr]) => [a, final(tr)])), stored, runs, held };
}

const batchRejoined = await rejoinedAssignments(articles, batch, idf, {});
const incRejoined = await rejoinedAssignments(articles, incremental, idf, {});
process.stdout.write(
  `options ${JSON.stringify(overrides)}; ${articles.length} articles; batch ${(batchMs / 1000).toFixed(0)} s, ` +
    `${new Set(batch.values()).size} trends; runs every ${minutes} min: ${inRuns.runs} runs, ` +
    `${allTrends ? 'every stored trend' : 'candidate states'} given (${(inRuns.held / Math.max(1, inRuns.runs)).toFixed(0)} a run), ` +
    `${(incMs / 1000).toFixed(0)} s, ${new Set(incremental.values()).size} trends\n` +
    `${MONTH_SCORES_HEADER}:\n` +
    `  batch, clustering alone        ${scores(batch)}\n` +
    `  runs, clustering alone         ${scores(incremental)}\n` +
    `  batch, rejoined once           ${scores(batchRejoined)}\n` +
    `  runs, rejoined once at the end ${scores(incRejoined)}\n` +
    `  runs, one merge pass at the end ${scores(endMerged)} (clustering alone)\n`,
);

/*
 * Pairs one side puts together and the other apart, as pairs of the other side's trends: for each
 * trend of side X, its members by side Y's trend; each pair of Y-trends inside one X-trend carries
 * n1 x n2 article pairs. Causes, from the Y-trends' clustering spans: founded within the merge
 * window (the merge pass), the later founded after the earlier was closed by its cadence at that
 * time (closing), the later founded while the earlier was open (reach: the earlier was not a
 * candidate, or did not take it), or overlapping membership in time.
 */
interface Span {
  first: number;
  last: number;
  n: number;
  times: number[];
}
const spans = (a: ReadonlyMap<string, string>): Map<string, Span> => {
  const m = new Map<string, Span>();
  for (const [id, t] of a) {
    const time = byId.get(id)!.time;
    const s = m.get(t) ?? { first: time, last: time, n: 0, times: [] };
    s.first = Math.min(s.first, time);
    s.last = Math.max(s.last, time);
    s.n++;
    s.times.push(time);
    m.set(t, s);
  }
  return m;
};
const cadence = { ...DEFAULT_CLUSTER_OPTIONS, ...overrides };
const mergeMs = (overrides.mergeWindowSeconds ?? 60) * 1000;
const cause = (e: Span, l: Span): string => {
  if (Math.abs(l.first - e.first) <= mergeMs) return 'founded within the merge window';
  // The earlier's state when the later was founded: its reports before that time.
  const before = e.times.filter((x) => x <= l.first);
  const at = { first_seen: e.first, last_seen: Math.max(...before), article_count: before.length };
  if (before.length === 0) return 'earlier founded after';
  if (isClosed(at, l.first, cadence)) return 'later founded after the earlier closed';
  return 'later founded while the earlier was open';
};
const together = (x: ReadonlyMap<string, string>, y: ReadonlyMap<string, string>, name: string): string[] => {
  const ys = spans(y);
  const cells = new Map<string, Map<string, string[]>>();
  for (const [id, tx] of x) {
    const ty = y.get(id);
    if (ty === undefined) continue;
    const c = cells.get(tx) ?? new Map<string, string[]>();
    c.set(ty, [...(c.get(ty) ?? []), id]);
    cells.set(tx, c);
  }
  const groups = new Map<string, { pairs: number; goldSame: number; trendPairs: number }>();
  const lines: string[] = [];
  let totalPairs = 0;
  for (const [tx, c] of cells) {
    if (c.size < 2) continue;
    const parts = [...c].sort((a, b) => ys.get(a[0])!.first - ys.get(b[0])!.first);
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++) {
        const [ya, ma] = parts[i]!;
        const [yb, mb] = parts[j]!;
        const k = cause(ys.get(ya)!, ys.get(yb)!);
        let same = 0;
        for (const p of ma) for (const q of mb) if (gold.get(p) === gold.get(q)) same++;
        const pairs = ma.length * mb.length;
        totalPairs += pairs;
        const g = groups.get(k) ?? { pairs: 0, goldSame: 0, trendPairs: 0 };
        g.pairs += pairs;
        g.goldSame += same;
        g.trendPairs++;
        groups.set(k, g);
        const head = (ids: string[]): string => byId.get(ids[0]!)!.title;
        lines.push(
          [
            name,
            k,
            tx,
            ya,
            yb,
            ma.length,
            mb.length,
            pairs,
            (same / pairs).toFixed(2),
            new Date(ys.get(ya)!.first).toISOString().slice(0, 16),
            new Date(ys.get(ya)!.last).toISOString().slice(0, 16),
            new Date(ys.get(yb)!.first).toISOString().slice(0, 16),
            head(ma),
            head(mb),
          ].join('\t'),
        );
      }
  }
  process.stdout.write(
    `${name}: ${totalPairs} article pairs in ${lines.length} pairs of the other side's trends\n` +
      [...groups]
        .sort((a, b) => b[1].pairs - a[1].pairs)
        .map(
          ([k, g]) =>
            `  ${k.padEnd(42)} ${String(g.trendPairs).padStart(5)} trend pairs ${String(g.pairs).padStart(9)} article pairs, ` +
            `UCI same story ${(g.goldSame / Math.max(1, g.pairs)).toFixed(2)}\n`,
        )
        .join(''),
  );
  return lines;
};
const lines = [
  ...together(incremental, batch, 'runs join, batch parts'),
  ...together(batch, incremental, 'batch joins, runs part'),
  ...together(incremental, endMerged, 'a merge pass per run joins, one at the end parts'),
  ...together(endMerged, incremental, 'one merge pass at the end joins, one per run parts'),
];
if (out) {
  const header =
    'side\tcause\ttrend\ta\tb\tsize_a\tsize_b\tpairs\tgold_same\tfirst_a\tlast_a\tfirst_b\theadline_a\theadline_b';
  const sortedLines = lines.sort((a, b) => Number(b.split('\t')[7]) - Number(a.split('\t')[7]));
  writeFileSync(out, `${header}\n${sortedLines.join('\n')}\n`);
  process.stdout.write(`pairs written to ${out}\n`);
}
