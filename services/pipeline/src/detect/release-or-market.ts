import { geoFeatures } from '../classify/geo-features';
import { usStateNamed } from './category-events';
import { eventKinds, RELEASE_MOVE_RE } from './event-kinds';

/**
 * One data release or one market move told by two trends. The event test reads "markets" and "data
 * release" as kinds of many stories (event-classes.ts: another trading day, another statistic, another
 * place), so a release or a day's market move split in two by a detection run stayed two trends
 * (docs/lab-notes/trends.md, "Why the rejoin leaves each split story apart", 2026-12-07). What makes
 * one story of them is the release's or the move's arguments: the same statistic of the same place
 * for the same period ("Unemployment rates drop in 43 US states in January" / "Florida unemployment
 * rate drops to 6.1 percent"), or the same market moving the same way on the same trading day
 * ("World stocks dip after weak China export data" / "Stocks lower on discouraging news from Asia").
 * Two releases of one week (new home sales, Case-Shiller prices) name two statistics; two places or
 * two periods, two directions or two trading days are two stories.
 */

/** Options of the release and market tests (part of the rejoin's options, rejoin-stories.ts). */
export interface ReleaseRejoinOptions {
  /**
   * Least central-headline meaning of two trends telling one data release (sameRelease); the
   * rejoin's rejoinMeaning or above switches it off. One release is told in other words ("US
   * jobless claims drop to 7-year low" / "Applications for US jobless aid dip to 300000", 0.42).
   */
  rejoinReleaseMeaning: number;
  /** Most hours between the foundings of two trends of one data release. */
  rejoinReleaseHours: number;
  /** Least such meaning of two trends telling one market move (sameMarketMove); rejoinMeaning or above switches it off. */
  rejoinMarketMeaning: number;
}

/** Defaults (docs/lab-notes/trends.md, "One data release, one market move", 2026-12-07). */
export const DEFAULT_RELEASE_REJOIN_OPTIONS: ReleaseRejoinOptions = {
  rejoinReleaseMeaning: 0.4,
  rejoinReleaseHours: 24,
  rejoinMarketMeaning: 0.6,
};

/** Which of these tests joined a pair (rejoin-stories.ts' JoiningTest). */
export type ReleaseOrMarketTest = 'data release' | 'market move';

/** What the rejoin reads of a trend for these tests (a part of its StoryView). */
interface Side {
  first_seen: number;
  central: readonly string[];
}

/**
 * The test that joins two trends as one data release or one market move, if any: their central
 * headlines agree at least rejoinReleaseMeaning (rejoinMarketMeaning) and tell the same release
 * (sameRelease, founded at most rejoinReleaseHours apart) or the same market move (sameMarketMove,
 * founded on the same trading day).
 */
export function releaseOrMarketTest(
  a: Side,
  b: Side,
  meaning: number,
  o: ReleaseRejoinOptions & { rejoinMeaning: number },
): ReleaseOrMarketTest | undefined {
  const apart = Math.abs(a.first_seen - b.first_seen);
  if (
    meaning >= o.rejoinReleaseMeaning &&
    o.rejoinReleaseMeaning < o.rejoinMeaning &&
    apart <= o.rejoinReleaseHours * 3_600_000 &&
    sameRelease(a.central, b.central)
  )
    return 'data release';
  if (
    meaning >= o.rejoinMarketMeaning &&
    o.rejoinMarketMeaning < o.rejoinMeaning &&
    tradingDay(a.first_seen) === tradingDay(b.first_seen) &&
    sameMarketMove(a.central, b.central)
  )
    return 'market move';
  return undefined;
}

/** One headline's reading of a data release: the statistic, and the place and period when it names them. */
export interface ReleaseReading {
  statistic: string;
  place?: string;
  period?: string;
}

/** Names of one statistic, as STATISTIC_RE (event-kinds.ts) finds them, and the name they read as. */
const STATISTIC_NAMES: readonly [RegExp, string][] = [
  [/^(?:jobless|unemployment) claims$/, 'jobless claims'],
  [/^(?:unemployment(?: rate)?|jobless rate)$/, 'unemployment rate'],
  [/^(?:gdp|gross domestic product|economic (?:growth|activity)|economy's growth)$/, 'gdp'],
  [/^(?:inflation|cpi|hicp|consumer prices)$/, 'consumer prices'],
  [/^(?:(?:non-?farm )?payrolls|jobs (?:report|data)|hiring)$/, 'payrolls'],
  [/^(?:industrial (?:output|production|added value|value-added)|factory output)$/, 'industrial output'],
];

/**
 * Weekly jobless claims as the wire writes them, which STATISTIC_RE does not name: "Applications for
 * US jobless aid dip to 300000", "first-time claims for unemployment benefits".
 */
const CLAIMS_RE =
  /\b(?:applications for (?:U\.?S\.? )?(?:jobless|unemployment) (?:aid|benefits)|(?:initial|first-time) (?:jobless )?claims|claims for (?:jobless|unemployment) (?:aid|benefits))\b/i;

/** Month names as a release's period: after "in", "for" or "of" ("drop in 43 states in January"); "May" alone is a verb. */
const MONTH_PERIOD_RE =
  /\b(?:in|for|of)\s+(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b\.?/;
/** A quarter as a release's period: "fourth-quarter", "final quarter", "Q4", "4Q". */
const QUARTER_RE = /\b(?:(first|second|third|fourth|final)[- ]quarter|Q([1-4])|([1-4])Q)\b/i;
const QUARTER_OF: Readonly<Record<string, string>> = { first: '1', second: '2', third: '3', fourth: '4', final: '4' };

/** The data release a headline reports (eventKinds' macro_release, or weekly claims), with its place and period. */
export function releaseReading(headline: string): ReleaseReading | undefined {
  // A market's move on a release is the market's story: "US stocks rise on upbeat retail sales".
  if (marketReading(headline) !== undefined) return undefined;
  const stat = CLAIMS_RE.test(headline) && reportsMove(headline) ? 'jobless claims' : releaseStatistic(headline);
  if (stat === undefined) return undefined;
  const month = MONTH_PERIOD_RE.exec(headline)?.[1];
  const quarter = QUARTER_RE.exec(headline);
  const period =
    month !== undefined
      ? month.slice(0, 3).toLowerCase()
      : quarter
        ? `q${QUARTER_OF[quarter[1]?.toLowerCase() ?? ''] ?? quarter[2] ?? quarter[3]}`
        : undefined;
  return { statistic: stat, place: placeOf(headline), period };
}

/** A figure or a move (event-kinds.ts' RELEASE_MOVE_RE, or a market's verbs: "dip 32000 to 300000"). */
function reportsMove(headline: string): boolean {
  return RELEASE_MOVE_RE.test(headline) || UP_RE.test(headline) || DOWN_RE.test(headline);
}

function releaseStatistic(headline: string): string | undefined {
  const stat = eventKinds(headline).macro_release?.[0];
  if (stat === undefined) return undefined;
  return STATISTIC_NAMES.find(([re]) => re.test(stat))?.[1] ?? stat;
}

/**
 * The place a headline names: a US state by name, else the first country (geo-features.ts'
 * gazetteer; "U.S." read as "US").
 */
function placeOf(headline: string): string | undefined {
  const state = usStateNamed(headline);
  if (state !== undefined) return `us:${state.toLowerCase()}`;
  const geo = geoFeatures(headline.replace(/\bU\.S\.(?:A\.)?/g, 'US')).find(
    (f) => f !== 'geo:home' && f !== 'geo:abroad',
  );
  return geo?.slice(4);
}

/**
 * Whether two trends' central headlines tell one data release: at least half of each side's read
 * one, each side's commonest statistic is the same, and so are its place and its period where both sides name one. A US state's release is
 * a part of the states' release ("43 US states in January" / "Florida unemployment rate").
 */
export function sameRelease(a: readonly string[], b: readonly string[]): boolean {
  const [ra, rb] = [a, b].map((h) => h.map(releaseReading).filter((r) => r !== undefined));
  // A release is what the side's central headlines tell, not one of them in a mixed trend.
  if (ra!.length === 0 || rb!.length === 0 || 2 * ra!.length < a.length || 2 * rb!.length < b.length) return false;
  const stat = (rs: ReleaseReading[]): string | undefined => commonest(rs.map((r) => r.statistic));
  if (stat(ra!) !== stat(rb!)) return false;
  const placeA = commonest(ra!.map((r) => r.place));
  const placeB = commonest(rb!.map((r) => r.place));
  if (placeA !== undefined && placeB !== undefined && !samePlace(placeA, placeB)) return false;
  const periodA = commonest(ra!.map((r) => r.period));
  const periodB = commonest(rb!.map((r) => r.period));
  return periodA === undefined || periodB === undefined || periodA === periodB;
}

/** The same place, or the US and one of its states (the states' release and one state's). */
function samePlace(a: string, b: string): boolean {
  if (a === b) return true;
  const inUs = (p: string): boolean => p.startsWith('us:');
  return (a === 'us' && inUs(b)) || (b === 'us' && inUs(a));
}

/** One headline's reading of a stock market's move: where, and which way. */
export interface MarketReading {
  market?: string;
  direction: 'up' | 'down';
}

/**
 * A stock market as a headline's subject names it: stocks, an index, Wall Street; "shares" only
 * with a market's name ("European shares"), since "Dish, DirecTV shares rise" is two companies'
 * shares, and "stock" only as the market's ("Twitter stock falls" is one company's).
 */
const STOCK_MARKET_RE =
  /\b(?:stocks|equities|stock (?:markets?|futures|index(?:es)?)|wall st(?:reet)?|dow|s&p(?: 500)?|nasdaq|ftse|dax|cac|stoxx|nikkei|topix|hang seng|csi ?300|sensex)\b/i;
const SHARES_RE = /\bshares\b/i;
/** Which market moved, by the words of the headline's subject (before its verb of moving). */
const MARKETS: readonly [string, RegExp][] = [
  ['us', /\b(?:wall st(?:reet)?|dow|s&p(?: 500)?|nasdaq|u\.?s\.? (?:stocks|shares)|tech (?:stocks|shares))\b/i],
  ['europe', /\b(?:europe(?:an)?|ftse|dax|cac|stoxx|london|frankfurt|paris)\b/i],
  ['china', /\b(?:china|chinese|shanghai|shenzhen|csi ?300|hong kong|hang seng|h-shares)\b/i],
  ['japan', /\b(?:japan(?:ese)?|nikkei|topix|tokyo)\b/i],
];
/** World and global markets hold every market. */
const WORLD_RE = /\b(?:world|global|asian)\b/i;
const UP_RE =
  /\b(?:rise[sn]?|rising|rose|gain(?:s|ed)?|higher|up|rally|rallies|rallied|jump(?:s|ed)?|climb(?:s|ed)?|surge[sd]?|soar(?:s|ed)?|rebound(?:s|ed)?|advance[sd]?|record high)\b/i;
const DOWN_RE =
  /\b(?:fall(?:s|en)?|fell|lower|down|drop(?:s|ped)?|slide[sd]?|slip(?:s|ped)?|sink(?:s)?|sank|tumble[sd]?|plunge[sd]?|decline[sd]?|dip(?:s|ped)?|slump(?:s|ed)?|sell-?off|losses|lose|comedown|retreat(?:s|ed)?)\b/i;

/** The stock market's move a headline reports: a direction, and the market its subject names. */
export function marketReading(headline: string): MarketReading | undefined {
  const up = UP_RE.exec(headline);
  const down = DOWN_RE.exec(headline);
  const verb = up && (!down || up.index < down.index) ? up : down;
  if (!verb) return undefined;
  const subject = headline.slice(0, verb.index);
  const market = WORLD_RE.test(subject) ? 'world' : MARKETS.find(([, re]) => re.test(subject))?.[0];
  if (!STOCK_MARKET_RE.test(subject) && !(SHARES_RE.test(subject) && market !== undefined)) return undefined;
  return { market, direction: verb === up ? 'up' : 'down' };
}

/**
 * Whether two trends' central headlines tell one stock market's move: each side's commonest
 * direction is the same, and their markets are where both name one (world markets hold every
 * market: "World stocks dip" and "Stocks lower" the same day).
 */
export function sameMarketMove(a: readonly string[], b: readonly string[]): boolean {
  const [ma, mb] = [a, b].map((h) => h.map(marketReading).filter((r) => r !== undefined));
  if (ma!.length === 0 || mb!.length === 0) return false;
  if (commonest(ma!.map((r) => r.direction)) !== commonest(mb!.map((r) => r.direction))) return false;
  const marketA = commonest(ma!.map((r) => r.market).filter((m) => m !== 'world'));
  const marketB = commonest(mb!.map((r) => r.market).filter((m) => m !== 'world'));
  return marketA === undefined || marketB === undefined || marketA === marketB;
}

/**
 * The trading day a report at this time tells (a day number): reports to 06:00 UTC tell the day
 * before (New York's evening), Saturday's and Sunday's tell Friday's.
 */
export function tradingDay(at: number): number {
  const day = Math.floor((at - 6 * 3_600_000) / 86_400_000);
  // Day 0 (1970-01-01) was a Thursday: day % 7 is 2 on a Saturday, 3 on a Sunday.
  const weekday = ((day % 7) + 7) % 7;
  return weekday === 2 ? day - 1 : weekday === 3 ? day - 2 : day;
}

/** The commonest defined value (the first of equals in order of appearance), or undefined. */
function commonest<T>(values: readonly (T | undefined)[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) if (v !== undefined) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  for (const [v, n] of counts) if (best === undefined || n > counts.get(best)!) best = v;
  return best;
}
