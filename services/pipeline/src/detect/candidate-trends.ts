import { POSTINGS_PER_TERM, QUERY_TERMS, type DetectArticle } from './cluster';
import { articleVector, topTerms } from './term-vector';

/*
 * Which open trends a run must hold the clustering state of, so that clusterArticles over them
 * decides as it would over every open trend (docs/lab-notes/detection-speed.md, "Candidate open
 * trends"):
 * - a report reaches a stored trend only through the term index (its heaviest QUERY_TERMS against
 *   the trend's heaviest INDEXED_TERMS, `detect_terms`); a trend indexed under none of the run's
 *   query terms is never scored, and it takes no slot in the postings of a queried term either
 *   (postings are per term), so the candidates ranked for every report are the same;
 * - a term's postings keep the POSTINGS_PER_TERM most recently reported trends (cluster.ts indexes
 *   the stored ones least recently reported first, ties by id): an older trend indexed under a
 *   queried term is pushed out of its postings before the first report is read, so only those
 *   heads of each queried term's postings are held (postingHeads). What a run holds then follows
 *   its reports' terms, not the trends the window keeps;
 * - the fragment merge (merge-fragments.ts) compares trends founded within mergeWindowSeconds of
 *   each other: a trend founded within that window of a report of the run or of another candidate
 *   (transitively) is held too. Trends outside those chains neither changed nor meet a trend that
 *   did, so the merge pass judges them as the run that wrote them did;
 * - trends without the indexed fields (written before them) are always held, and get them written.
 */

/** A stored trend as candidate selection sees it: its indexed terms and founding, when kept. */
export interface Findable {
  detect_terms?: readonly string[];
  /** ISO time. */
  detect_founded?: string;
}

/** The terms a run's reports look trends up by in clusterArticles: each report's heaviest QUERY_TERMS (sorted). */
export function queryTerms(
  articles: readonly Pick<DetectArticle, 'title' | 'text'>[],
  idf: (term: string) => number,
): string[] {
  const out = new Set<string>();
  for (const a of articles)
    for (const t of topTerms(articleVector(a.title, a.text, idf), QUERY_TERMS).keys()) out.add(t);
  return [...out].sort();
}

/** Closed intervals [from, to] (ms) within `windowMs` of any of `times`, overlapping ones joined, ascending. */
export function reachOf(times: readonly number[], windowMs: number): [number, number][] {
  const out: [number, number][] = [];
  for (const t of [...times].filter(Number.isFinite).sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && t - windowMs <= last[1]) last[1] = Math.max(last[1], t + windowMs);
    else out.push([t - windowMs, t + windowMs]);
  }
  return out;
}

/** Whether `time` lies in one of the intervals. */
export function within(intervals: readonly [number, number][], time: number): boolean {
  return intervals.some(([from, to]) => time >= from && time <= to);
}

/**
 * Whether a stored trend must be held by a run whose reports query `terms` and whose merge window
 * reaches `reach` (what the query of loadCandidateTrends selects, as a predicate).
 */
export function mayTakePart(t: Findable, terms: ReadonlySet<string>, reach: readonly [number, number][]): boolean {
  if (!t.detect_terms || t.detect_founded === undefined) return true;
  return t.detect_terms.some((term) => terms.has(term)) || within(reach, Date.parse(t.detect_founded));
}

/**
 * The trends at the head of each queried term's postings when a run starts: per term of `terms`,
 * the POSTINGS_PER_TERM trends indexed under it reported last (`lastSeen`, ms; ties: the greater
 * id), the order in which clusterArticles keeps them. Their ids.
 */
export function postingHeads<T extends Findable & { id: string }>(
  trends: readonly T[],
  terms: ReadonlySet<string>,
  lastSeen: (t: T) => number,
  perTerm: number = POSTINGS_PER_TERM,
): Set<string> {
  const byTerm = new Map<string, T[]>();
  for (const t of trends) {
    for (const term of t.detect_terms ?? []) {
      if (!terms.has(term)) continue;
      const list = byTerm.get(term);
      if (list) list.push(t);
      else byTerm.set(term, [t]);
    }
  }
  const out = new Set<string>();
  for (const list of byTerm.values()) {
    list.sort((a, b) => lastSeen(b) - lastSeen(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    for (const t of list.slice(0, perTerm)) out.add(t.id);
  }
  return out;
}

/**
 * The candidates among `trends`: those without indexed fields, those at the head of a queried
 * term's postings (postingHeads) and those founded within the reach of the run's reports, then,
 * until none is added, those founded within `windowMs` of a candidate's founding (`founded`: the
 * clustering's founding, ms).
 */
export function candidateTrends<T extends Findable & { id: string }>(
  trends: readonly T[],
  articles: readonly Pick<DetectArticle, 'title' | 'text' | 'time'>[],
  idf: (term: string) => number,
  windowMs: number,
  founded: (t: T) => number,
  lastSeen: (t: T) => number,
  /** The clustering's postings per term (ClusterOptions.postingsPerTerm). */
  perTerm: number = POSTINGS_PER_TERM,
): T[] {
  const terms = new Set(queryTerms(articles, idf));
  let reach = reachOf(
    articles.map((a) => a.time),
    windowMs,
  );
  const heads = postingHeads(trends, terms, lastSeen, perTerm);
  const chosen = new Map<string, T>();
  let added = trends.filter(
    (t) =>
      !t.detect_terms ||
      t.detect_founded === undefined ||
      heads.has(t.id) ||
      within(reach, Date.parse(t.detect_founded)),
  );
  while (added.length > 0) {
    for (const t of added) chosen.set(t.id, t);
    reach = reachOf(added.map(founded), windowMs);
    added = trends.filter((t) => !chosen.has(t.id) && within(reach, founded(t)));
  }
  return [...chosen.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}
