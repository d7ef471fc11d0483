import type { TrendDoc } from '@trendscope/core';
import { INDEXED_TERMS, type ActiveTrend } from './cluster';
import { topTerms } from './term-vector';

/** Entities a trend is found by (indexed), and entity counts kept in its state. */
const STORED_ENTITIES = 20;
const STORED_STATE_ENTITIES = 40;
/** Centroid terms kept in a stored state (as many as a state rebuilt from articles keeps). */
const STATE_TERMS = 80;

/** The fields of a stored trend its clustering state is read from. */
export type StateSource = Pick<TrendDoc, 'id' | 'first_seen' | 'last_seen'> &
  Partial<Pick<TrendDoc, 'article_count' | 'detect_state'>>;

/**
 * The clustering view of a stored trend from its compact state (no article read), or null when it
 * has none usable: written before the state was kept, or without the meaning sum when `withMeaning`.
 * It shares the stored sums (never changed in place: a run writes new ones), so a run holding
 * thousands of states does not hold them twice while it reads them.
 */
export function storedState(t: StateSource, withMeaning: boolean): ActiveTrend | null {
  const s = t.detect_state;
  if (!s || t.article_count === undefined || (withMeaning && !s.meaning)) return null;
  return {
    id: t.id,
    terms: s.terms,
    entities: s.entities,
    article_count: t.article_count,
    first_seen: Date.parse(t.first_seen),
    last_seen: Date.parse(t.last_seen),
    ...(withMeaning && s.meaning ? { meaning: s.meaning } : {}),
    ...(s.part ? { part: s.part } : {}),
    ...(s.foundings ? { foundings: s.foundings } : {}),
  };
}

/** The state of two trends made one (a merge finished from stored states): sums, then the heaviest terms. */
export function combinedState(into: ActiveTrend, from: ActiveTrend): ActiveTrend {
  const terms = new Map(Object.entries(into.terms));
  for (const [t, w] of Object.entries(from.terms)) terms.set(t, (terms.get(t) ?? 0) + w);
  const entities = { ...into.entities };
  for (const [e, n] of Object.entries(from.entities)) entities[e] = (entities[e] ?? 0) + n;
  const meaning =
    into.meaning && from.meaning
      ? into.meaning.map((v, i) => v + (from.meaning![i] ?? 0))
      : (into.meaning ?? from.meaning);
  // The sums are of the parts when either side has one: the part spans both sides' parts.
  const partOf = (t: ActiveTrend) => t.part ?? { first_seen: t.first_seen, article_count: t.article_count };
  const part =
    into.part || from.part
      ? {
          first_seen: Math.min(partOf(into).first_seen, partOf(from).first_seen),
          article_count: partOf(into).article_count + partOf(from).article_count,
        }
      : undefined;
  return {
    id: into.id,
    terms: Object.fromEntries(topTerms(terms, STATE_TERMS)),
    entities,
    article_count: into.article_count + from.article_count,
    first_seen: Math.min(into.first_seen, from.first_seen),
    last_seen: Math.max(into.last_seen, from.last_seen),
    ...(meaning ? { meaning } : {}),
    ...(part ? { part } : {}),
    // The survivor's foundings: a merge finished from states joins trends founded within a minute.
    ...(into.foundings ? { foundings: into.foundings } : {}),
  };
}

/** What a run finds a trend's state by (indexed): the terms the clustering indexes it under and its founding. */
export type FindableFields = Pick<TrendDoc, 'detect_terms' | 'detect_founded'>;

/** A detection state as kept on a trend document, with the indexed fields it is found by. */
export type KeptState = Pick<TrendDoc, 'entities' | 'detect_state'> & Required<FindableFields>;

/**
 * The terms clusterArticles indexes a trend with these stored centroid terms under (the heaviest
 * INDEXED_TERMS, ties by term, as its index() ranks them), sorted: a report can reach the trend
 * only through one of them.
 */
export function findableTerms(terms: Readonly<Record<string, number>>): string[] {
  return [...topTerms(new Map(Object.entries(terms)), INDEXED_TERMS).keys()].sort();
}

/** The indexed fields of a clustering state: its findable terms and its founding (ISO). */
export function findable(t: Pick<ActiveTrend, 'terms' | 'first_seen'>): Required<FindableFields> {
  return { detect_terms: findableTerms(t.terms), detect_founded: new Date(t.first_seen).toISOString() };
}

/** Entities to find a trend by (indexed) and its compact state, kept on its document. */
export function detectState(t: ActiveTrend): KeptState {
  const ranked = Object.entries(t.entities).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const round = (w: number): number => Math.round(w * 1e4) / 1e4;
  const terms = Object.fromEntries(Object.entries(t.terms).map(([term, w]) => [term, round(w)]));
  return {
    ...findable({ terms, first_seen: t.first_seen }),
    entities: ranked
      .slice(0, STORED_ENTITIES)
      .map(([e]) => e)
      .sort(),
    detect_state: {
      terms,
      entities: Object.fromEntries(ranked.slice(0, STORED_STATE_ENTITIES)),
      ...(t.meaning ? { meaning: t.meaning.map(round) } : {}),
      ...(t.foundings ? { foundings: t.foundings } : {}),
    },
  };
}
