/**
 * Training pairs of headlines for the same-event model (same-event-model.ts),
 * drawn from UCI stories: positives are two headlines of one story (preferably of different days,
 * the next day's reports), hard negatives two headlines of two stories of the same subject (a shared
 * name, or a cosine of the two stories' mean meanings of NEGATIVE_COSINE or more) within HOURS of each other. Which rows and
 * stories may be read is the caller's choice (same-event-folds.ts keeps every evaluated pair's
 * stories out).
 */
import type { UciRow } from '../../corpus/uci.corpus';
import { extractEntities } from '../../../src/score/entities';
import { groupBy } from '../../../src/detect/group-by';
import { dot, unit } from '../../../src/text/word-vectors';

/** Headlines of one story kept as its representatives (spread over its time), at most. */
export const REPRESENTATIVES = 6;
/** Positive pairs per story at most: of different days first, then of one day. */
export const POSITIVES_PER_STORY = 6;
/** Negative pairs per pair of stories of one subject at most: the closest, then representatives in turn. */
export const NEGATIVES_PER_PAIR = 3;
/** Two stories are the same subject when their mean meanings reach this, or they share a top name. */
export const NEGATIVE_COSINE = 0.5;
/** Two stories' spans at most this far apart to make a negative (the story rejoin's window). */
export const HOURS = 72;
/** Top names per story compared for a shared subject (the names most of its headlines carry). */
const TOP_NAMES = 2;
const HOUR = 3_600_000;

/** One story's representatives with their times. */
export interface StoryHeadlines {
  story: string;
  titles: string[];
  times: number[];
  names: string[];
}

/** A headline pair with its stories and the kind of pair. */
export interface HeadlinePair {
  a: string;
  b: string;
  same: boolean;
  kind: 'other day' | 'same day' | 'same subject';
  stories: [string, string];
}

const dayOf = (t: number): string => new Date(t).toISOString().slice(0, 10);

/**
 * Each story's distinct headlines (first report of each wording), up to REPRESENTATIVES of them
 * spread evenly over its reports in time order, and its TOP_NAMES most named entities (named by two
 * headlines at least). `storyOf` gives a row's story (UCI's id, or a corrected one).
 */
export function storyHeadlines(rows: readonly UciRow[], storyOf: (row: UciRow) => string): StoryHeadlines[] {
  const byStory = groupBy(rows, storyOf);
  const out: StoryHeadlines[] = [];
  for (const [story, list] of [...byStory].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))) {
    const seen = new Set<string>();
    const distinct = [...list]
      .sort((x, y) => x.timestamp - y.timestamp || x.id - y.id)
      .filter((r) => {
        const key = r.title.toLowerCase().trim();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    const n = Math.min(REPRESENTATIVES, distinct.length);
    const picked =
      n <= 1
        ? distinct.slice(0, n)
        : Array.from({ length: n }, (_, i) => distinct[Math.round((i * (distinct.length - 1)) / (n - 1))]!);
    const counts = new Map<string, number>();
    for (const r of distinct)
      for (const e of new Set(extractEntities(r.title))) counts.set(e, (counts.get(e) ?? 0) + 1);
    const names = [...counts]
      .filter(([, c]) => c >= 2)
      .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
      .slice(0, TOP_NAMES)
      .map(([e]) => e.toLowerCase());
    out.push({ story, titles: picked.map((r) => r.title), times: picked.map((r) => r.timestamp), names });
  }
  return out;
}

/**
 * The pairs: per story up to POSITIVES_PER_STORY of its representatives' pairs, those of different
 * days first (the widest gaps first), then those of one day; per pair of stories of one subject
 * within HOURS, up to NEGATIVES_PER_PAIR of their representatives' pairs (the closest first) unless `joined` says a
 * reader called the two ids one story. `embed` gives a representative's unit embedding.
 */
export function headlinePairs(
  stories: readonly StoryHeadlines[],
  embed: (title: string) => Float32Array | undefined,
  joined: (a: string, b: string) => boolean = () => false,
): HeadlinePair[] {
  const out: HeadlinePair[] = [];
  for (const s of stories) {
    const candidates: { i: number; j: number; gap: number; otherDay: boolean }[] = [];
    for (let i = 0; i < s.titles.length; i++)
      for (let j = i + 1; j < s.titles.length; j++)
        candidates.push({
          i,
          j,
          gap: Math.abs(s.times[j]! - s.times[i]!),
          otherDay: dayOf(s.times[i]!) !== dayOf(s.times[j]!),
        });
    candidates.sort((x, y) => Number(y.otherDay) - Number(x.otherDay) || y.gap - x.gap || x.i - y.i || x.j - y.j);
    for (const c of candidates.slice(0, POSITIVES_PER_STORY))
      out.push({
        a: s.titles[c.i]!,
        b: s.titles[c.j]!,
        same: true,
        kind: c.otherDay ? 'other day' : 'same day',
        stories: [s.story, s.story],
      });
  }
  const means = stories.map((s) => {
    const vs = s.titles.map(embed).filter((v): v is Float32Array => v !== undefined);
    if (vs.length === 0) return undefined;
    const sum = new Float32Array(vs[0]!.length);
    for (const v of vs) for (let d = 0; d < v.length; d++) sum[d]! += v[d]!;
    return unit(sum);
  });
  const span = stories.map((s) => [Math.min(...s.times), Math.max(...s.times)] as const);
  for (let x = 0; x < stories.length; x++)
    for (let y = x + 1; y < stories.length; y++) {
      const [s, t] = [stories[x]!, stories[y]!];
      const [ms, mt] = [means[x], means[y]];
      if (!ms || !mt) continue;
      const apart = Math.max(span[y]![0] - span[x]![1], span[x]![0] - span[y]![1]);
      if (apart > HOURS * HOUR) continue;
      const sharedName = s.names.some((n) => t.names.includes(n));
      if (!sharedName && dot(ms, mt) < NEGATIVE_COSINE) continue;
      if (joined(s.story, t.story)) continue;
      // The closest two representatives (the hardest negative), then the i-th of each in turn, as
      // positives are drawn over a story's representatives whatever their meaning.
      const chosen: [string, string][] = [];
      let bestCos = -Infinity;
      for (const a of s.titles)
        for (const b of t.titles) {
          const [ea, eb] = [embed(a), embed(b)];
          if (!ea || !eb) continue;
          const c = dot(ea, eb);
          if (c > bestCos) [bestCos, chosen[0]] = [c, [a, b]];
        }
      for (let i = 0; chosen.length < NEGATIVES_PER_PAIR && i < Math.min(s.titles.length, t.titles.length); i++)
        if (!chosen.some(([a, b]) => a === s.titles[i] && b === t.titles[i])) chosen.push([s.titles[i]!, t.titles[i]!]);
      for (const [a, b] of chosen)
        if (embed(a) && embed(b) && a.toLowerCase().trim() !== b.toLowerCase().trim())
          out.push({ a, b, same: false, kind: 'same subject', stories: [s.story, t.story] });
    }
  return out;
}
