import type { TrendFounding } from '@trendscope/core';
import type { StoryView } from './rejoin-stories';
import { topTerms } from './term-vector';

/*
 * One detection run over a story's reports finds its foundings as trends of their own and the
 * story rejoin judges a new trend against each of them. Runs every few minutes store the union of
 * the foundings they rejoined, whose central headlines drift to the latest founding's: a later
 * founding judged against the union reads apart where one run, judging it against the first
 * founding, joins it (the Draghi story of April 30-40k: 0.696 against the union, 0.807 against the
 * first founding; docs/lab-notes/trends.md, "Stories leading two in 10-minute runs against one run,
 * traced"). A rejoined trend keeps the views of its first and latest foundings as the rejoin saw
 * them when it joined them.
 */

/** Foundings kept per trend: its first and its latest (bounded, so the state stays small). */
export const FOUNDING_VIEWS = 2;
/** Heaviest unit-centroid terms kept of a founding's view (the cosine's tail weighs little). */
const FOUNDING_TERMS = 50;

/** The stored form of a founding's view. */
export function keptFounding(v: StoryView): TrendFounding {
  const round = (w: number): number => Math.round(w * 1e4) / 1e4;
  return {
    first_seen: v.first_seen,
    second_seen: v.second_seen ?? v.first_seen,
    last_seen: v.last_seen,
    article_count: v.article_count,
    centroid: Object.fromEntries([...topTerms(v.centroid, FOUNDING_TERMS)].map(([t, w]) => [t, round(w)])),
    entities: [...v.entities].sort(),
    central: [...v.central],
  };
}

/** The rejoin's view of a stored founding of trend `id`. */
export function foundingView(id: string, f: TrendFounding): StoryView {
  return {
    id,
    first_seen: f.first_seen,
    second_seen: f.second_seen,
    last_seen: f.last_seen,
    article_count: f.article_count,
    centroid: new Map(Object.entries(f.centroid)),
    entities: new Set(f.entities),
    central: [...f.central],
  };
}

/**
 * The foundings a group of trends the rejoin made one keeps: each trend's kept foundings, or its
 * own view when it has none (it is one founding), the earliest and the latest founded of them all.
 */
export function groupFoundings(group: readonly StoryView[]): StoryView[] {
  const all = group
    .flatMap((v) => (v.foundings && v.foundings.length > 0 ? v.foundings : [v]))
    .sort((a, b) => a.first_seen - b.first_seen || a.last_seen - b.last_seen);
  if (all.length <= FOUNDING_VIEWS) return all;
  return [...all.slice(0, FOUNDING_VIEWS - 1), all[all.length - 1]!];
}
