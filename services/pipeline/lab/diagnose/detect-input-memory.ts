/**
 * What a detection run holds, part by part, against a kept index set (a soak's, SOAK_KEEP=1), at
 * clock NOW. Each part is read as the run reads it and measured as the heap it keeps after a full
 * GC (released in turn, so the parts add up):
 * - the run's input (loadDetectInput): the lean list of every open trend, the new reports, the
 *   closed trends they name, the candidate states;
 * - the refresh set: what the velocity refresh reads of the trends whose velocity moves with the
 *   clock (loadRefreshSources), beside their whole stored documents (loadTrendDocs) for scale;
 * - a late large run's candidates: the reports of the LOOKBACK hours before NOW (12 by default;
 *   assigned by now, the last run's reports) taken as if new, their candidate trends read as
 *   loadCandidateTrends reads them and turned into states (openTrendStates): what that run held;
 * - the rejoin's stored lookup (trendIdsByTerms, loadRejoinStates) for the heaviest key terms of
 *   those candidates that the reports joined (the trends such a run touches): every open trend under
 *   them with its state (as the lookup read before rejoinBounds), then only those the bounds leave
 *   and the run does not hold.
 * Run: node --expose-gc --import tsx services/pipeline/lab/diagnose/detect-input-memory.ts <prefix> <now ISO> [lookback hours]
 * (OPENSEARCH_URL, else 127.0.0.1:OS_PORT). Reads only.
 */
import '@trendscope/core/require-project-node';
import { atMost, oneNumber, readCommandLine } from '../command-line';
import { createLogger, createOpenSearchClient, indexNames, loadConfig, type ArticleDoc } from '@trendscope/core';
import { toDetectArticle } from '../../src/detect/active-trend';
import { queryTerms, reachOf } from '../../src/detect/candidate-trends';
import { POSTINGS_PER_TERM } from '../../src/detect/cluster';
import {
  articleTimeIn,
  loadCandidateTrends,
  loadRefreshSources,
  loadTrendDocs,
  loadRejoinStates,
  trendIdsByTerms,
  searchAll,
  withBodies,
} from '../../src/detect/detect.repository';
import { clusteringFounded, datedArticle, loadDetectInput } from '../../src/detect/detect-load';
import { openTrendStates } from '../../src/detect/load-trend-states';
import { detectSettings } from '../../src/detect/run-detect';
import { topTerms } from '../../src/detect/term-vector';
import { DEFAULT_REJOIN_OPTIONS, rejoinBounds } from '../../src/detect/rejoin-stories';

const [prefix, nowIso, lookback] = readCommandLine(
  'detect-input-memory.ts <index prefix> <now ISO> [lookback hours, default 12] (run with node --expose-gc)',
  {},
  ({ positionals }) => {
    const [p, now, hours = '12'] = atMost(3, positionals);
    if (!p || !now) throw new Error('an index prefix and a time are needed');
    if (Number.isNaN(Date.parse(now))) throw new Error(`not a time: ${now}`);
    return [p, now, oneNumber(hours)] as const;
  },
);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const config = loadConfig({ ...process.env, OPENSEARCH_INDEX_PREFIX: prefix });
const opensearch = createOpenSearchClient({ url: config.opensearch.url, requestTimeoutMs: 300_000, maxRetries: 2 });
const names = indexNames(prefix);
const now = new Date(nowIso);
const settings = detectSettings({ now, maxNewReports: config.pipeline.detectMaxNewReports });
const logger = createLogger({ level: 'silent', name: 'detect-input-memory' });

const heap = (): number => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const line = (what: string, n: number, mb: number): void => {
  const per = n > 0 ? ` (${((mb * 1024) / n).toFixed(1)} KB each)` : '';
  process.stdout.write(`  ${what.padEnd(58)} ${String(n).padStart(6)}  ${mb.toFixed(1).padStart(7)} MB${per}\n`);
};
/** Heap `read` keeps after a full GC: read, measure, and let it go. */
const held = async <T>(read: () => Promise<T>, count: (x: T) => number, what: string): Promise<T> => {
  const before = heap();
  const x = await read();
  line(what, count(x), heap() - before);
  return x;
};

process.stdout.write(`${prefix} at ${nowIso}: heap before ${heap().toFixed(1)} MB\n`);

// The run's input, split by releasing its parts in turn.
const before = heap();
const input = await loadDetectInput({ opensearch, names, logger }, settings);
const total = heap() - before;
const drop = (release: () => void): number => {
  const at = heap();
  release();
  return at - heap();
};
const counts = {
  states: input.states.size,
  refreshing: input.refreshing.size,
  archived: input.archived.length,
  unassigned: input.unassigned.length,
  active: input.active.length,
  columns: input.columns.size,
};
const refreshing = [...input.refreshing];
const statesMb = drop(() => input.states.clear());
const archivedMb = drop(() => input.archived.splice(0));
const unassignedMb = drop(() => input.unassigned.splice(0));
const activeMb = drop(() => {
  input.active.splice(0);
  input.aliases.clear();
  input.known.clear();
});
process.stdout.write(`run input (loadDetectInput): ${total.toFixed(1)} MB\n`);
line('candidate states held (new reports but column editions)', counts.states, statesMb);
line('closed trends named (archive join)', counts.archived, archivedMb);
line(`new reports (of them column editions: ${counts.columns})`, counts.unassigned, unassignedMb);
line('lean list of every open trend (+ ids, aliases)', counts.active, activeMb);

// The refresh set as the run reads it, and whole for scale.
process.stdout.write(`refresh set: ${refreshing.length} trends whose velocity moves\n`);
await held(
  () => loadRefreshSources(opensearch, names, refreshing),
  (m) => m.size,
  'refresh sources (REFRESH_SOURCE_FIELDS)',
);
await held(
  () => loadTrendDocs(opensearch, names, refreshing),
  (m) => m.size,
  'the same trends, whole stored documents',
);

// A late large run: the last LOOKBACK hours' reports taken as new.
const from = new Date(now.getTime() - Number(lookback) * 3_600_000).toISOString();
const hits = await searchAll<ArticleDoc>(opensearch, names.articles, articleTimeIn(from, nowIso), [
  { canonical_url: 'asc' },
]);
const reports = (
  await withBodies(
    opensearch,
    names,
    hits.map((h) => ({ ...h._source, id: h._id })),
  )
).filter(datedArticle);
const articles = reports.map(toDetectArticle);
const terms = queryTerms(articles, settings.idf);
const windowMs = settings.cluster.mergeWindowSeconds * 1000;
process.stdout.write(
  `a run over the ${reports.length} reports of the ${lookback} h before (${terms.length} query terms):\n`,
);
const candidates = await held(
  () =>
    loadCandidateTrends(
      opensearch,
      names,
      settings.since,
      terms,
      reachOf(
        articles.map((a) => a.time),
        windowMs,
      ),
      windowMs,
      clusteringFounded,
      settings.cluster.postingsPerTerm ?? POSTINGS_PER_TERM,
    ),
  (l) => l.length,
  'candidate trends as read (StoredTrend with detect_state)',
);
const states = await held(
  () => openTrendStates(opensearch, names, candidates, settings.idf, settings.withMeaning, datedArticle),
  (m) => m.size,
  'their clustering states (ActiveTrend), beside the read list',
);
const terms80 = [...states.values()].reduce((s, t) => s + Object.keys(t.terms).length, 0);
const meaning = [...states.values()].reduce((s, t) => s + (t.meaning?.length ?? 0), 0);
const entities = [...states.values()].reduce((s, t) => s + Object.keys(t.entities).length, 0);
process.stdout.write(
  `  per state: ${(terms80 / Math.max(1, states.size)).toFixed(1)} centroid terms, ` +
    `${(entities / Math.max(1, states.size)).toFixed(1)} entities, ${(meaning / Math.max(1, states.size)).toFixed(0)} meaning dimensions\n`,
);
// The trends those reports joined: the rejoin looks stored trends up by their heaviest key terms.
const joined = new Set(reports.map((a) => a.trend_id).filter((id): id is string => typeof id === 'string'));
const keys = [
  ...new Set(
    [...states.values()]
      .filter((t) => joined.has(t.id))
      .flatMap((t) => [...topTerms(new Map(Object.entries(t.terms)), 10).keys()]),
  ),
].sort();
const joinedStates = [...states.values()].filter((t) => joined.has(t.id));
const rejoinIds = async (bounds: { minArticles: number; lastSeenFrom: number }): Promise<Map<string, unknown>> => {
  const ids = await trendIdsByTerms(opensearch, names, settings.since, keys, bounds);
  const unbounded = bounds.minArticles === 0;
  return loadRejoinStates(opensearch, names, unbounded ? ids : ids.filter((id) => !states.has(id)));
};
await held(
  () => rejoinIds({ minArticles: 0, lastSeenFrom: 0 }),
  (m) => m.size,
  `rejoin lookup by ${keys.length} key terms, every trend under them`,
);
const bounds = rejoinBounds(
  joinedStates.map((t) => ({ first_seen: t.first_seen })),
  DEFAULT_REJOIN_OPTIONS,
);
await held(
  () => rejoinIds(bounds),
  (m) => m.size,
  'the same within rejoinBounds, not held as candidates',
);
// Kept alive until measured: the figures above are what these hold.
if (candidates.length + states.size + input.states.size < 0) process.stdout.write('\n');
await opensearch.close();
