import type { TrendPart } from '@trendscope/core';
import { articleTime, toActiveTrend, type StoredArticle } from './active-trend';
import type { ActiveTrend } from './cluster';
import { detectState, type KeptState } from './trend-state';

/*
 * One detection run clusters every report before the story rejoin joins trends founded apart, so
 * its clustering never compares a report with the union of two rejoined trends, only with each of
 * them. Incremental runs store the union: compared as a whole, its wider centroid took later
 * reports of neighbouring stories that one run founds apart ("Juan Pablo tells Nikki 'I love you'"
 * into the finale's trend, a day of GM recall offers into the probe's), the soak's B-cubed gap to
 * one run (docs/lab-notes/detection-speed.md, "Detection soak: what joins what one run keeps
 * apart"). A rejoined trend is compared by its latest-founded part, the one still collecting.
 */

/** The trend as the clustering compares it: a rejoined trend by its part (TrendPart), else whole. */
export function clusteringView(t: ActiveTrend): ActiveTrend {
  return t.part ? { ...t, first_seen: t.part.first_seen, article_count: t.part.article_count } : t;
}

/**
 * Where each rejoin survivor's part starts after a run: the latest founding among the trends of its
 * group, each counted from its own part when it had one. `stored`: the part starts kept on the
 * trends before the run; `founded`: when a trend of the run (stored or new) was first reported.
 */
export function rejoinedParts(
  stored: ReadonlyMap<string, number>,
  rejoined: ReadonlyMap<string, string>,
  founded: (id: string) => number,
): Map<string, number> {
  const out = new Map(stored);
  for (const [absorbed, survivor] of rejoined) {
    const start = stored.get(absorbed) ?? founded(absorbed);
    out.set(survivor, Math.max(out.get(survivor) ?? Number.NEGATIVE_INFINITY, start));
    out.delete(absorbed);
  }
  return out;
}

/**
 * The indexed entities and compact state of a trend rebuilt from its members (in id order): the
 * sums of its part's members when it has a part start (`since`), of all of them otherwise. The
 * entities a closed trend is found by stay those of all its members.
 */
export function builtState(
  id: string,
  sorted: readonly StoredArticle[],
  since: number | undefined,
  idf: (term: string) => number,
  withMeaning: boolean,
): KeptState {
  const whole = detectState(toActiveTrend(id, sorted, idf, withMeaning));
  const members = since === undefined ? [] : sorted.filter((a) => articleTime(a) >= since);
  if (members.length === 0 || members.length === sorted.length) return whole;
  const state = toActiveTrend(id, members, idf, withMeaning);
  const part: TrendPart = { first_seen: state.first_seen, article_count: state.article_count };
  const kept = detectState(state);
  return { ...kept, entities: whole.entities, detect_state: { ...kept.detect_state!, part } };
}
