import type { TrendFounding } from '@trendscope/core';
import { articleTime, toDetectArticle, type StoredArticle } from './active-trend';
import { readMembers, type Clustered } from './detect-cluster';
import type { DetectInput, DetectSettings } from './detect-load';
import { loadRefreshSources, loadRejoinStates, trendIdsByTerms } from './detect.repository';
import { embeddingLookup } from '../embed/embed-texts';
import { absorbLookup, memberMoves, type MemberMove } from './absorb-members';
import { rejoinTrends, type RejoinBounds, type StoredTrends, type StoryView } from './rejoin-stories';
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
  /** The foundings each rejoined trend keeps (founding-views.ts), by trend id: written with its state. */
  foundings: Map<string, readonly TrendFounding[]>;
  /**
   * Trends grown from their stored documents (grow-trend.ts): their `byTrend` list is their sample
   * and their new reports. One the rejoin joins is read whole instead.
   */
  grown: Set<string>;
  /** Members of small trends moved into the large trend of their story (absorb-members.ts). */
  absorbed: number;
  /**
   * Trends that took such a member: rebuilt, as the rejoin's survivors are (a stored one the run
   * had not read whole is read whole for it, as the rejoin reads a stored trend it joins).
   */
  took: Set<string>;
}

/**
 * The stored large trends a run did not read whole, as takers of the member absorb: their story
 * views (the central headlines their stored state keeps, no member read), and how to read a taker
 * whole once a member moves in, so the run rebuilds it (the rejoin's StoredTrends, for the absorb).
 */
export interface StoredTakers {
  /** Views of the open trends indexed under one of `terms` within `bounds` the run did not read whole. */
  views: (terms: readonly string[], bounds: RejoinBounds) => Promise<readonly StoryView[]>;
  /** Reads these takers' members into `byTrend` (a grown one keeps its new reports; a refreshed one is rebuilt). */
  read: (ids: string[]) => Promise<void>;
}

/**
 * Applies a clustering: the unfinished and new merges move the absorbed trends' members (and ids,
 * as aliases) to their survivors, the new reports join their trends, then trends of one story
 * founded hours or days apart become one (rejoin-stories.ts; the trends refreshed from their state
 * take part through their stored story view, one that is joined is read after all, and a settled
 * trend is read only when its compact state pairs it with a trend of the run), then the member absorb
 * and one more rejoin over the trends it changed (absorbAndRejoin). Updates `clustered.result` and
 * `input.aliases` in place: the run writes what they say.
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
  const absorb = (absorbed: string, survivor: string): void =>
    moveMembers({ byTrend, moved }, aliases, absorbed, survivor, true);
  for (const [id, t] of input.unfinished) absorb(id, t.merged_into!);
  for (const [absorbed, survivor] of result.merged) absorb(absorbed, survivor);
  const byId = new Map(input.unassigned.map((a) => [a.id, a]));
  for (const [articleId, trendId] of result.assignments) {
    const list = byTrend.get(trendId) ?? [];
    list.push({ ...byId.get(articleId)!, trend_id: trendId });
    byTrend.set(trendId, list);
  }
  const refreshed = new Set(fromState);
  // Part starts of the stored trends this run saw: held, archived, refreshed, or found by the rejoin.
  const storedParts = new Map<string, number>();
  // And the foundings kept on them, which the rejoin reads and updates.
  const foundings = new Map<string, readonly TrendFounding[]>();
  const notePart = (t: { id: string; part?: { first_seen: number }; foundings?: readonly TrendFounding[] }): void => {
    if (t.part) storedParts.set(t.id, t.part.first_seen);
    if (t.foundings) foundings.set(t.id, t.foundings);
  };
  for (const t of [...input.states.values(), ...input.archived.map((a) => storedState(a, false)!)]) notePart(t);
  for (const [id, doc] of stored) notePart({ id, ...doc.detect_state });
  const unread = (t: { id: string }): boolean => !byTrend.has(t.id) && !refreshed.has(t.id) && !result.merged.has(t.id);
  const rejoined = new Map<string, string>();
  const state: RejoinState = { byTrend, moved, rejoined, parts: new Map(), storedParts };
  const reads: RejoinReads = {
    stored: () => ({
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
      foundings,
    }),
    whole: async (joinedIds) => {
      // A grown trend the rejoin joins moves or takes members: read whole, with the reports it took.
      const whole = [...grown].filter((id) => joinedIds.has(id));
      if (whole.length > 0) {
        await readMembers(deps, members, whole);
        for (const id of whole) {
          const fresh = byTrend.get(id)!.filter((a) => result.assignments.has(a.id));
          byTrend.set(id, [...members.get(id)!, ...fresh]);
          grown.delete(id);
        }
        read = [...read, ...whole].sort();
      }
      const joined = fromState.filter((id) => joinedIds.has(id));
      if (joined.length > 0) {
        await readMembers(deps, members, joined);
        for (const id of joined) if (members.get(id)!.length > 0) byTrend.set(id, [...members.get(id)!]);
        fromState = fromState.filter((id) => !joined.includes(id));
        read = [...read, ...joined].sort();
      }
    },
  };
  await rejoinRun(deps, input, result, state, s, new Set(result.touched.map((t) => t.id)), reads);
  const took = new Set<string>();
  const gone = new Set([...result.merged.keys(), ...input.unfinished.keys(), ...rejoined.keys()]);
  // Stored trends found for the absorb, with their part starts (a taker's rebuild keeps its part).
  const found = new Map<string, { part?: number; foundings?: readonly TrendFounding[] }>();
  const absorbed = await absorbAndRejoin(deps, input, result, { ...state, grown, took }, s, reads, embeddingLookup, {
    views: async (keyTerms, bounds) => {
      // Those the run read whole and changed are judged from their members (memberMoves leaves their views out).
      const ids = (await trendIdsByTerms(deps.opensearch, deps.names, s.since, keyTerms, bounds)).filter(
        (id) => !gone.has(id),
      );
      const known = (id: string) => stored.get(id) ?? clustered.grown.get(id);
      const docs = await loadRefreshSources(
        deps.opensearch,
        deps.names,
        ids.filter((id) => !known(id)),
      );
      return ids.flatMap((id) => {
        const doc = known(id) ?? docs.get(id);
        const view = doc ? storedStoryView(doc) : null;
        if (!view) return [];
        found.set(id, { part: doc!.detect_state?.part?.first_seen, foundings: doc!.detect_state?.foundings });
        return [view];
      });
    },
    read: async (ids) => {
      await readMembers(deps, members, ids);
      const got = ids.filter((id) => members.get(id)!.length > 0);
      for (const id of got) {
        const fresh = grown.has(id) ? byTrend.get(id)!.filter((a) => result.assignments.has(a.id)) : [];
        byTrend.set(id, [...members.get(id)!, ...fresh]);
        grown.delete(id);
        const part = found.get(id)?.part;
        if (!state.parts.has(id) && part !== undefined) state.parts.set(id, part);
        const kept = found.get(id)?.foundings;
        if (!foundings.has(id) && kept !== undefined) foundings.set(id, kept);
      }
      fromState = fromState.filter((id) => !got.includes(id));
      read = [...new Set([...read, ...got])].sort();
    },
  });
  return { byTrend, moved, rejoined, fromState, read, parts: state.parts, foundings, grown, absorbed, took };
}

/** What the rejoin of a run edits (applyClusters' lists) and the part starts it reads. */
export interface RejoinState extends Pick<Applied, 'byTrend' | 'moved' | 'rejoined' | 'parts'> {
  /** Part starts of the stored trends the run saw (a rejoin's survivor's part starts at its group's latest). */
  storedParts: ReadonlyMap<string, number>;
}

/** How a rejoin reads what the run did not: stored trends that may pair, and the joined ones not read whole. */
export interface RejoinReads {
  /** The stored trends for rejoinTrends, as they stand when the rejoin starts. */
  stored?: () => StoredTrends;
  /** Reads whole the trends among these the run holds only a sample or state of (grown, refreshed). */
  whole?: (joined: ReadonlySet<string>) => Promise<void>;
}

/**
 * Moves an absorbed trend's members to its survivor, which takes its aliases too (and its own id as
 * one when `alias`: a trend the service served keeps resolving). A merge's and a rejoin's move.
 */
function moveMembers(
  state: Pick<RejoinState, 'byTrend' | 'moved'>,
  aliases: DetectInput['aliases'],
  absorbed: string,
  survivor: string,
  alias: boolean,
): void {
  const { byTrend, moved } = state;
  const list = byTrend.get(absorbed) ?? [];
  byTrend.delete(absorbed);
  byTrend.set(survivor, [...(byTrend.get(survivor) ?? []), ...list.map((a) => ({ ...a, trend_id: survivor }))]);
  for (const a of list) moved.set(a.id, survivor);
  aliases.set(survivor, [
    ...(aliases.get(survivor) ?? []),
    ...(alias ? [absorbed] : []),
    ...(aliases.get(absorbed) ?? []),
  ]);
}

/**
 * One rejoin of a run (rejoin-stories.ts) over the pairs with a side in `involving`, applied: each
 * absorbed trend's members (and ids, as aliases) move to its survivor, as a merge's do, and the run's
 * merges and assignments into it follow. Edits `state`, `input.aliases` and `result` in place.
 */
export async function rejoinRun(
  deps: Pick<DetectDeps, 'logger'>,
  input: Pick<DetectInput, 'aliases'>,
  result: Pick<Clustered['result'], 'created' | 'merged' | 'assignments'>,
  state: RejoinState,
  s: Pick<DetectSettings, 'idf' | 'rejoin'>,
  involving: ReadonlySet<string>,
  reads: RejoinReads = {},
  lookup: (texts: Iterable<string>) => Promise<(text: string) => Float32Array | undefined> = embeddingLookup,
): Promise<Map<string, string>> {
  const { byTrend, moved, rejoined } = state;
  const { aliases } = input;
  const joins = await rejoinTrends(
    new Map([...byTrend].map(([id, list]) => [id, list.map(toDetectArticle)])),
    s.idf,
    deps.logger,
    s.rejoin,
    involving,
    lookup,
    reads.stored?.(),
  );
  await reads.whole?.(new Set([...joins.keys(), ...joins.values()]));
  // Each trend's founding before any member moves: a survivor's part starts at its group's latest.
  state.parts = rejoinedParts(
    new Map([...state.storedParts, ...state.parts]),
    joins,
    (id) => extent((byTrend.get(id) ?? []).map(articleTime)).min,
  );
  for (const [absorbed, survivor] of joins) {
    // A trend founded in this run was never served, so a rejoin leaves no alias for it.
    const founded = result.created.includes(absorbed);
    moveMembers({ byTrend, moved }, aliases, absorbed, survivor, !founded);
    for (const [m, into] of result.merged) if (into === absorbed) result.merged.set(m, survivor);
    for (const [a, t] of result.assignments) if (t === absorbed) result.assignments.set(a, survivor);
    if (!founded) result.merged.set(absorbed, survivor);
    // A survivor of an earlier rejoin of the run joined now: what it absorbed follows it.
    for (const [a, t] of rejoined) if (t === absorbed) rejoined.set(a, survivor);
    rejoined.set(absorbed, survivor);
  }
  return joins;
}

/**
 * The member absorb (absorbMembers), then one more rejoin over the trends it changed: the takers
 * and the small trends that gave a member. The rejoin before the absorb judged only the pairs with a
 * side the clustering changed; a member moved can bring a large trend's last report within hours of
 * a small trend of its story (the La Brea bee fossils on April 30-40k: the small trend founded 14.7 h
 * after the large one's last report, refused by the size gate; one member moved at 0.806 makes the
 * pair a small fragment, 0.758), and no later run judges the pair if neither trend changes again.
 * Returns the number of members moved.
 */
export async function absorbAndRejoin(
  deps: Pick<DetectDeps, 'logger'>,
  input: Pick<DetectInput, 'unfinished' | 'aliases'>,
  result: Pick<Clustered['result'], 'touched' | 'created' | 'merged' | 'assignments'>,
  applied: RejoinState & Pick<Applied, 'grown' | 'took'>,
  s: Pick<DetectSettings, 'idf' | 'rejoin'>,
  reads: RejoinReads = {},
  lookup: (texts: Iterable<string>) => Promise<(text: string) => Float32Array | undefined> = embeddingLookup,
  stored?: StoredTakers,
): Promise<number> {
  const gave = new Set<string>();
  const absorbed = await absorbMembers(deps, input, result, { ...applied, gave }, s, lookup, stored);
  if (absorbed === 0) return 0;
  const changed = new Set([...applied.took, ...gave].filter((id) => applied.byTrend.has(id)));
  await rejoinRun(deps, input, result, applied, s, changed, reads, lookup);
  return absorbed;
}

/**
 * After the rejoin: single members of the small trends the run changed that read as a large trend
 * move there (absorb-members.ts). The small side is a trend read whole that the build rebuilds. A
 * taker is a large trend the run changed and read whole, or a stored one it did not (refreshed,
 * grown from a sample, or not read at all: `stored`, found by the small trends' members' terms and
 * judged by the central headlines its stored state keeps); a stored taker is read whole once a
 * member moves in, and every taker is rebuilt (`took`), as a stored trend the rejoin joins is: its
 * counts, topic and velocity come from the rebuild. A small trend emptied by its moves becomes an
 * alias of the trend that took its last member, as a merge's absorbed trend does (unless founded in
 * this run: never served). Edits `applied`, `input.aliases` and `result` in place, as the rejoin's
 * joins do; returns the number of members moved.
 */
export async function absorbMembers(
  deps: Pick<DetectDeps, 'logger'>,
  input: Pick<DetectInput, 'unfinished' | 'aliases'>,
  result: Pick<Clustered['result'], 'touched' | 'created' | 'merged' | 'assignments'>,
  applied: Pick<Applied, 'byTrend' | 'grown' | 'rejoined' | 'moved' | 'took'> & { gave?: Set<string> },
  s: Pick<DetectSettings, 'idf' | 'rejoin'>,
  lookup: (texts: Iterable<string>) => Promise<(text: string) => Float32Array | undefined> = embeddingLookup,
  stored?: StoredTakers,
): Promise<number> {
  const { byTrend, grown, rejoined, moved, took } = applied;
  const { aliases } = input;
  if (s.rejoin.absorbMeaning <= 0) return 0;
  // The trends the build rebuilds (detect-build.ts' `touched`) among those read whole.
  const changed = new Set(
    [
      ...result.touched.map((t) => t.id),
      ...[...input.unfinished.values()].map((t) => t.merged_into!),
      ...rejoined.values(),
    ].filter((id) => byTrend.has(id) && !grown.has(id)),
  );
  const trends = new Map([...changed].map((id) => [id, byTrend.get(id)!.map(toDetectArticle)]));
  const wanted = absorbLookup(trends, s.idf, s.rejoin);
  if (!wanted) return 0;
  // Stored takers are looked up as the rejoin looks up its stored trends: a failed read fails the run.
  const views = stored ? await stored.views(wanted.terms, wanted.bounds) : [];
  let moves: MemberMove[];
  try {
    moves = await memberMoves(trends, s.idf, s.rejoin, lookup, { movable: changed, takers: changed, views });
  } catch (err) {
    deps.logger.warn({ err }, 'sentence encoder unavailable: small trends keep their members');
    return 0;
  }
  // A stored taker is read whole first; one none of whose members can be read takes nothing.
  const unread = [...new Set(moves.map((m) => m.into))].filter((id) => !changed.has(id));
  if (unread.length > 0) await stored!.read(unread.sort());
  moves = moves.filter((m) => changed.has(m.into) || (byTrend.has(m.into) && !grown.has(m.into)));
  if (moves.length === 0) return 0;
  const into = new Map<string, string>();
  for (const m of moves) {
    took.add(m.into);
    const id = m.article.id;
    const list = byTrend.get(m.from)!;
    const at = list.findIndex((a) => a.id === id);
    const [article] = list.splice(at, 1);
    byTrend.get(m.into)!.push({ ...article!, trend_id: m.into });
    moved.set(id, m.into);
    if (result.assignments.has(id)) result.assignments.set(id, m.into);
    into.set(m.from, m.into);
    applied.gave?.add(m.from);
  }
  for (const [from, taker] of into) {
    if (byTrend.get(from)!.length > 0) continue;
    byTrend.delete(from);
    for (const [m, survivor] of result.merged) if (survivor === from) result.merged.set(m, taker);
    // A trend founded in this run was never served: only the ids it holds answer for the taker.
    const founded = result.created.includes(from);
    const carried = [...(founded ? [] : [from]), ...(aliases.get(from) ?? [])];
    if (carried.length > 0) aliases.set(taker, [...(aliases.get(taker) ?? []), ...carried]);
    if (founded) result.created.splice(result.created.indexOf(from), 1);
    else result.merged.set(from, taker);
  }
  deps.logger.info(
    {
      absorbed: moves.length,
      moves: moves.map((m) => ({
        article: m.article.id,
        from: m.from,
        into: m.into,
        meaning: +m.meaning.toFixed(3),
      })),
    },
    "member absorb: small trends' members moved into their story's trend",
  );
  return moves.length;
}
