import type { TrendFounding, TrendPart } from '@trendscope/core';
import { defaultHeadlineMeaning, type HeadlineMeaning } from './headline-meaning';
import { isClosed, requiredSharedTerms, requiredSimilarity, type CadenceOptions } from './cadence';
import { mergeFragments, mergeJudge, settledGroup, type FragmentView, type MergeOptions } from './merge-fragments';
import { articleVector, dot, LEAD_WORDS, sharedTerms, topTerms, type TermVector } from './term-vector';
import { contentTerms } from '../text/tokenize';
import { trendIdFor } from './trend-id';

/** An article as the clustering sees it. */
export interface DetectArticle {
  id: string;
  title: string;
  /** Description and/or body (only the lead is used). */
  text: string;
  /** Publication time (or fetch time when the source gave none), ms since the epoch. */
  time: number;
  entities: readonly string[];
}

/** The clustering state of a trend: its centroid terms and entities and its time span. */
export interface ActiveTrend {
  id: string;
  /** Sum of member article vectors, bounded to the heaviest CENTROID_TERMS terms. */
  terms: Record<string, number>;
  entities: Record<string, number>;
  article_count: number;
  first_seen: number;
  last_seen: number;
  /** Sum of its headlines' meaning vectors (headline-meaning.ts); absent when not computed. */
  meaning?: number[];
  /** A rejoined trend's part, of which the sums are (story-part.ts); the span and count are the whole trend's. */
  part?: TrendPart;
  /** A rejoined trend's kept foundings (founding-views.ts), written back as read. */
  foundings?: TrendFounding[];
}

/** Options of clusterArticles (time rules in CadenceOptions); defaults in DEFAULT_CLUSTER_OPTIONS. */
export interface ClusterOptions extends CadenceOptions, MergeOptions {
  /** The clock: articles after it are ignored (not yet "seen"). */
  now: Date;
  /** Share of the similarity given to named-entity overlap (the rest to weighted terms). */
  entityWeight: number;
  /** Trends a term's postings keep (POSTINGS_PER_TERM unless given; tests set fewer). */
  postingsPerTerm?: number;
  /** Candidate trends fully compared per article (retrieved through the term index). */
  candidates: number;
  idf: (term: string) => number;
  /**
   * A trend closed by its window or cadence stays joinable this many days after its last report
   * (0: never) by an article that agrees strongly: similarity >= archiveThreshold and at least
   * archiveEntities named entities in common (a story reported again months later).
   */
  archiveDays: number;
  archiveThreshold: number;
  archiveEntities: number;
  /**
   * An article whose every content term (title and lead) has a background idf below this carries
   * no story of its own ("5 Things to Know This Morning", "Most Popular Stories"): it may join a
   * trend it shares words with, but founds none (0: off).
   */
  storylessIdf: number;
  /** Headline meaning for meaning merges (default: the committed word vectors and idf). */
  meaning?: HeadlineMeaning;
  /**
   * Headlines of a trend, its first ones, whose meanings make its meaning (default: all). A costly
   * meaning (the sentence encoder) then needs only the founding headlines of each trend embedded.
   */
  meaningHeadlines?: number;
  /**
   * With mergeSettleMinutes: the clock of the run before (ms). A given trend whose settle time
   * (founding + mergeSettleMinutes) is at or before it was judged by that run; one after it is
   * judged by this run when its clock passes that time (default: every given trend was judged).
   */
  mergeJudgedUntil?: number;
  /**
   * With mergeSettleMinutes: the clock this run judges merges up to (ms; default `now`). A run that
   * read its most new reports judges only up to the last one it read: the reports it left may
   * still change the states of the moments after.
   */
  mergeJudgedTo?: number;
}

/**
 * Defaults, tuned on the Giveme5W1H training split and UCI April rows 1-20,000 (docs/quality.md).
 * An article joins the open trend whose similarity most exceeds what the trend requires at that
 * moment: 0.18, or as little as 0.04 seconds after the trend's last report (back to 0.18 within
 * about 17 minutes); more than 5 minutes after the trend's last report it must also share 4
 * content terms with the trend (one shared word across hours chains unrelated headlines). A trend stays open 60 days after its last article, or 1000 times its mean gap
 * between articles when that is shorter (at least 30 minutes). After the pass, trends founded
 * within 60 s of each other whose centroids agree (cosine >= 0.15), or whose headline meanings
 * agree (cosine >= 0.3) when one has at most 3 articles, or that the learned merge model calls one
 * story (p >= its threshold, merge-model.ts), become one (merge-fragments.ts); two lone headlines
 * are joined on meaning or by the model only with a word or a name in common. For a
 * year past its window a trend still takes a report of similarity >= 0.4 naming 2 of its entities.
 * Trends of one story founded hours or days apart are rejoined after clustering (rejoin-stories.ts).
 */
export const DEFAULT_CLUSTER_OPTIONS: Omit<ClusterOptions, 'now' | 'idf'> = {
  windowHours: 24 * 60,
  threshold: 0.18,
  burstFactor: 1000,
  minOpenHours: 0.5,
  burstDiscount: 0.14,
  thresholdRise: 0.03,
  riseScaleSeconds: 10,
  lateJoinMinutes: 5,
  lateJoinTerms: 4,
  entityWeight: 0.1,
  candidates: 8,
  mergeThreshold: 0.15,
  mergeWindowSeconds: 60,
  meaningThreshold: 0.3,
  meaningMaxArticles: 3,
  meaningSharedEntities: 0,
  lonePairsNeedWords: true,
  learnedMerge: true,
  archiveDays: 365,
  archiveThreshold: 0.4,
  archiveEntities: 2,
  storylessIdf: 0,
};

/** What one clustering pass did. */
export interface ClusterResult {
  /** article id -> trend id, for every article considered, in processing order. */
  assignments: Map<string, string>;
  /** Trends that received articles (new ones included), with their updated state. */
  touched: ActiveTrend[];
  /** Ids of trends founded in this pass (and not merged into another). */
  created: string[];
  /** Trends given in `existing` that were merged into another: absorbed id -> surviving id. */
  merged: Map<string, string>;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Terms kept in a centroid and terms under which a trend is indexed for retrieval. */
export const CENTROID_TERMS = 80;
export const INDEXED_TERMS = 25;
export const QUERY_TERMS = 12;
/**
 * Trends kept per term in the retrieval index, the most recently updated ones: bounds the work per
 * article (so a run grows linearly with its articles) the way a top-k retrieval query would.
 */
export const POSTINGS_PER_TERM = 32;
/** A trend with more articles than this is re-indexed on every REINDEX_EVERY-th article. */
const REINDEX_EVERY = 8;

interface State {
  trend: ActiveTrend;
  centroid: TermVector;
  /** Euclidean norm of the centroid (similarities use centroid / norm, no second copy). */
  norm: number;
  entities: Map<string, number>;
  indexed: Set<string>;
  /** Summed headline meanings (only when meaning merges are on). */
  meaning: Float32Array | undefined;
}

/** What the fragment merge (merge-fragments.ts) reads of a trend's state. */
function fragmentView(s: State): FragmentView {
  return {
    id: s.trend.id,
    first_seen: s.trend.first_seen,
    last_seen: s.trend.last_seen,
    article_count: s.trend.article_count,
    centroid: s.centroid,
    meaning: s.meaning,
    entities: s.entities,
  };
}

/**
 * Online single-pass clustering (DESIGN.md section 5, detect): articles in time order; for each,
 * candidate trends come from an inverted index over the heaviest centroid terms of the trends still
 * open (cadence.ts); the candidate whose similarity (weighted terms + named entities) most exceeds
 * the similarity it requires at that moment takes the article, otherwise the article founds a new
 * trend. Pure and deterministic: same input and clock, same output.
 */
export function clusterArticles(
  articles: readonly DetectArticle[],
  existing: readonly ActiveTrend[],
  opts: Partial<ClusterOptions> & Pick<ClusterOptions, 'now' | 'idf'>,
): ClusterResult {
  const o = { ...DEFAULT_CLUSTER_OPTIONS, ...opts };
  const meaningOf = o.meaningThreshold > 0 || o.learnedMerge ? (o.meaning ?? defaultHeadlineMeaning()) : undefined;
  const meaningCap = o.meaningHeadlines ?? Number.POSITIVE_INFINITY;
  const states = new Map<string, State>();
  const postings = new Map<string, Set<string>>();
  const index = (s: State): void => {
    for (const t of s.indexed) postings.get(t)?.delete(s.trend.id);
    s.indexed = new Set(topTerms(s.centroid, INDEXED_TERMS).keys());
    for (const t of s.indexed) {
      let set = postings.get(t);
      if (!set) postings.set(t, (set = new Set()));
      set.delete(s.trend.id);
      set.add(s.trend.id);
      if (set.size > (o.postingsPerTerm ?? POSTINGS_PER_TERM)) {
        // Sets iterate in insertion order: the first entry is the least recently updated trend.
        const stale = set.values().next().value!;
        set.delete(stale);
        states.get(stale)?.indexed.delete(t);
      }
    }
  };
  for (const t of existing) {
    const centroid = new Map(Object.entries(t.terms));
    const s: State = {
      // The given sums are not copied: a touched trend's are replaced, never changed in place.
      trend: { ...t },
      centroid,
      norm: norm(centroid),
      entities: new Map(Object.entries(t.entities)),
      indexed: new Set(),
      meaning: meaningOf && t.meaning ? Float32Array.from(t.meaning) : undefined,
    };
    states.set(t.id, s);
  }
  // A term's postings keep the trends indexed last: the given trends are indexed least recently
  // reported first, so a common term keeps the ones a single pass over the same reports would
  // (the most recently updated), whatever order they come in (a run passes them by id).
  for (const t of [...existing].sort(byLastSeen)) index(states.get(t.id)!);

  const ordered = articles
    .filter((a) => a.time <= o.now.getTime())
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const assignments = new Map<string, string>();
  const touched = new Set<string>();
  const created: string[] = [];
  const existingIds = new Set(existing.map((t) => t.id));
  const merged = new Map<string, string>();
  const absorbedInto = new Map<string, string>();
  const settle = settledMerges(existing);
  for (const a of ordered) {
    if (assignments.has(a.id)) continue;
    settle?.judgeUntil(a.time, false);
    const vec = articleVector(a.title, a.text, o.idf);
    const ents = new Set(a.entities);
    // Nothing to compare (a title that is only a date, no text, no names; `comparable`): such an
    // item can join no story and would found a trend named after a timestamp; it stays unassigned.
    if (vec.size === 0 && ents.size === 0) continue;
    const best = bestCandidate(vec, ents, a.time);
    let state: State;
    if (best) {
      state = best;
    } else if (isStoryless(a, o)) {
      continue;
    } else {
      const id = trendIdFor(a.id);
      state = {
        trend: { id, terms: {}, entities: {}, article_count: 0, first_seen: a.time, last_seen: a.time },
        centroid: new Map(),
        norm: 0,
        entities: new Map(),
        indexed: new Set(),
        meaning: undefined,
      };
      states.set(id, state);
      created.push(id);
      settle?.founded(state);
    }
    absorb(state, vec, ents, a.time);
    if (meaningOf && state.trend.article_count <= meaningCap) addMeaning(state, meaningOf(a.title));
    // The heaviest terms of a grown trend barely move: re-index it every few articles only.
    if (state.trend.article_count <= REINDEX_EVERY || state.trend.article_count % REINDEX_EVERY === 0) index(state);
    assignments.set(a.id, state.trend.id);
    touched.add(state.trend.id);
  }

  /** The open candidate with the largest margin over its required similarity, if one reaches it. */
  function bestCandidate(vec: TermVector, ents: Set<string>, time: number): State | null {
    const partial = new Map<string, number>();
    const archived = new Set<string>();
    for (const [term, w] of topTerms(vec, QUERY_TERMS)) {
      const ids = postings.get(term);
      if (!ids) continue;
      for (const id of ids) {
        const s = states.get(id)!;
        if (isClosed(s.trend, time, o)) {
          const gap = time - s.trend.last_seen;
          // Only past its window: a burst that went quiet stays closed (UCI, days; Giveme, months).
          if (gap > o.windowHours * HOUR_MS && gap <= o.windowHours * HOUR_MS + o.archiveDays * DAY_MS) {
            archived.add(id);
          } else {
            // Closed for good (articles come in time order): drop it from the index.
            for (const t of s.indexed) postings.get(t)?.delete(id);
            s.indexed.clear();
            continue;
          }
        }
        partial.set(id, (partial.get(id) ?? 0) + (w * (s.centroid.get(term) ?? 0)) / s.norm);
      }
    }
    const ranked = topCandidates(partial, o.candidates);
    // Ranking by margin, not raw similarity: a report seconds after a trend's last one goes to that
    // trend rather than to an older, broader trend on the same subject.
    let best: State | null = null;
    let bestMargin = 0;
    let archivedBest: State | null = null;
    let archivedMargin = 0;
    for (const id of ranked) {
      const s = states.get(id)!;
      if (archived.has(id)) {
        // A closed trend takes only a report that agrees strongly, and only when no open one does.
        const margin = similarity(vec, ents, s) - o.archiveThreshold;
        if (margin < 0 || sharedEntities(ents, s.entities) < o.archiveEntities) continue;
        if (sharedTerms(vec, s.centroid) < o.lateJoinTerms) continue;
        if (!archivedBest || margin > archivedMargin) {
          archivedBest = s;
          archivedMargin = margin;
        }
        continue;
      }
      const margin = similarity(vec, ents, s) - requiredSimilarity(s.trend, time, o);
      if (margin < 0 || sharedTerms(vec, s.centroid) < requiredSharedTerms(s.trend, time, o)) continue;
      if (!best || margin > bestMargin) {
        best = s;
        bestMargin = margin;
      }
    }
    return best ?? archivedBest;
  }

  function similarity(vec: TermVector, ents: Set<string>, s: State): number {
    const termSim = s.norm > 0 ? dot(vec, s.centroid) / s.norm : 0;
    if (ents.size === 0 || s.entities.size === 0) return termSim;
    const entSim = sharedEntities(ents, s.entities) / Math.min(ents.size, s.entities.size, 5);
    return (1 - o.entityWeight) * termSim + o.entityWeight * Math.min(1, entSim);
  }

  /** Folds an absorbed trend into its survivor: sums, index, touched set and the merges reported. */
  function foldInto(survivor: State, absorbed: State): void {
    fold(survivor, absorbed);
    states.delete(absorbed.trend.id);
    touched.delete(absorbed.trend.id);
    touched.add(survivor.trend.id);
    if (existingIds.has(absorbed.trend.id)) merged.set(absorbed.trend.id, survivor.trend.id);
  }

  /**
   * Merges judged once per trend at its settle time, on the states of that moment (mergeSettleMinutes),
   * in the order of the reports; null when merges are judged by one pass over the end states. The
   * trends judged so far and not absorbed are the groups a later one may join, in order of founding.
   */
  function settledMerges(given: readonly ActiveTrend[]) {
    const settleMs = (o.mergeSettleMinutes ?? 0) * 60_000;
    if (settleMs <= 0 || o.mergeThreshold <= 0) return null;
    const judge = mergeJudge(o, o.idf);
    const judgedUntil = o.mergeJudgedUntil ?? Number.POSITIVE_INFINITY;
    const byFounding = (a: ActiveTrend, b: ActiveTrend): number =>
      a.first_seen - b.first_seen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const groups: State[] = [];
    const pending: State[] = [];
    for (const t of [...given].sort(byFounding)) {
      (t.first_seen + settleMs <= judgedUntil ? groups : pending).push(states.get(t.id)!);
    }
    return {
      founded(s: State): void {
        pending.push(s);
      },
      /** Judges the pending trends settled before `time` (at it too when `inclusive`), earliest founded first. */
      judgeUntil(time: number, inclusive: boolean): void {
        const due = pending.filter(
          (s) => s.trend.first_seen + settleMs < time || (inclusive && s.trend.first_seen + settleMs === time),
        );
        if (due.length === 0) return;
        const left = new Set(pending.filter((s) => !due.includes(s)));
        pending.length = 0;
        pending.push(...left);
        for (const s of due.sort((a, b) => byFounding(a.trend, b.trend))) {
          const joined = settledGroup(fragmentView(s), groups, fragmentView, judge);
          if (joined) {
            foldInto(joined, s);
            for (const term of s.indexed) postings.get(term)?.delete(s.trend.id);
            index(joined);
            absorbedInto.set(s.trend.id, joined.trend.id);
            continue;
          }
          // Groups stay in order of founding (a report fetched late can found an earlier trend).
          let i = groups.length;
          while (i > 0 && byFounding(groups[i - 1]!.trend, s.trend) > 0) i--;
          groups.splice(i, 0, s);
        }
      },
    };
  }

  // Fragments of one story founded seconds apart become one trend (merge-fragments.ts).
  const views = (): FragmentView[] => [...states.values()].map(fragmentView);
  if (settle) settle.judgeUntil(o.mergeJudgedTo ?? o.now.getTime(), true);
  const folded = settle ? absorbedInto : mergeFragments(views(), o, o.idf);
  if (!settle)
    for (const [absorbedId, survivorId] of folded) foldInto(states.get(survivorId)!, states.get(absorbedId)!);
  for (const [articleId, trendId] of assignments) {
    const survivor = folded.get(trendId);
    if (survivor !== undefined) assignments.set(articleId, survivor);
  }

  const touchedTrends = [...touched].map((id) => {
    const s = states.get(id)!;
    s.trend.terms = Object.fromEntries([...s.centroid.entries()].map(([t, w]) => [t, Math.round(w * 1e4) / 1e4]));
    s.trend.entities = Object.fromEntries(s.entities);
    if (s.meaning) s.trend.meaning = [...s.meaning];
    return s.trend;
  });
  return { assignments, touched: touchedTrends, created: created.filter((id) => states.has(id)), merged };
}

/**
 * Whether clusterArticles can compare an article at all: it has a content term or a name. One
 * without (a title that is only a date, no text) joins no trend and founds none.
 */
export function comparable(a: Pick<DetectArticle, 'title' | 'text' | 'entities'>, idf: (t: string) => number): boolean {
  return a.entities.length > 0 || articleVector(a.title, a.text, idf).size > 0;
}

/** Least recently reported first, then by id. */
function byLastSeen(a: ActiveTrend, b: ActiveTrend): number {
  return a.last_seen - b.last_seen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Whether every content term of an article is common (storylessIdf): words any report could use. */
function isStoryless(a: DetectArticle, o: Pick<ClusterOptions, 'storylessIdf' | 'idf'>): boolean {
  if (o.storylessIdf <= 0) return false;
  const terms = contentTerms(`${a.title}\n${a.text.split(/\s+/).slice(0, LEAD_WORDS).join(' ')}`);
  return terms.every((t) => o.idf(t) < o.storylessIdf);
}

/** Ids of the `k` best partial scores (ties by id), without sorting every candidate. */
function topCandidates(partial: ReadonlyMap<string, number>, k: number): string[] {
  const top: [string, number][] = [];
  for (const entry of partial) {
    if (top.length === k && !better(entry, top[k - 1]!)) continue;
    let i = Math.min(top.length, k - 1);
    top[i] = entry;
    while (i > 0 && better(top[i]!, top[i - 1]!)) {
      [top[i], top[i - 1]] = [top[i - 1]!, top[i]!];
      i--;
    }
  }
  return top.map(([id]) => id);
}

function better(a: [string, number], b: [string, number]): boolean {
  return a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
}

function absorb(s: State, vec: TermVector, ents: Set<string>, time: number): void {
  for (const [t, w] of vec) s.centroid.set(t, (s.centroid.get(t) ?? 0) + w);
  if (s.centroid.size > CENTROID_TERMS * 1.25) s.centroid = topTerms(s.centroid, CENTROID_TERMS);
  s.norm = norm(s.centroid);
  for (const e of ents) s.entities.set(e, (s.entities.get(e) ?? 0) + 1);
  if (s.entities.size > 60) s.entities = new Map([...s.entities].sort((a, b) => b[1] - a[1]).slice(0, 40));
  s.trend.article_count++;
  s.trend.first_seen = Math.min(s.trend.first_seen, time);
  s.trend.last_seen = Math.max(s.trend.last_seen, time);
}

/** Adds a headline's meaning to a trend's sum. */
function addMeaning(s: State, m: ArrayLike<number> | undefined): void {
  if (!m) return;
  if (!s.meaning) s.meaning = new Float32Array(m.length);
  for (let i = 0; i < m.length; i++) s.meaning[i]! += m[i]!;
}

/** Adds a merged fragment's sums (centroid, entities, count, time span) to its survivor. */
function fold(into: State, from: State): void {
  addMeaning(into, from.meaning);
  for (const [t, w] of from.centroid) into.centroid.set(t, (into.centroid.get(t) ?? 0) + w);
  if (into.centroid.size > CENTROID_TERMS * 1.25) into.centroid = topTerms(into.centroid, CENTROID_TERMS);
  into.norm = norm(into.centroid);
  for (const [e, n] of from.entities) into.entities.set(e, (into.entities.get(e) ?? 0) + n);
  into.trend.article_count += from.trend.article_count;
  into.trend.first_seen = Math.min(into.trend.first_seen, from.trend.first_seen);
  into.trend.last_seen = Math.max(into.trend.last_seen, from.trend.last_seen);
}

/** Named entities of an article that a trend has seen. */
function sharedEntities(ents: ReadonlySet<string>, seen: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const e of ents) if (seen.has(e)) n++;
  return n;
}

function norm(vec: TermVector): number {
  let sum = 0;
  for (const w of vec.values()) sum += w * w;
  return Math.sqrt(sum);
}
