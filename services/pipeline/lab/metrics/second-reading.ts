/**
 * A second, blind reading of pairs of trends (lab/diagnose/second-reading.ts): the sheet a reader
 * reads with headlines and a time gap alone, in shuffled order, and, once read, the agreement of
 * that reading with the first one (the verdict files of data/story-joins) kept in a separate key.
 */
import { normaliseText } from '../../src/text/normalise-text';
import { cohenKappa } from './rater-agreement';

/** A reader's verdict on a pair (data/story-joins/README.md). */
export type Verdict = 'one story' | 'two stories' | 'unsettled';
export const VERDICTS: readonly Verdict[] = ['one story', 'two stories', 'unsettled'];

/** One side of a pair as the sheet shows it. */
export interface SheetSide {
  first_seen: number;
  last_seen: number;
  /** Its most central distinct headlines (the story rejoin's view). */
  central: readonly string[];
  /** Other distinct member headlines, spread over its span. */
  others: readonly string[];
}

/** Most other member headlines the sheet shows for a side. */
export const OTHER_HEADLINES = 8;

/**
 * Up to `most` distinct member headlines that are not central, evenly spread over the members in
 * time order (the first and the latest kept), so the sheet shows how a side begins and how it goes on.
 */
export function otherHeadlines(
  members: readonly { title: string; time: number }[],
  central: readonly string[],
  most = OTHER_HEADLINES,
): string[] {
  const seen = new Set(central);
  const distinct: string[] = [];
  for (const m of [...members].sort((x, y) => x.time - y.time)) {
    const title = normaliseText(m.title);
    if (title === '' || seen.has(title)) continue;
    seen.add(title);
    distinct.push(title);
  }
  if (distinct.length <= most) return distinct;
  if (most <= 1) return distinct.slice(0, most);
  return Array.from({ length: most }, (_, i) => distinct[Math.round((i * (distinct.length - 1)) / (most - 1))]!);
}

/** `n` of `rows` drawn at random without replacement (all of them, shuffled, when n >= their count). */
export function drawn<T>(rows: readonly T[], n: number, random: () => number): T[] {
  const pool = [...rows];
  const take = Math.min(n, pool.length);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, take);
}

/** The two sides in founding order, and hours from the earlier side's last report to the later side's first. */
export function foundingOrder(a: SheetSide, b: SheetSide): { earlier: SheetSide; later: SheetSide; gapHours: number } {
  const [earlier, later] = a.first_seen <= b.first_seen ? [a, b] : [b, a];
  return { earlier, later, gapHours: (later.first_seen - earlier.last_seen) / 3_600_000 };
}

/** One item of the sheet: its id and the two sides, nothing else (no measure, source or verdict). */
export function sheetItemText(id: string, a: SheetSide, b: SheetSide): string {
  const { earlier, later, gapHours } = foundingOrder(a, b);
  const gap =
    gapHours >= 0
      ? `${gapHours.toFixed(1)} h from the earlier side's last report to the later side's first`
      : `the sides overlap: the later side's first report is ${(-gapHours).toFixed(1)} h before the earlier side's last`;
  const side = (name: string, s: SheetSide): string =>
    `  ${name} central: ${s.central.join(' / ')}\n` +
    (s.others.length ? `  ${name} others:  ${s.others.join(' | ')}\n` : `  ${name} others:  (none)\n`);
  return `## ${id}\n  ${gap}\n${side('A', earlier)}${side('B', later)}`;
}

/** Item ids in sheet order: the draw's order is hidden, the id says nothing of the source. */
export function itemId(position: number): string {
  return `item-${String(position + 1).padStart(2, '0')}`;
}

/** What the key holds of an item for the join: its source and the first reader's verdict. */
export interface KeyedItem {
  item: string;
  source: string;
  first: Exclude<Verdict, 'unsettled'>;
}

/** The second reader's verdict of an item. */
export interface SecondReading {
  item: string;
  verdict: Verdict;
}

/** The first and second readings side by side. */
export interface ReadingAgreement {
  /** counts[first][second] */
  counts: Record<string, Record<Verdict, number>>;
  /** Cohen's kappa over the items the second reader settled (one story or two stories). */
  kappa: number;
  /** Items both readers settled, and of those how many they agree on. */
  settled: number;
  agreed: number;
  /** Items the second reader called otherwise than the first (unsettled ones included). */
  disagreements: { item: string; source: string; first: Verdict; second: Verdict }[];
  /** Per source, how many of its items the second reader called each way. */
  bySource: Map<string, Record<Verdict, number>>;
}

const noVerdicts = (): Record<Verdict, number> => ({ 'one story': 0, 'two stories': 0, unsettled: 0 });

/** Joins the key with the second reading; every keyed item must be read, and only keyed items. */
export function readingAgreement(key: readonly KeyedItem[], second: readonly SecondReading[]): ReadingAgreement {
  const read = new Map<string, Verdict>();
  for (const r of second) {
    if (!VERDICTS.includes(r.verdict))
      throw new Error(`${r.item}: verdict "${r.verdict}" is not one of ${VERDICTS.join(', ')}`);
    if (read.has(r.item)) throw new Error(`${r.item} read twice`);
    read.set(r.item, r.verdict);
  }
  const keyed = new Set(key.map((k) => k.item));
  const stray = [...read.keys()].filter((i) => !keyed.has(i));
  if (stray.length) throw new Error(`read items not in the key: ${stray.join(', ')}`);
  const counts: ReadingAgreement['counts'] = { 'one story': noVerdicts(), 'two stories': noVerdicts() };
  const bySource = new Map<string, Record<Verdict, number>>();
  const pairs: [string, string][] = [];
  const disagreements: ReadingAgreement['disagreements'] = [];
  for (const k of key) {
    const v = read.get(k.item);
    if (!v) throw new Error(`${k.item} has no second reading`);
    counts[k.first]![v]++;
    if (!bySource.has(k.source)) bySource.set(k.source, noVerdicts());
    bySource.get(k.source)![v]++;
    if (v !== 'unsettled') pairs.push([k.first, v]);
    if (v !== k.first) disagreements.push({ item: k.item, source: k.source, first: k.first, second: v });
  }
  return {
    counts,
    kappa: cohenKappa(pairs),
    settled: pairs.length,
    agreed: pairs.filter(([x, y]) => x === y).length,
    disagreements,
    bySource,
  };
}

/** A pair of trends one story leads (its group: set and story), and whether a reading joins them. */
export interface StoryPair {
  group: string;
  a: string;
  b: string;
  joined: boolean;
}

/**
 * How many stories lead two or more trends by a reading of their pairs: within each group, the
 * trends the pairs read as one story join; each joined set of two or more trends is a story leading
 * two (a story whose three trends read as two and one counts once, one whose four read as two and two twice).
 */
export function storiesLeadingTwo(pairs: readonly StoryPair[]): number {
  const parent = new Map<string, string>();
  const root = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  for (const p of pairs)
    for (const t of [p.a, p.b]) if (!parent.has(`${p.group} ${t}`)) parent.set(`${p.group} ${t}`, `${p.group} ${t}`);
  for (const p of pairs) if (p.joined) parent.set(root(`${p.group} ${p.a}`), root(`${p.group} ${p.b}`));
  const sizes = new Map<string, number>();
  for (const x of parent.keys()) sizes.set(root(x), (sizes.get(root(x)) ?? 0) + 1);
  return [...sizes.values()].filter((n) => n >= 2).length;
}
