import type { DetectArticle } from './cluster';
import { embeddingLookup } from '../embed/embed-texts';
import {
  KEY_TERMS,
  meanEmbedding,
  storyViews,
  type RejoinBounds,
  type RejoinOptions,
  type StoryView,
} from './rejoin-stories';
import { extent } from './large-arrays';
import { articleVector, dot, topTerms } from './term-vector';
import { normaliseText } from '../text/normalise-text';
import { dot as denseDot } from '../text/word-vectors';

/** Most members of a trend whose members may move into another. */
export const ABSORB_SMALL = 9;
/** Least members of a trend that may take them. */
export const ABSORB_LARGE = 10;

/** The member absorb's rule; the lab varies what production leaves at its defaults. */
export interface AbsorbOptions {
  /** Least cosine of a small trend's member headline to a large trend's central headlines (0: off). */
  absorbMeaning: number;
  /** Most members of a trend whose members may move (ABSORB_SMALL). */
  absorbSmall?: number;
  /** Least members of a trend that may take them (ABSORB_LARGE). */
  absorbLarge?: number;
  /** How much closer the member must read to the large trend than to the rest of its own trend (0). */
  absorbMargin?: number;
  /** Least cosine of the member's term vector to the large trend's term centroid (0). */
  absorbCosine?: number;
}

/** One member moved, with what decided it (printed by the lab, logged by a run). */
export interface MemberMove {
  article: DetectArticle;
  /** The small trend it leaves, and that trend's size before any move. */
  from: string;
  fromSize: number;
  /** The large trend it joins, and that trend's size before any move. */
  into: string;
  intoSize: number;
  /** Cosine of its headline to the large trend's central headlines, and to the rest of its own trend's. */
  meaning: number;
  own: number;
  /** Cosine of its term vector to the large trend's term centroid. */
  terms: number;
  /** The large trend's central headlines. */
  central: string[];
}

/**
 * The member-level absorb: single members of small trends (2 to absorbSmall members) that read as
 * a large trend's story (absorbLarge or more members; sentence-embedding cosine of the member's
 * headline to the large trend's central headlines at least absorbMeaning, and not below its cosine
 * to the rest of its own trend's headlines, copies of its own headline left out), reported within
 * rejoinHours of that trend, the large trends seen as the run's rejoin sees them (storyViews at
 * `o`'s sizes, whether or not the rejoin itself is switched on). A small trend of a few reports is
 * often half one story and half another: joining it whole (the rejoin) would carry the other half
 * along. At 0.8 every move read on the tuning and held-out UCI slices was one story, and stories
 * leading two fell on two held-out slices (docs/lab-notes/trends.md, "The member-level absorb
 * against the read small-trend pairs", 2026-12-07). `movable` and `takers` limit the two sides
 * among `trends` (a run: the trends it read whole and changed); `views` are more takers known by
 * their story view alone (a run: stored large trends it did not read whole, by the central
 * headlines their stored state keeps, trend-clock.ts), judged as those built from members are.
 * Detection and the lab both decide here, so their figures cannot drift.
 */
export async function memberMoves(
  trends: ReadonlyMap<string, readonly DetectArticle[]>,
  idf: (term: string) => number,
  o: AbsorbOptions & Pick<RejoinOptions, 'rejoinHours' | 'rejoinMinArticles' | 'rejoinAtOnceMinArticles'>,
  lookup: (texts: Iterable<string>) => Promise<(text: string) => Float32Array | undefined> = embeddingLookup,
  scope: { movable?: ReadonlySet<string>; takers?: ReadonlySet<string>; views?: readonly StoryView[] } = {},
): Promise<MemberMove[]> {
  const { absorbMeaning, absorbSmall = ABSORB_SMALL, absorbLarge = ABSORB_LARGE } = o;
  const { absorbMargin = 0, absorbCosine = 0 } = o;
  if (absorbMeaning <= 0) return [];
  const within = (id: string, set?: ReadonlySet<string>): boolean => !set || set.has(id);
  const large = [
    ...storyViews(
      new Map([...trends].filter(([id, list]) => list.length >= absorbLarge && within(id, scope.takers))),
      idf,
      // storyViews reads rejoinCosine only as the rejoin's switch; the absorb's own is absorbMeaning.
      { ...o, rejoinCosine: 1 },
    ),
    ...(scope.views ?? []).filter((v) => !trends.has(v.id) && v.article_count >= absorbLarge && v.central.length > 0),
  ];
  const small = [...trends].filter(
    ([id, list]) => list.length >= 2 && list.length <= absorbSmall && within(id, scope.movable),
  );
  if (large.length === 0 || small.length === 0) return [];
  const vectorOf = await lookup([
    ...large.flatMap((v) => v.central),
    ...small.flatMap(([, list]) => list.map((a) => normaliseText(a.title))),
  ]);
  const meaning = new Map(large.map((v) => [v.id, meanEmbedding(v.central.map(vectorOf))]));
  const window = o.rejoinHours * 3_600_000;
  const moves: MemberMove[] = [];
  for (const [from, list] of small) {
    for (const m of list) {
      const title = normaliseText(m.title);
      const e = vectorOf(title);
      if (!e) continue;
      // The rest of its own trend in other words: copies of one headline read as their own trend alike.
      const rest = meanEmbedding(
        list.filter((x) => normaliseText(x.title) !== title).map((x) => vectorOf(normaliseText(x.title))),
      );
      const own = rest ? denseDot(e, rest) : 0;
      const vector = articleVector(m.title, m.text, idf);
      let best: { id: string; size: number; cos: number; terms: number; central: string[] } | undefined;
      for (const v of large) {
        if (m.time < v.first_seen - window || m.time > v.last_seen + window) continue;
        const mv = meaning.get(v.id);
        if (!mv) continue;
        const cos = denseDot(e, mv);
        if (best && cos <= best.cos) continue;
        best = { id: v.id, size: v.article_count, cos, terms: dot(vector, v.centroid), central: v.central };
      }
      if (!best || best.cos < absorbMeaning || best.cos - own < absorbMargin || best.terms < absorbCosine) continue;
      moves.push({
        article: m,
        from,
        fromSize: list.length,
        into: best.id,
        intoSize: best.size,
        meaning: best.cos,
        own,
        terms: best.terms,
        central: best.central,
      });
    }
  }
  return moves;
}

/**
 * What a stored large trend must have to take a member of the small trends in `trends` (2 to
 * absorbSmall members): indexed under one of their members' heaviest terms (a taker's centroid
 * shares the terms its story's headline weighs most), absorbLarge members, and a last report at
 * most rejoinHours before the earliest of those members. Null when no trend there is small.
 */
export function absorbLookup(
  trends: ReadonlyMap<string, readonly DetectArticle[]>,
  idf: (term: string) => number,
  o: Pick<AbsorbOptions, 'absorbSmall' | 'absorbLarge'> & Pick<RejoinOptions, 'rejoinHours'>,
): { terms: string[]; bounds: RejoinBounds } | null {
  const { absorbSmall = ABSORB_SMALL, absorbLarge = ABSORB_LARGE } = o;
  const members = [...trends.values()].filter((l) => l.length >= 2 && l.length <= absorbSmall).flat();
  if (members.length === 0) return null;
  const terms = new Set(members.flatMap((m) => [...topTerms(articleVector(m.title, m.text, idf), KEY_TERMS).keys()]));
  const earliest = extent(members.map((m) => m.time)).min;
  return {
    terms: [...terms].sort(),
    bounds: { minArticles: absorbLarge, lastSeenFrom: earliest - o.rejoinHours * 3_600_000 },
  };
}
