import { articleTime, toDetectArticle, type StoredArticle } from './active-trend';
import { readMembers, type Clustered } from './detect-cluster';
import type { DetectInput, DetectSettings } from './detect-load';
import { loadRejoinStates, trendIdsByTerms } from './detect.repository';
import { embeddingLookup } from '../embed/embed-texts';
import { rejoinTrends } from './rejoin-stories';
import type { DetectDeps } from './run-detect';
import { extent } from './large-arrays';
import { rejoinedParts } from './story-part';
import { storedStoryView } from './trend-clock';
import { storedState } from './trend-state';

/** A run's clustering applied to the trends it read. */
export interface Applied {
  /** Each trend's members after the run's merges, rejoins and assignments (the trends read only). */
  byTrend: Map<string, StoredArticle[]>;
  /** article id -> its new trend, for the articles of absorbed trends. */
  moved: Map<string, string>;
  /** Stored trends the story rejoin joined: absorbed id -> survivor id. */
  rejoined: Map<string, string>;
  /** Trends refreshed from their stored documents (those the rejoin joined are read instead). */
  fromState: string[];
  /** Trends read with their members, sorted. */
  read: string[];
  /** Where the part of each rejoined trend starts (story-part.ts), by trend id. */
  parts: Map<string, number>;
  /**
   * Trends grown from their stored documents (grow-trend.ts): their `byTrend` list is their sample
   * and their new reports. One the rejoin joins is read whole instead.
   */
  grown: Set<string>;
}

/**
 * Applies a clustering: the unfinished and new merges move the absorbed trends' members (and ids,
 * as aliases) to their survivors, the new reports join their trends, then trends of one story
 * founded hours or days apart become one (rejoin-stories.ts; the trends refreshed from their state
 * take part through their stored story view, one that is joined is read after all, and a settled
 * trend is read only when its compact state pairs it with a trend of the run). Updates
 * `clustered.result` and `input.aliases` in place: the run writes what they say.
 */
export async function applyClusters(
  deps: Pick<DetectDeps, 'opensearch' | 'names' | 'logger'>,
  input: DetectInput,
  clustered: Clustered,
  s: Pick<DetectSettings, 'idf' | 'rejoin' | 'since'>,
): Promise<Applied> {
  const { result, stored, members } = clustered;
  const { aliases } = input;
  let { fromState, read } = clustered;
  // A stored trend none of whose articles can be read (gone with an expired month, or written
  // without them) is left as it is: nothing to rebuild it from.
  const byTrend = new Map(read.filter((id) => members.get(id)!.length > 0).map((id) => [id, [...members.get(id)!]]));
  const grown = new Set(clustered.grow);
  for (const id of grown) byTrend.set(id, [...clustered.sampled.get(id)!]);
  for (const t of input.archived.filter((t) => byTrend.has(t.id))) aliases.set(t.id, t.aliases ?? []);
  const moved = new Map<string, string>();
  const absorb = (absorbed: string, survivor: string): void => {
    const list = byTrend.get(absorbed) ?? [];
    byTrend.delete(absorbed);
    byTrend.set(survivor, [...(byTrend.get(survivor) ?? []), ...list.map((a) => ({ ...a, trend_id: survivor }))]);
    for (const a of list) moved.set(a.id, survivor);
    aliases.set(survivor, [...(aliases.get(survivor) ?? []), absorbed, ...(aliases.get(absorbed) ?? [])]);
  };
  for (const [id, t] of input.unfinished) absorb(id, t.merged_into!);
  for (const [absorbed, survivor] of result.merged) absorb(absorbed, survivor);
  const byId = new Map(input.unassigned.map((a) => [a.id, a]));
  for (const [articleId, trendId] of result.assignments) {
    const list = byTrend.get(trendId) ?? [];
    list.push({ ...byId.get(articleId)!, trend_id: trendId });
    byTrend.set(trendId, list);
  }
  // A trend founded in this run was never served, so a rejoin leaves no alias for it.
  const refreshed = new Set(fromState);
  // Part starts of the stored trends this run saw: held, archived, refreshed, or found by the rejoin.
  const storedParts = new Map<string, number>();
  const notePart = (t: { id: string; part?: { first_seen: number } }): void => {
    if (t.part) storedParts.set(t.id, t.part.first_seen);
  };
  for (const t of [...input.states.values(), ...input.archived.map((a) => storedState(a, false)!)]) notePart(t);
  for (const [id, doc] of stored) notePart({ id, part: doc.detect_state?.part });
  const unread = (t: { id: string }): boolean => !byTrend.has(t.id) && !refreshed.has(t.id) && !result.merged.has(t.id);
  const rejoined = await rejoinTrends(
    new Map([...byTrend].map(([id, list]) => [id, list.map(toDetectArticle)])),
    s.idf,
    deps.logger,
    s.rejoin,
    new Set(result.touched.map((t) => t.id)),
    embeddingLookup,
    {
      views: fromState.map((id) => storedStoryView(stored.get(id)!)).filter((v) => v !== null),
      // A stored trend the run neither read nor refreshed: read only when it may be the same story
      // as one the run changed (a story reported again after its earlier trend stopped moving).
      // Only those the pair gates allow (rejoinBounds); a held trend's state is not read again.
      states: async (keyTerms, bounds) => {
        const ids = await trendIdsByTerms(deps.opensearch, deps.names, s.since, keyTerms, bounds);
        const read = await loadRejoinStates(
          deps.opensearch,
          deps.names,
          ids.filter((id) => !input.states.has(id)),
        );
        const states = ids.flatMap((id) => {
          const t = read.get(id);
          const state = input.states.get(id) ?? (t ? storedState(t, false) : null);
          return state ? [state] : [];
        });
        for (const t of states) notePart(t);
        return states.filter(unread);
      },
      read: async (ids) => {
        await readMembers(deps, members, ids);
        const got = ids.filter((id) => members.get(id)!.length > 0);
        for (const id of got) byTrend.set(id, [...members.get(id)!]);
        read = [...new Set([...read, ...got])].sort();
        return new Map(got.map((id) => [id, members.get(id)!.map(toDetectArticle)]));
      },
    },
  );
  const survivors = new Set(rejoined.values());
  // A grown trend the rejoin joins moves or takes members: read whole, with the reports it took.
  const whole = [...grown].filter((id) => rejoined.has(id) || survivors.has(id));
  if (whole.length > 0) {
    await readMembers(deps, members, whole);
    for (const id of whole) {
      const fresh = byTrend.get(id)!.filter((a) => result.assignments.has(a.id));
      byTrend.set(id, [...members.get(id)!, ...fresh]);
      grown.delete(id);
    }
    read = [...read, ...whole].sort();
  }
  const joined = fromState.filter((id) => rejoined.has(id) || survivors.has(id));
  if (joined.length > 0) {
    await readMembers(deps, members, joined);
    for (const id of joined) if (members.get(id)!.length > 0) byTrend.set(id, [...members.get(id)!]);
    fromState = fromState.filter((id) => !joined.includes(id));
    read = [...read, ...joined].sort();
  }
  // Each trend's founding before any member moves: a survivor's part starts at its group's latest.
  const parts = rejoinedParts(storedParts, rejoined, (id) => extent((byTrend.get(id) ?? []).map(articleTime)).min);
  for (const [absorbed, survivor] of rejoined) {
    absorb(absorbed, survivor);
    for (const [m, into] of result.merged) if (into === absorbed) result.merged.set(m, survivor);
    for (const [a, t] of result.assignments) if (t === absorbed) result.assignments.set(a, survivor);
    if (!result.created.includes(absorbed)) result.merged.set(absorbed, survivor);
    else
      aliases.set(
        survivor,
        aliases.get(survivor)!.filter((id) => id !== absorbed),
      );
  }
  return { byTrend, moved, rejoined, fromState, read, parts, grown };
}
