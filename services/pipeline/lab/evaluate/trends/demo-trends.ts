import type { TrendDoc } from '@trendscope/core';
import { loadClassifier } from '../../../src/classify/classifier';
import { buildTrend, type TrendMember } from '../../../src/detect/build-trend';
import { detectEmbeddings } from '../../../src/detect/detect-embeddings';
import { clusterArticles, type ClusterOptions, type DetectArticle } from '../../../src/detect/cluster';
import { distinctTopics } from '../../../src/detect/distinct-topics';
import { recurringColumnIds } from '../../../src/detect/recurring-column';
import { backgroundIdf } from '../../../src/detect/idf';
import { simhash } from '../../../src/score/simhash';
import { registrableDomain } from '../../../src/articles/build-article-doc';
import { DEFAULT_REJOIN_OPTIONS, type RejoinOptions } from '../../../src/detect/rejoin-stories';
import { rejoinedAssignments } from './rejoined';
import { absorbedMembers, type AbsorbOptions } from './absorbed-members';
import { loadGiveme } from '../../corpus/giveme.corpus';
import { loadUci, type UciRow } from '../../corpus/uci.corpus';
import { givemeDetectArticles, givemeMemberTexts, uciDetectArticles } from '../../corpus/detect-articles';
import { shiftOffset } from '../../../src/feed-server/shift-to-now';
import { leadingGold } from '../../metrics/story-quality';
import { articleLabeller } from '../../metrics/corrected-gold';
import type { LabelledSet } from '../../corpus/cluster-sets';

/** Headlines `make demo` replays (infra/local/demo.sh, DEMO_UCI_LIMIT). */
export const DEMO_UCI_ROWS = 12_000;

/** Clustering and rejoin options over the defaults; `embed: false` builds without sentence embeddings (no encoder). */
export type DetectedTrendsOptions = Partial<ClusterOptions & RejoinOptions & AbsorbOptions> & { embed?: boolean };

/** A trend as the demo serves it, with the gold story or event of each member. */
export interface DemoTrend {
  trend: TrendDoc;
  titles: string[];
  /** Publishing domain of each member, in the order of `titles`. */
  domains: string[];
  gold: string[];
  /** Member article ids, in the order of `titles` (lists built in process only). */
  ids?: string[];
  /** Member leads (empty when a member has none), in the order of `titles` (lists built in process only). */
  leads?: string[];
}

/**
 * What `make demo` detects, built in-process: the 419 Giveme5W1H articles and the first 12,000 UCI
 * headlines, each corpus shifted so its newest article is `now` (as `replay --shift-to-now` does),
 * clustered and built by the production code with its defaults, in the order of
 * /v1/trends/recent (last_seen, then business_impact_score descending, then id). `options` override
 * the clustering and rejoin defaults (ablations).
 */
export async function demoTrends(
  now = new Date('2026-11-23T12:00:00Z'),
  options: DetectedTrendsOptions = {},
  /** The clock the trends are built at (velocity moves with it); `now` unless given. */
  builtAt: Date = now,
): Promise<DemoTrend[]> {
  const { articles, gold, uciRows } = demoArticles(now);
  return detectedTrends(articles, gold, uciRows, now, options, builtAt);
}

/**
 * The articles `make demo` replays, each corpus shifted so its newest article is `now`, with the
 * gold story or event of each ("uci:..." / "giveme:...") and the UCI rows (publishers).
 */
export function demoArticles(now: Date): { articles: DetectArticle[]; gold: Map<string, string>; uciRows: UciRow[] } {
  const giveme = givemeDetectArticles(loadGiveme());
  const uciRows = loadUci().slice(0, DEMO_UCI_ROWS);
  const uci = uciDetectArticles(uciRows);
  const articles = [...shift(giveme.articles, now), ...shift(uci.articles, now)];
  const gold = new Map([...giveme.gold].map(([id, g]) => [id, `giveme:${g}`]));
  for (const [id, g] of uci.gold) gold.set(id, `uci:${g}`);
  return { articles, gold, uciRows };
}

/**
 * Trends of a labelled set as detection makes and serves them: recurring columns left out,
 * clustered, rejoined (rejoin-stories.ts) and built by the production code (UCI rows give publisher and URL, Giveme5W1H
 * pages their URL's registrable domain: pageDomain), in the order of /v1/trends/recent.
 */
export async function detectedTrends(...args: Parameters<typeof detectedTrendsBuilt>): Promise<DemoTrend[]> {
  return (await detectedTrendsBuilt(...args)).trends;
}

/** What detectedTrends built from: each trend's members (by trend id) and the run's sentence embeddings. */
export interface BuiltTrends {
  trends: DemoTrend[];
  members: Map<string, TrendMember[]>;
  embedText?: (text: string) => Float32Array | undefined;
}

/** detectedTrends with what the trends were built from (lab tools that rebuild a part of a trend). */
export async function detectedTrendsBuilt(
  articles: readonly DetectArticle[],
  gold: ReadonlyMap<string, string>,
  uciRows: readonly UciRow[],
  now: Date,
  options: DetectedTrendsOptions = {},
  /** The clock the trends are built at (velocity moves with it); `now` unless given. */
  builtAt: Date = now,
): Promise<BuiltTrends> {
  const publisher = new Map(uciRows.map((r) => [`uci-${r.id}`, r]));
  const idf = backgroundIdf();
  const classifier = loadClassifier();
  const domainOf = publisherDomain(uciRows);
  const clustered = withoutColumnEditions(articles, domainOf);
  const result = clusterArticles(clustered, [], { now, idf, ...options });
  const rejoined = await rejoinedAssignments(clustered, result.assignments, idf, options);
  // Small trends' members moved into the large trend they read as, as detection does after the
  // rejoin (absorb-members.ts; `absorbMeaning: 0` leaves it out); its printed moves (PRINT_ABSORB=1)
  // say SAME or OTHER by the labels corrected by reading.
  const absorbMeaning = options.absorbMeaning ?? DEFAULT_REJOIN_OPTIONS.absorbMeaning;
  const readLabel = absorbMeaning > 0 && process.env.PRINT_ABSORB ? articleLabeller() : undefined;
  const absorbed =
    absorbMeaning > 0
      ? await absorbedMembers(clustered, rejoined, idf, { ...options, absorbMeaning }, (id) => {
          const g = gold.get(id);
          return g === undefined || !readLabel ? undefined : readLabel(id, g);
        })
      : rejoined;
  // Then, as detection does, one more rejoin over the trends the absorb changed (detect-apply.ts absorbAndRejoin).
  const changed = new Set(
    [...absorbed].filter(([a, t]) => rejoined.get(a) !== t).flatMap(([a, t]) => [t, rejoined.get(a)!]),
  );
  const assignments =
    changed.size > 0 ? await rejoinedAssignments(clustered, absorbed, idf, options, changed) : absorbed;
  const groups = new Map<string, DetectArticle[]>();
  for (const a of articles) {
    const t = assignments.get(a.id);
    if (t) groups.set(t, [...(groups.get(t) ?? []), a]);
  }
  const memberLists = [...groups].map(([id, list]) => [id, list, list.map(member)] as const);
  // As detection does when the encoder is there: sentence embeddings of what the trends read
  // (impact, category voters, the headlines whose centre of meaning chooses the topic).
  const embedText =
    options.embed === false
      ? undefined
      : (
          await detectEmbeddings(
            memberLists.map(([, , members]) => members),
            idf,
            classifier,
            console,
          )
        ).embedText;
  const out: DemoTrend[] = [];
  for (const [id, list, members] of memberLists) {
    const trend = buildTrend(id, members, {
      now: builtAt,
      classifier,
      idf,
      domainQuality: new Map(),
      ...(embedText ? { embedText } : {}),
    });
    out.push({
      trend,
      titles: list.map((a) => a.title),
      domains: list.map(domainOf),
      gold: list.map((a) => gold.get(a.id)!),
      ids: list.map((a) => a.id),
      // What a summary is taken from: the description, else the body's opening (summarise).
      leads: members.map((m) => [m.description, m.body?.slice(0, 600)].filter(Boolean).join('\n')),
    });
  }
  function member(a: DetectArticle): TrendMember {
    const row = publisher.get(a.id);
    const domain = domainOf(a);
    return {
      id: a.id,
      time: a.time,
      url: row?.url ?? givemeUrls().get(a.id) ?? `https://${domain}/${a.id}`,
      title: a.title,
      // A page's meta description and body apart, as the pipeline stores and reads them.
      ...(row ? { description: null, body: null } : givemeMemberTexts(a)),
      publisher: row?.publisher ?? domain,
      domain,
      author: null,
      published_date: new Date(a.time).toISOString(),
      word_count: 0,
      fetch_method: row ? 'feed' : 'page',
      language: 'en',
      simhash: simhash(a.title),
      content_retained: !row,
    };
  }
  // As runDetect does: no two listed trends show one topic.
  const renamed = distinctTopics(out.map((d) => d.trend));
  for (const d of out) d.trend.topic = renamed.get(d.trend.id) ?? d.trend.topic;
  const trends = out.sort(
    (a, b) =>
      b.trend.last_seen.localeCompare(a.trend.last_seen) ||
      b.trend.business_impact_score - a.trend.business_impact_score ||
      (a.trend.id < b.trend.id ? -1 : 1),
  );
  return {
    trends,
    members: new Map(memberLists.map(([id, , members]) => [id, members])),
    ...(embedText ? { embedText } : {}),
  };
}

let givemeUrlMap: Map<string, string> | undefined;

/** Each Giveme5W1H page's URL by article id (read once). */
function givemeUrls(): ReadonlyMap<string, string> {
  givemeUrlMap ??= new Map(loadGiveme().map((r) => [r.id, r.url]));
  return givemeUrlMap;
}

/** An article's publishing domain: its UCI row's host, or the page's (pageDomain). */
export function publisherDomain(uciRows: readonly UciRow[]): (a: DetectArticle) => string {
  const publisher = new Map(uciRows.map((r) => [`uci-${r.id}`, r]));
  return (a) => publisher.get(a.id)?.hostname.replace(/^www\./, '') ?? pageDomain(a.id);
}

/**
 * The articles detection clusters: as runDetect does (columnReports), editions of a recurring
 * column (recurringColumnIds, by publisher and title template) are left out of clustering.
 */
export function withoutColumnEditions<A extends DetectArticle>(
  articles: readonly A[],
  domainOf: (a: A) => string,
): A[] {
  const columns = recurringColumnIds(articles.map((a) => ({ ...a, domain: domainOf(a) })));
  return articles.filter((a) => !columns.has(a.id));
}

/**
 * A labelled set (cluster-sets.ts) as detection clusters it: column editions left out of its
 * articles and of the gold they are scored against (B-cubed counts a gold article missing from the
 * clustering as a singleton).
 */
export function detectedSet(set: LabelledSet): LabelledSet {
  const articles = withoutColumnEditions(set.articles, publisherDomain(set.uciRows ?? []));
  const gold = new Map(articles.map((a) => [a.id, set.gold.get(a.id)!]));
  return { ...set, articles, gold };
}

/**
 * The publishing domain of a page that is no UCI row: a Giveme5W1H page's registrable domain, as
 * the replay's article documents carry it (build-article-doc.ts, from the page's canonical URL:
 * two rt.com pages are one publisher, usa.chinadaily.com.cn is chinadaily.com.cn), so one outlet's
 * two pages are a one-publisher trend here as on a real demo, and not listed. Any other page is a
 * publisher of its own.
 */
export function pageDomain(id: string): string {
  const url = givemeUrls().get(id);
  return url ? registrableDomain(url) : `page-${id.slice(0, 6)}.example`;
}

function shift(articles: DetectArticle[], now: Date): DetectArticle[] {
  const offset = shiftOffset(
    articles.map((a) => a.time),
    now.getTime(),
  );
  return articles.map((a) => ({ ...a, time: a.time + offset }));
}

/** Positions (0-based) among the first `n` trends whose gold story an earlier trend already has. */
export function storyRepeats(trends: readonly DemoTrend[], n: number): { at: number; first: number; gold: string }[] {
  const seen = new Map<string, number>();
  const out: { at: number; first: number; gold: string }[] = [];
  trends.slice(0, n).forEach((d, i) => {
    const g = leadingGold(d);
    const first = seen.get(g);
    if (first === undefined) seen.set(g, i);
    else out.push({ at: i, first, gold: g });
  });
  return out;
}
