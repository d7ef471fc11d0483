import type { Logger, TrendFounding } from '@trendscope/core';
import type { ActiveTrend, DetectArticle } from './cluster';
import { embeddingLookup } from '../embed/embed-texts';
import { articleVector, dot, normalise, sharedTerms, topTerms, type TermVector } from './term-vector';
import { normaliseText } from '../text/normalise-text';
import { contentTerms } from '../text/tokenize';
import { extent } from './large-arrays';
import { dot as denseDot } from '../text/word-vectors';
import { sharedBusinessEvent } from './shared-business-event';
import { eventKindMatch } from './event-classes';
import { sameCastEvent } from './argument-terms';
import { sameOccasion } from './named-events';
import {
  DEFAULT_RELEASE_REJOIN_OPTIONS,
  releaseOrMarketTest,
  type ReleaseOrMarketTest,
  type ReleaseRejoinOptions,
} from './release-or-market';
import { foundingView, groupFoundings, keptFounding } from './founding-views';

/**
 * Options of the story rejoin (with its release and market tests', release-or-market.ts); defaults
 * live in DEFAULT_REJOIN_OPTIONS.
 */
export interface RejoinOptions extends ReleaseRejoinOptions {
  /** Least articles of each of the two trends (smaller ones are the fragment merges' part). */
  rejoinMinArticles: number;
  /**
   * Least articles of the smaller of two trends reported at once (reportedAtOnce: the later founded
   * before the earlier's last report); rejoinMinArticles or above switches this off.
   */
  rejoinAtOnceMinArticles: number;
  /** Seconds after the earlier trend's last report within which the later one still counts as founded at once. */
  rejoinAtOnceSeconds: number;
  /**
   * Most hours after a trend's last report within which a later trend of fewer than rejoinMinArticles
   * (and at least rejoinAtOnceMinArticles) is judged with it as a small fragment (smallFragment); 0 switches it off.
   */
  rejoinLateHours: number;
  /**
   * Least meaning of a small fragment's central headlines against the larger trend of its story when
   * its subject words are that trend's (smallFragment, subjectShared); rejoinMeaning or above switches it off.
   */
  rejoinFragmentMeaning: number;
  /**
   * Least meaning of the central headlines of a trend of rejoinAtOnceMinArticles to rejoinMinArticles
   * founded more than rejoinLateHours after a larger trend's last report (lateFragment) for the two to
   * join; the only test such a pair is judged by. 1 or above switches it off (the size gate refuses the
   * pair). A story's late reports, clustered apart by a detection run, found a listed trend of a few
   * (the jet-lag app: 3 reports founded 14.6 h after its 28, meaning 0.838). At 0.82 every such join
   * on April 30-40k, in 10-minute runs and in one run, reads one story (0.838-0.902); at the rejoin's
   * 0.8 one more joins a mixed small trend, 3 of its 4 reports other stories ("Pop music alcohol
   * references..." with "Alcohol Awareness Month" and a wound-recovery study, 0.802-0.811;
   * docs/lab-notes/trends.md, "Late fragments and a rejoin after the absorb", 2026-12-07).
   */
  rejoinLateMeaning: number;
  /** The later trend was founded at most this many hours after the earlier one's last report. */
  rejoinHours: number;
  /** Least cosine between the two trends' term centroids (0 switches the rejoin off). */
  rejoinCosine: number;
  /** Content terms the two centroids' heaviest KEY_TERMS must share. */
  rejoinTerms: number;
  /**
   * Least meaning of the central headlines for a pair sharing fewer than rejoinTerms key terms (and
   * at least one) to be judged by the joining tests all the same; 1 or above switches it off. One
   * story told in other words weighs other terms: Heartbleed's 10-report "good news" trend and its
   * 272 of "what to do" share under 3 of their 10 heaviest terms (centroid 0.738, meaning 0.891). At
   * 0.88 that is the one pair it lets through on the tuning, held-out and unread UCI lists and the
   * demo; at 0.9 none (docs/lab-notes/trends.md, "Past the shared-terms gate by meaning", 2026-12-07).
   */
  rejoinTermsMeaning: number;
  /** Named entities, each held by a fifth of a trend's members, the two must share (0: none needed). */
  rejoinEntities: number;
  /** Least cosine between the sentence embeddings of the two trends' central headlines. */
  rejoinMeaning: number;
  /**
   * Least such cosine when both trends' central headlines report one company event (the same
   * kind, the same large company: shared-business-event.ts); rejoinMeaning or above switches it off.
   * At 0.6 every pair read by hand in the files that it joins is one story (GM's recalls and its
   * chief's apology at 0.62-0.69, King's IPO at 0.68); the nearest two-story pair of one company
   * event reads 0.54 (Microsoft's Office 365 Personal / Office for iPad; docs/lab-notes/trends.md,
   * "The company-event test at 0.6", 2026-12-07).
   */
  rejoinEventMeaning: number;
  /**
   * Least such cosine when the two trends are about one name (namedSubject: the one named entity
   * they share is a single word, and they were reported at once or both centre on it); rejoinMeaning
   * or above switches it off.
   */
  rejoinNameMeaning: number;
  /** Least centroid cosine for two trends reported apart to count as centred on their one shared name. */
  rejoinNameCosine: number;
  /** Most hours between the foundings of two trends reported at once (namedSubject). */
  rejoinNameHours: number;
  /**
   * Least such cosine when both trends' central headlines report the same kind of event (a report,
   * a premiere, a study, a settlement: eventKindMatch >= rejoinKindMatch, event-classes.ts);
   * rejoinMeaning or above switches it off. At 0.7 every join it makes on the tuning and held-out
   * slices reads one story once a series' next season is told from its finale (season-numbers.ts)
   * and the tuning slices' joins are read (docs/lab-notes/trends.md, "The event test with its
   * labels read and a season guard", 2026-12-07).
   */
  rejoinKindMeaning: number;
  /** Least cosine of the two trends' counts of event kinds for the event test (rejoinKindMeaning). */
  rejoinKindMatch: number;
  /**
   * Least such cosine for the event test when neither trend's central headlines name, in two of
   * them or more, a name or number the other's never name (sameCast, argument-terms.ts: one story
   * keeps its cast; two stories of one subject and one kind of event name a second product, film
   * or week); rejoinKindMeaning or above switches it off. At 0.6, of the pairs read by hand under
   * the event test's 0.7 with the same kind of event, it joins 1 and 2 one-story pairs and none of
   * the 4 two-story pairs (docs/lab-notes/trends.md, "The event's arguments in the rejoin", 2026-12-07).
   */
  rejoinCastMeaning: number;
  /**
   * Least such cosine when both trends' central headlines name one occasion (sameOccasion,
   * named-events.ts: "MTV Movie Awards", "Tax Day", "Holy Week"), told from other angles on other
   * days (the winners, the host's promise, a tribute: 0.35-0.64); rejoinMeaning or above switches it
   * off. At 0.3, of the pairs read by hand it joins 2 and 8 more, all one story, and none of the
   * files' two-story pairs names one occasion in two headlines of a side; the 8 joins it adds on the
   * whole lists are those pairs (docs/lab-notes/trends.md, "The named event in the rejoin", 2026-12-07).
   */
  rejoinOccasionMeaning: number;
  /**
   * After the rejoin: least meaning of a small trend's member headline to a large trend's central
   * headlines for that member alone to move there (absorb-members.ts; 0 switches it off). At 0.8
   * every move read on the tuning and held-out slices is one story (docs/lab-notes/trends.md, "The
   * member-level absorb against the read small-trend pairs", 2026-12-07).
   */
  absorbMeaning: number;
}

/**
 * Defaults: the meaning threshold is the one at which pairs read by hand (data/story-joins/
 * read-pairs.tsv, drawn from the pairs these cheap gates let through on the demo's, the tuning and
 * the held-out UCI slices) are joined almost only when a reader calls them one story
 * (docs/lab-notes/trends.md, "Rejoining one story"). UCI's gold files a story surfacing again
 * hours later as another story, so its labels cannot choose it. No named entity in common is
 * required: UCI headlines often name none both trends hold ("Public satellites search for missing
 * plane" / "Chinese satellite images may show missing Malaysia Airlines plane"), and every pair the
 * gate alone kept apart on the demo and the tuning slices at this meaning threshold was one story
 * by reading (docs/lab-notes/trends.md, "Rejoining without a shared entity"). The small-fragment
 * path (rejoinLateHours, rejoinFragmentMeaning) was chosen on the tuning sets' trends with their last
 * reports cut off as a fragment (lab/diagnose/fragment-rejoin-check.ts; docs/lab-notes/trends.md, "A
 * small fragment after its story's trend").
 */
export const DEFAULT_REJOIN_OPTIONS: RejoinOptions = {
  ...DEFAULT_RELEASE_REJOIN_OPTIONS,
  rejoinMinArticles: 5,
  rejoinAtOnceMinArticles: 2,
  rejoinAtOnceSeconds: 60,
  rejoinLateHours: 3,
  rejoinFragmentMeaning: 0.65,
  rejoinLateMeaning: 0.82,
  rejoinHours: 72,
  rejoinCosine: 0.5,
  rejoinTerms: 3,
  rejoinTermsMeaning: 0.88,
  rejoinEntities: 0,
  rejoinMeaning: 0.8,
  rejoinEventMeaning: 0.6,
  rejoinNameMeaning: 0.6,
  rejoinNameCosine: 0.85,
  rejoinNameHours: 1,
  rejoinKindMeaning: 0.7,
  rejoinKindMatch: 0.8,
  rejoinCastMeaning: 0.6,
  rejoinOccasionMeaning: 0.3,
  absorbMeaning: 0.8,
};

/** Heaviest centroid terms a trend is looked up by. */
export const KEY_TERMS = 10;
/** Central headlines embedded per trend. */
export const CENTRAL_HEADLINES = 3;
/** Share of a trend's members that must name an entity for it to count as the trend's. */
const ENTITY_SHARE = 0.2;

/** What the rejoin reads of one trend: built once per trend from its members. */
export interface StoryView {
  id: string;
  first_seen: number;
  /**
   * Time of its second report (first_seen when it has one, or when unknown: a stored view). A lone
   * report an hour ahead of a burst founds a trend the burst then splits with another (namedSubject).
   */
  second_seen?: number;
  last_seen: number;
  article_count: number;
  /** Sum of its members' term vectors, unit length. */
  centroid: TermVector;
  /** Entities at least ENTITY_SHARE of its members name. */
  entities: Set<string>;
  /** Its most central distinct headlines (closest to the centroid), at most CENTRAL_HEADLINES. */
  central: string[];
  /**
   * A stored trend the rejoin made of trends founded apart: the views of its first and latest
   * foundings (founding-views.ts), each judged with the other side too (judgedPair).
   */
  foundings?: readonly StoryView[];
}

/** The rejoin's view of each trend of at least leastArticles members. */
export function storyViews(
  trends: ReadonlyMap<string, readonly DetectArticle[]>,
  idf: (term: string) => number,
  o: Pick<RejoinOptions, 'rejoinMinArticles' | 'rejoinAtOnceMinArticles' | 'rejoinCosine'> = DEFAULT_REJOIN_OPTIONS,
): StoryView[] {
  const views: StoryView[] = [];
  if (o.rejoinCosine <= 0) return views;
  for (const [id, members] of trends) {
    if (members.length < leastArticles(o)) continue;
    const vectors = members.map((m) => articleVector(m.title, m.text, idf));
    const centroid: TermVector = new Map();
    for (const v of vectors) for (const [t, w] of v) centroid.set(t, (centroid.get(t) ?? 0) + w);
    normalise(centroid);
    const counts = new Map<string, number>();
    for (const m of members) for (const e of new Set(m.entities)) counts.set(e, (counts.get(e) ?? 0) + 1);
    const order = members
      .map((_, i) => i)
      .sort(
        (a, b) => dot(vectors[b]!, centroid) - dot(vectors[a]!, centroid) || (members[a]!.id < members[b]!.id ? -1 : 1),
      );
    const central: string[] = [];
    for (const i of order) {
      const title = normaliseText(members[i]!.title);
      if (title !== '' && !central.includes(title)) central.push(title);
      if (central.length === CENTRAL_HEADLINES) break;
    }
    const times = members.map((m) => m.time).sort((x, y) => x - y);
    views.push({
      id,
      first_seen: times[0]!,
      second_seen: times[1] ?? times[0]!,
      last_seen: times[times.length - 1]!,
      article_count: members.length,
      centroid,
      entities: new Set([...counts].filter(([, n]) => n >= ENTITY_SHARE * members.length).map(([e]) => e)),
      central,
    });
  }
  return views.sort(byFounding);
}

/** The fewest articles a trend needs to pair at all: its size on one of the two paths of sizesAllowed. */
export function leastArticles(o: Pick<RejoinOptions, 'rejoinMinArticles' | 'rejoinAtOnceMinArticles'>): number {
  return Math.min(o.rejoinMinArticles, o.rejoinAtOnceMinArticles);
}

/**
 * Whether two trends are large enough to be judged: both of rejoinMinArticles, or the smaller of
 * rejoinAtOnceMinArticles when the two were reported at once (reportedAtOnce, rejoinAtOnceSeconds). Detection runs that
 * cut a burst can leave a few of its reports in a trend of their own beside the burst's trend,
 * founded more than the fragment merge's minute apart from it (the migraine headband's FDA
 * approval on a real demo: 4 reports beside 32, the 4 grown on a report of the hour before); both
 * report at once, and both are listed. A small trend founded after a larger one's last report is
 * judged with it up to rejoinLateHours after it (smallFragment: on another demo the migraine's 4
 * were founded 66 minutes after the 32 stopped); later (lateFragment) it is judged by its headlines'
 * meaning alone, at rejoinLateMeaning: two trends days apart, one of a few reports, are as often two
 * stories, but a run that cuts a story's late reports lists them as a trend of their own.
 */
export function sizesAllowed(
  a: Pick<StoryView, 'first_seen' | 'last_seen' | 'article_count' | 'id'>,
  b: Pick<StoryView, 'first_seen' | 'last_seen' | 'article_count' | 'id'>,
  o: SizeOptions,
): boolean {
  const smaller = Math.min(a.article_count, b.article_count);
  if (smaller >= o.rejoinMinArticles) return true;
  return (
    smaller >= o.rejoinAtOnceMinArticles &&
    (reportedAtOnce(a, b, o.rejoinAtOnceSeconds) || smallFragment(a, b, o) || lateFragment(a, b, o))
  );
}

/** What the size gates read (sizesAllowed, lateFragment). */
type SizeOptions = Pick<
  RejoinOptions,
  'rejoinMinArticles' | 'rejoinAtOnceMinArticles' | 'rejoinAtOnceSeconds' | 'rejoinLateHours' | 'rejoinLateMeaning'
>;

/**
 * One of two trends is a late fragment of the other: of rejoinAtOnceMinArticles to rejoinMinArticles
 * reports, the other rejoinMinArticles or more, founded after the other's founding, neither reported
 * at once with it nor a small fragment of it (more than rejoinLateHours after its last report). Such a
 * pair is judged by its headlines' meaning alone (rejoinLateMeaning, joiningTest): a few reports days
 * later are as often another story, so none of the looser tests applies. The member absorb, which takes
 * a mixed small trend's stray members, runs after the rejoin and cannot join a small trend whole.
 */
export function lateFragment(
  a: Pick<StoryView, 'first_seen' | 'last_seen' | 'article_count' | 'id'>,
  b: Pick<StoryView, 'first_seen' | 'last_seen' | 'article_count' | 'id'>,
  o: SizeOptions,
): boolean {
  if (o.rejoinLateMeaning >= 1) return false;
  const [large, small] = a.article_count >= b.article_count ? [a, b] : [b, a];
  if (small.article_count < o.rejoinAtOnceMinArticles || small.article_count >= o.rejoinMinArticles) return false;
  if (large.article_count < o.rejoinMinArticles || small.first_seen <= large.first_seen) return false;
  return !reportedAtOnce(a, b, o.rejoinAtOnceSeconds) && !smallFragment(a, b, o);
}

/**
 * The later-founded trend was founded before the earlier one's last report, or at most `seconds`
 * after it (a burst's last reports, taken by the next run): both were reporting at once.
 */
export function reportedAtOnce(
  a: Pick<StoryView, 'first_seen' | 'last_seen' | 'id'>,
  b: Pick<StoryView, 'first_seen' | 'last_seen' | 'id'>,
  seconds: number,
): boolean {
  const [first, second] = earlier(a, b) ? [a, b] : [b, a];
  return second.first_seen <= first.last_seen + seconds * 1000;
}

/** Earliest founded first, then by id. */
function byFounding(a: StoryView, b: StoryView): number {
  return a.first_seen - b.first_seen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * A stored trend as its compact state gives it (trend-state.ts: centroid terms and entity counts),
 * with no headline yet: enough for the cheap gates of rejoinCandidates; only trends that pass them
 * have their members read.
 */
export function stateView(t: ActiveTrend): StoryView {
  const centroid: TermVector = new Map(Object.entries(t.terms));
  normalise(centroid);
  const entities = Object.entries(t.entities).filter(([, n]) => n >= ENTITY_SHARE * t.article_count);
  return {
    id: t.id,
    first_seen: t.first_seen,
    last_seen: t.last_seen,
    article_count: t.article_count,
    centroid,
    entities: new Set(entities.map(([e]) => e)),
    central: [],
  };
}

/**
 * The stored trends a detection run did not read (their compact states) and how to read the members
 * of some: a story reported again after its earlier trend stopped moving is rejoined with it, though
 * nothing in the run touched the earlier one.
 */
export interface StoredTrends {
  /**
   * The stored trends indexed under one of these terms (their heaviest centroid terms, a superset of
   * the KEY_TERMS a pair must share), as compact states: only those can pair with a trend of the run.
   * Those `bounds` rule out cannot pair either and may be left out (rejoinBounds).
   */
  states: (keyTerms: readonly string[], bounds: RejoinBounds) => Promise<readonly ActiveTrend[]>;
  read: (ids: string[]) => Promise<ReadonlyMap<string, readonly DetectArticle[]>>;
  /** Stored trends refreshed from their stored story view (trend-clock.ts): headlines known, nothing to read. */
  views?: readonly StoryView[];
  /**
   * The foundings kept on stored trends the rejoin made (founding-views.ts), by trend id, filled by
   * the time `states` and `read` answer: each trend is judged by them too. The rejoin then sets
   * each survivor's (groupFoundings) and drops the absorbed trends'.
   */
  foundings?: Map<string, readonly TrendFounding[]>;
}

/** What a stored trend must have to pair with one of the asking trends (rejoinBounds). */
export interface RejoinBounds {
  /** Least articles (leastArticles). */
  minArticles: number;
  /** Earliest last report (ms). */
  lastSeenFrom: number;
}

/**
 * What any stored trend that can pair with one of `asking` has: leastArticles articles, and a
 * last report at most rejoinHours before the earliest founding among them. A pair's later-founded
 * side is founded at most rejoinHours after the earlier's last report; a stored trend founded after
 * its partner reports last after that partner's founding, so either way its last report is no
 * earlier than the asking side's founding less rejoinHours.
 */
export function rejoinBounds(
  asking: readonly Pick<StoryView, 'first_seen'>[],
  o: Pick<RejoinOptions, 'rejoinMinArticles' | 'rejoinAtOnceMinArticles' | 'rejoinHours'>,
): RejoinBounds {
  const founded = extent(asking.map((v) => v.first_seen)).min;
  return { minArticles: leastArticles(o), lastSeenFrom: founded - o.rejoinHours * 3_600_000 };
}

/**
 * Pairs of trends the cheap evidence lets through (sizes, terms, entities, time), earlier first: only
 * their central headlines need an embedding. `involving`, when given, keeps only pairs with one
 * side in it (the trends a detection run changed; pairs of unchanged trends were judged before).
 */
export function rejoinCandidates(
  views: readonly StoryView[],
  o: RejoinOptions = DEFAULT_REJOIN_OPTIONS,
  involving?: ReadonlySet<string>,
): [StoryView, StoryView][] {
  const pairs: [StoryView, StoryView][] = [];
  const postings = new Map<string, number[]>();
  views.forEach((t, at) => {
    const keys = [...keyTerms(t).keys()];
    const seen = new Set<number>();
    for (const term of keys) for (const i of postings.get(term) ?? []) seen.add(i);
    for (const i of [...seen].sort((a, b) => a - b)) {
      const g = views[i]!;
      if (involving && !involving.has(g.id) && !involving.has(t.id)) continue;
      if (cheapGates(g, t, o)) pairs.push([g, t]);
    }
    for (const term of keys) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(at);
    }
  });
  return pairs;
}

/**
 * The cheap evidence on one pair, the earlier-founded `g` first: the later founded at most
 * rejoinHours after the earlier's last report, sizes (sizesAllowed), centroid cosine, shared heaviest
 * terms (or, with rejoinTermsMeaning on, a meaning rejoinStories then asks for), shared entities when
 * rejoinEntities asks.
 */
export function cheapGates(g: StoryView, t: StoryView, o: RejoinOptions): boolean {
  if (t.first_seen - g.last_seen > o.rejoinHours * 3_600_000) return false;
  if (!sizesAllowed(g, t, o)) return false;
  if (dot(t.centroid, g.centroid) < o.rejoinCosine) return false;
  if (o.rejoinTermsMeaning >= 1 && !keyTermsShared(g, t, o)) return false;
  let shared = 0;
  for (const e of t.entities) if (g.entities.has(e)) shared++;
  return shared >= o.rejoinEntities;
}

/** The two centroids' heaviest KEY_TERMS share rejoinTerms terms. */
export function keyTermsShared(a: StoryView, b: StoryView, o: Pick<RejoinOptions, 'rejoinTerms'>): boolean {
  return sharedTerms(keyTerms(a), keyTerms(b)) >= o.rejoinTerms;
}

/** KEY_TERMS of each centroid, kept while the centroid lives: one view meets many others. */
const KEY_TERMS_OF = new WeakMap<TermVector, TermVector>();

/** A view's KEY_TERMS heaviest centroid terms (its centroid is not changed once the view is built). */
export function keyTerms(v: Pick<StoryView, 'centroid'>): TermVector {
  let keys = KEY_TERMS_OF.get(v.centroid);
  if (!keys) KEY_TERMS_OF.set(v.centroid, (keys = topTerms(v.centroid, KEY_TERMS)));
  return keys;
}

/**
 * The test of joiningTest that joins a candidate pair at this meaning: a pair short of shared key
 * terms (let past that gate by cheapGates on the promise of its meaning) only at rejoinTermsMeaning
 * or above.
 */
function pairTest(a: StoryView, b: StoryView, meaning: number, o: RejoinOptions): JoiningTest | undefined {
  if (meaning < o.rejoinTermsMeaning && !keyTermsShared(a, b, o)) return undefined;
  return joiningTest(a, b, meaning, o);
}

/** The views a trend is judged by: itself, then its kept foundings (founding-views.ts). */
function judgedViews(v: StoryView): readonly StoryView[] {
  return [v, ...(v.foundings ?? [])];
}

/** The central headlines the candidate pairs need embedded (their foundings' too). */
export function rejoinTexts(pairs: readonly [StoryView, StoryView][]): string[] {
  return [...new Set(pairs.flatMap((p) => p.flatMap(judgedViews).flatMap((v) => v.central)))];
}

/**
 * How a candidate pair is judged: the two trends whole, else (a stored trend the rejoin made of
 * foundings) each founding's view against the other side's views, as one run over the same reports
 * judges a new trend against each founding; a founding's pair passes the cheap gates first. The
 * first that a test of joiningTest joins (pairTest: one short of shared key terms only at
 * rejoinTermsMeaning), else the whole pair's meaning with no test.
 */
export function judgedPair(
  a: StoryView,
  b: StoryView,
  meaningOf: (v: StoryView) => Float32Array | undefined,
  o: RejoinOptions,
): { meaning: number; test?: JoiningTest; founding?: true } | undefined {
  const ma = meaningOf(a);
  const mb = meaningOf(b);
  if (!ma || !mb) return undefined;
  const meaning = denseDot(ma, mb);
  const test = pairTest(a, b, meaning, o);
  if (test !== undefined) return { meaning, test };
  for (const x of judgedViews(a)) {
    for (const y of judgedViews(b)) {
      if (x === a && y === b) continue;
      if (!(earlier(x, y) ? cheapGates(x, y, o) : cheapGates(y, x, o))) continue;
      const mx = meaningOf(x);
      const my = meaningOf(y);
      if (!mx || !my) continue;
      const m = denseDot(mx, my);
      const t = pairTest(x, y, m, o);
      if (t !== undefined) return { meaning: m, test: t, founding: true };
    }
  }
  return { meaning };
}

/**
 * Rejoins trends of one story that were founded hours or days apart and grew on their own (the
 * single pass closes a burst within minutes to hours and the fragment merge joins only trends
 * founded within a minute): a pair the cheap evidence lets through (rejoinCandidates: centroid
 * cosine, shared heaviest terms, named entities when rejoinEntities asks, the later founded at most rejoinHours after
 * the earlier's last report) is one story when the sentence embeddings of their central headlines
 * agree (mean embedding cosine >= rejoinMeaning): two stories about one person or company share
 * names and words but not what their headlines say. A pair short of shared key terms joins only at
 * rejoinTermsMeaning or above (judgedPair reads that from the pair). Pairs are joined transitively; the
 * earliest-founded trend of a group survives, so ids already served keep serving. A pair whose
 * headlines have no embedding (encoder unavailable) stays apart. Returns absorbed id -> surviving id.
 */
export function rejoinStories(
  pairs: readonly [StoryView, StoryView][],
  embed: (text: string) => Float32Array | undefined,
  o: RejoinOptions = DEFAULT_REJOIN_OPTIONS,
  joins?: RejoinJoin[],
): Map<string, string> {
  // By view: a trend's foundings are views of the same id.
  const meaning = new Map<StoryView, Float32Array | undefined>();
  const meaningOf = (v: StoryView): Float32Array | undefined => {
    if (!meaning.has(v)) meaning.set(v, meanEmbedding(v.central.map(embed)));
    return meaning.get(v);
  };
  const parent = new Map<string, StoryView>();
  const root = (v: StoryView): StoryView => {
    let r = v;
    while (parent.has(r.id)) r = parent.get(r.id)!;
    return r;
  };
  for (const [a, b] of pairs) {
    const judged = judgedPair(a, b, meaningOf, o);
    if (judged?.test === undefined) continue;
    const { meaning, test, founding } = judged;
    joins?.push({
      trends: [a.id, b.id],
      articles: [a.article_count, b.article_count],
      meaning,
      test,
      ...(founding ? { founding } : {}),
    });
    const ra = root(a);
    const rb = root(b);
    if (ra.id === rb.id) continue;
    const [survivor, absorbed] = earlier(ra, rb) ? [ra, rb] : [rb, ra];
    parent.set(absorbed.id, survivor);
  }
  const out = new Map<string, string>();
  for (const id of [...parent.keys()].sort()) out.set(id, root(parent.get(id)!).id);
  return out;
}

/** A pair rejoinStories judged one story, as a detection run logs it: which test joined it. */
export interface RejoinJoin {
  trends: [string, string];
  articles: [number, number];
  meaning: number;
  test: JoiningTest;
  /** Joined on a kept founding's view, not on the two trends whole (judgedPair). */
  founding?: true;
}

/**
 * Whether central headlines whose meanings agree this much tell one story: at rejoinMeaning, at
 * rejoinEventMeaning when both report one company event, at rejoinNameMeaning when both trends are
 * about one name (namedSubject), or at rejoinKindMeaning when both report the same kind of event
 * (eventKindMatch: the company-event test for events of any kind; "Spider-Man 2 premiere" the
 * next day, a study's findings told again; two trading days or two data releases share no kind
 * there). Headlines of a story's later days say what
 * happened next ("GM to offer loaner cars, cash to owners for ignition recall" / "US House committee
 * will probe GM recall", 0.748), so their meanings drift apart while the company and the kind of
 * event stay; two stories about one company and one kind of event are rarely reported within days.
 */
export function sameStory(a: StoryView, b: StoryView, meaning: number, o: RejoinOptions): boolean {
  return joiningTest(a, b, meaning, o) !== undefined;
}

/** Which test of sameStory joins two trends, if any (the first that does, in sameStory's order). */
export type JoiningTest =
  | 'meaning'
  | 'company event'
  | 'small fragment'
  | 'late fragment'
  | 'name'
  | 'event'
  | 'event cast'
  | 'occasion'
  | ReleaseOrMarketTest;

/** The test of sameStory that joins two trends whose central headlines agree this much (undefined: none). */
export function joiningTest(a: StoryView, b: StoryView, meaning: number, o: RejoinOptions): JoiningTest | undefined {
  if (lateFragment(a, b, o)) return meaning >= o.rejoinLateMeaning ? 'late fragment' : undefined;
  if (meaning >= o.rejoinMeaning) return 'meaning';
  if (meaning >= o.rejoinEventMeaning && sharedBusinessEvent(a.central, b.central) !== undefined)
    return 'company event';
  if (meaning >= o.rejoinFragmentMeaning && smallFragment(a, b, o) && subjectShared(a, b)) return 'small fragment';
  if (meaning >= o.rejoinNameMeaning && namedSubject(a, b, o) !== undefined) return 'name';
  const event = eventTest(a, b, meaning, o);
  if (event !== undefined) return event;
  if (
    meaning >= o.rejoinOccasionMeaning &&
    o.rejoinOccasionMeaning < o.rejoinMeaning &&
    sameOccasion(a.central, b.central)
  )
    return 'occasion';
  // One data release or one market move, by its arguments (release-or-market.ts).
  return releaseOrMarketTest(a, b, meaning, o);
}

/**
 * The event test (one kind of event at rejoinKindMeaning) and, below its floor, the cast test (the
 * same kind with no second thing named, argument-terms.ts); with the event test off (rejoinMeaning or
 * above) the cast test is off too.
 */
function eventTest(a: StoryView, b: StoryView, meaning: number, o: RejoinOptions): 'event' | 'event cast' | undefined {
  if (o.rejoinKindMeaning >= o.rejoinMeaning) return undefined;
  if (meaning < Math.min(o.rejoinKindMeaning, o.rejoinCastMeaning)) return undefined;
  if (eventKindMatch(a.central, b.central) < o.rejoinKindMatch) return undefined;
  if (meaning >= o.rejoinKindMeaning) return 'event';
  return sameCastEvent(a.central, b.central, o.rejoinKindMatch) ? 'event cast' : undefined;
}

/** Heaviest terms of a small fragment that must be among the larger trend's KEY_TERMS (subjectShared). */
export const SUBJECT_TERMS = 2;

/**
 * One of two trends is a small fragment of the other: it has fewer than rejoinMinArticles reports,
 * the other rejoinMinArticles or more, and it was founded after the other's founding and at most
 * rejoinLateHours after its last report (reported at once, or late). A story's last reports cut off
 * by a detection run found a trend of a few reports told in other words ("Feds OK electric
 * headband for migraines" beside "FDA approves first device to prevent migraine", meaning 0.689).
 */
export function smallFragment(
  a: Pick<StoryView, 'first_seen' | 'last_seen' | 'article_count' | 'id'>,
  b: Pick<StoryView, 'first_seen' | 'last_seen' | 'article_count' | 'id'>,
  o: Pick<RejoinOptions, 'rejoinMinArticles' | 'rejoinLateHours'>,
): boolean {
  if (o.rejoinLateHours <= 0) return false;
  const [large, small] = a.article_count >= b.article_count ? [a, b] : [b, a];
  if (small.article_count >= o.rejoinMinArticles || large.article_count < o.rejoinMinArticles) return false;
  return small.first_seen > large.first_seen && small.first_seen - large.last_seen <= o.rejoinLateHours * 3_600_000;
}

/**
 * The smaller trend's subject words are the larger's: its SUBJECT_TERMS heaviest centroid terms that
 * are no word of the larger trend's named entities are all among the larger's KEY_TERMS heaviest
 * ("migraine", "headband"). Words of the larger's names are left out: two stories about one person
 * or company share the name and differ in what is said of it. (The smaller's own entities, of a few
 * reports, are as often a headline's capitalised words: "Headband", "Feds OK".)
 */
export function subjectShared(
  a: Pick<StoryView, 'article_count' | 'centroid' | 'entities'>,
  b: Pick<StoryView, 'article_count' | 'centroid' | 'entities'>,
): boolean {
  const [large, small] = a.article_count >= b.article_count ? [a, b] : [b, a];
  const named = new Set([...large.entities].flatMap((e) => contentTerms(e)));
  const subject = [...topTerms(small.centroid, small.centroid.size).keys()].filter((t) => !named.has(t));
  const keys = keyTerms(large);
  return subject.length >= SUBJECT_TERMS && subject.slice(0, SUBJECT_TERMS).every((t) => keys.has(t));
}

/**
 * The one named entity two trends share, when there is exactly one and it is a single word: the
 * name of a thing a story is about (a game, a festival, a firm: "Titanfall", "SXSW", "Sbarro"). A
 * person is named by two words and has many stories within days ("Justin Bieber", "Lena Dunham");
 * two trends sharing several names are about several things.
 */
export function soleSharedName(a: Pick<StoryView, 'entities'>, b: Pick<StoryView, 'entities'>): string | undefined {
  let name: string | undefined;
  for (const e of a.entities) {
    if (!b.entities.has(e)) continue;
    if (name !== undefined) return undefined;
    name = e;
  }
  return name !== undefined && /^\S+$/u.test(name.trim()) ? name : undefined;
}

/**
 * The name two trends are both about, if any (soleSharedName), when either they were reported at
 * once (the later founded before the earlier's last report and at most rejoinNameHours after its
 * founding: two fragments of one burst, not a trend running for days and another day's report; "Sbarro
 * again files for Ch. 11 reorganization" / "Pizza chain Sbarro files for bankruptcy", founded 43
 * minutes apart; the earlier's founding read at its second report, since one outlet's report an hour
 * ahead of the burst does not make a running trend: a real demo's "FDA approves electric headband to
 * prevent migraine", one report 66 minutes before the 35 of the FDA's approval, of which 11 joined
 * it and 24 founded "FDA approves first migraine prevention device", meaning 0.752), or the name is the heaviest term of both centroids and their words agree (centroid
 * cosine >= rejoinNameCosine: "Titanfall launch review" / "'Titanfall' launches on Xbox One", a day
 * apart). Their central headlines may then agree as little as rejoinNameMeaning: the launch and its
 * reviews are told in other words. Trends of days apart need both to centre on the name: two days'
 * market reports centre on common words ("stocks", "Wall Street"), not on one name.
 */
export function namedSubject(
  a: StoryView,
  b: StoryView,
  o: Pick<RejoinOptions, 'rejoinNameCosine' | 'rejoinNameHours'> = DEFAULT_REJOIN_OPTIONS,
): string | undefined {
  const name = soleSharedName(a, b);
  if (name === undefined) return undefined;
  const [first, second] = earlier(a, b) ? [a, b] : [b, a];
  const atOnce =
    second.first_seen <= first.last_seen &&
    second.first_seen - (first.second_seen ?? first.first_seen) <= o.rejoinNameHours * 3_600_000;
  if (atOnce) return name;
  const term = contentTerms(name)[0];
  if (term === undefined || dot(a.centroid, b.centroid) < o.rejoinNameCosine) return undefined;
  const heaviest = (v: StoryView): string | undefined => [...topTerms(v.centroid, 1).keys()][0];
  return heaviest(a) === term && heaviest(b) === term ? name : undefined;
}

function earlier(a: Pick<StoryView, 'first_seen' | 'id'>, b: Pick<StoryView, 'first_seen' | 'id'>): boolean {
  return a.first_seen < b.first_seen || (a.first_seen === b.first_seen && a.id < b.id);
}

/** Unit-length mean of the embeddings given (undefined when none). */
export function meanEmbedding(vectors: readonly (Float32Array | undefined)[]): Float32Array | undefined {
  const present = vectors.filter((v) => v !== undefined);
  if (present.length === 0) return undefined;
  const sum = new Float32Array(present[0]!.length);
  for (const v of present) for (let i = 0; i < v.length; i++) sum[i]! += v[i]!;
  const n = Math.sqrt(denseDot(sum, sum));
  if (n === 0) return undefined;
  for (let i = 0; i < sum.length; i++) sum[i]! /= n;
  return sum;
}

/** A view with the views of its kept foundings, when it has some. */
function withFoundings(v: StoryView, foundings: readonly TrendFounding[] | undefined): StoryView {
  return foundings && foundings.length > 0 ? { ...v, foundings: foundings.map((f) => foundingView(v.id, f)) } : v;
}

/** Each survivor's foundings after the joins (groupFoundings), in `kept`; the absorbed trends' dropped. */
function keepFoundings(
  kept: Map<string, readonly TrendFounding[]>,
  joined: ReadonlyMap<string, string>,
  views: readonly StoryView[],
): void {
  const byId = new Map(views.map((v) => [v.id, v]));
  const groups = new Map<string, StoryView[]>();
  for (const [absorbed, survivor] of joined) {
    let group = groups.get(survivor);
    if (!group) groups.set(survivor, (group = [byId.get(survivor)!]));
    group.push(byId.get(absorbed)!);
  }
  for (const [survivor, group] of groups) kept.set(survivor, groupFoundings(group).map(keptFounding));
  for (const absorbed of joined.keys()) kept.delete(absorbed);
}

/**
 * The rejoin of a detection run (or of a replay in the lab): views of the trends, the pairs the
 * cheap evidence lets through, their central headlines embedded in one pass (a few texts per
 * trend, none per article), then rejoinStories. `stored`: the stored trends the run did not read,
 * of which only those the cheap gates pair with a trend of the run are read. Without the encoder the
 * trends stay as they are. The pairs joined are logged at info, each with the test that joined it
 * (a reader asking why two trends became one). Returns absorbed id -> surviving id.
 */
export async function rejoinTrends(
  trends: ReadonlyMap<string, readonly DetectArticle[]>,
  idf: (term: string) => number,
  logger: Pick<Logger, 'warn'> & Partial<Pick<Logger, 'info'>>,
  o: RejoinOptions = DEFAULT_REJOIN_OPTIONS,
  involving?: ReadonlySet<string>,
  lookup: (texts: Iterable<string>) => Promise<(text: string) => Float32Array | undefined> = embeddingLookup,
  stored?: StoredTrends,
): Promise<Map<string, string>> {
  if (o.rejoinCosine <= 0) return new Map();
  const known = (stored?.views ?? []).filter((v) => !trends.has(v.id) && v.article_count >= leastArticles(o));
  let views = [...storyViews(trends, idf, o), ...known].sort(byFounding);
  if (stored) {
    // Stored trends not read by the run: judged first on their compact state; the members of those
    // the cheap gates pair with a trend of the run are read, and every view is then built alike.
    const have = new Set(views.map((v) => v.id));
    // A pair shares a key term and has a side in `involving`: only those sides' key terms find one.
    const asking = views.filter((v) => !involving || involving.has(v.id));
    const keys = [...new Set(asking.flatMap((v) => [...keyTerms(v).keys()]))].sort();
    const found = keys.length > 0 ? await stored.states(keys, rejoinBounds(asking, o)) : [];
    const cheap = found.filter((t) => !have.has(t.id) && t.article_count >= leastArticles(o)).map(stateView);
    const unread = new Set(
      rejoinCandidates([...views, ...cheap].sort(byFounding), o, involving)
        .flat()
        .filter((v) => v.central.length === 0)
        .map((v) => v.id),
    );
    if (unread.size > 0) {
      // Views are built per trend: only the trends just read need one.
      const read = await stored.read([...unread].sort());
      views = [...views, ...storyViews(read, idf, o)].sort(byFounding);
    }
  }
  const kept = stored?.foundings;
  if (kept) views = views.map((v) => withFoundings(v, kept.get(v.id)));
  const pairs = rejoinCandidates(views, o, involving);
  if (pairs.length === 0) return new Map();
  try {
    const joins: RejoinJoin[] = [];
    const joined = rejoinStories(pairs, await lookup(rejoinTexts(pairs)), o, joins);
    if (joins.length > 0) logger.info?.({ joins }, 'story rejoin: trends of one story joined');
    if (kept) keepFoundings(kept, joined, views);
    return joined;
  } catch (err) {
    logger.warn({ err }, 'sentence encoder unavailable: trends of one story founded apart stay apart');
    return new Map();
  }
}
